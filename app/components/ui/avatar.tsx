import { useCallback, useState } from 'react'
import { generateProfileAvatar } from '~/lib/ui/generated-avatar.ts'

type AvatarProps = {
  name: string
  photo?: string | null
  /** Side in CSS pixels; the generated picture is 128×128 and scales. */
  size?: number
  /** Empty when the name is written next to it, as it usually is. */
  alt?: string
}

/** The photo when there is one (and it loads), else the avatar generated from the name. */
export function Avatar({ name, photo, size = 40, alt = '' }: AvatarProps) {
  const [brokenPhoto, setBrokenPhoto] = useState<string | null>(null)
  const usePhoto = Boolean(photo) && photo !== brokenPhoto
  // A photo that failed before hydration fired its error event before React listened: ask the image itself.
  const checkPhoto = useCallback(
    (img: HTMLImageElement | null) => {
      if (img && photo) img.decode?.().catch(() => setBrokenPhoto(photo))
    },
    [photo],
  )
  // A blank name cannot be drawn (generateProfileAvatar throws for it); an empty circle beats a broken page.
  const src = usePhoto ? photo : name.trim() ? generateProfileAvatar(name) : null
  return (
    <span className="ui-avatar" style={{ width: size, height: size }}>
      {src ? (
        <img
          src={src}
          alt={alt}
          width={size}
          height={size}
          ref={usePhoto ? checkPhoto : undefined}
          onError={usePhoto ? () => setBrokenPhoto(photo ?? null) : undefined}
        />
      ) : null}
    </span>
  )
}
