import { avatarInitials } from './avatar-initials.ts'

/** 128×128, background #E3E8FF, text #7189F2, bold 64px. */
export const GENERATED_AVATAR = { size: 128, background: '#E3E8FF', color: '#7189F2', fontSize: 64 } as const

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/**
 * The generated profile picture as an SVG data URL: the same text on the server and in the
 * browser (no canvas needed), so it renders in the first HTML and hydrates unchanged.
 * Throws for an empty name, as avatarInitials does.
 */
export function generateProfileAvatar(name: string) {
  const { size, background, color, fontSize } = GENERATED_AVATAR
  const text = avatarInitials(name).replace(/[&<>"']/g, (c) => XML_ESCAPES[c])
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">` +
    `<rect width="${size}" height="${size}" fill="${background}"/>` +
    `<text x="50%" y="50%" dominant-baseline="central" text-anchor="middle" fill="${color}" ` +
    `font-family="Arial, Helvetica, sans-serif" font-size="${fontSize}" font-weight="bold">${text}</text>` +
    `</svg>`
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}
