/**
 * A decorative avatar: the picture, or the name's initial drawn by CSS (`data-initial`). The initial is no
 * text of the page, so the visible text of the link or summary around it is exactly the name its
 * aria-label contains (WCAG 2.5.3, axe's label-content-name-mismatch).
 */
export function AvatarMark({ className, src, name }: { className: string; src: string | null; name: string }) {
  return (
    <span className={className} aria-hidden="true" data-initial={src ? undefined : name.slice(0, 1).toUpperCase()}>
      {src ? <img src={src} alt="" /> : null}
    </span>
  )
}
