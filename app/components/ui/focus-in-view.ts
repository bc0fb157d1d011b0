/**
 * Takes the keyboard to `element` and brings it where the reader looks: focus alone scrolls a tall element to
 * wherever it happens to fit (often under the sticky header), so the scroll is asked for separately.
 */
export function focusInView(element: HTMLElement | null | undefined, block: ScrollLogicalPosition) {
  if (!element) return
  element.focus({ preventScroll: true })
  element.scrollIntoView({ block })
}
