const AVATAR_URL = /^https?:\/\/\S+\.(jpg|jpeg|gif|png|tiff|bmp|svg|blob)$/i

/** An avatar is kept only if it is an http(s) URL ending in an image extension. */
export function keepAvatar(url: string | null | undefined): string | null {
  return url && AVATAR_URL.test(url) ? url : null
}
