import { describe, expect, test } from 'vitest'
import { AVATAR_NAME_REQUIRED, avatarInitials } from '~/lib/ui/avatar-initials.ts'
import { generateProfileAvatar } from '~/lib/ui/generated-avatar.ts'

const svgOf = (url: string) => decodeURIComponent(url.replace('data:image/svg+xml;charset=utf-8,', ''))

describe('avatar initials', () => {
  test('initials of the first two words longer than 2 characters', () => {
    expect(avatarInitials('Maria da Silva')).toBe('MS')
    expect(avatarInitials('maria da silva souza')).toBe('MS')
    expect(avatarInitials('  João   Pedro  ')).toBe('JP')
  })
  test('one initial: the first two letters instead', () => {
    expect(avatarInitials('Ana')).toBe('AN')
    expect(avatarInitials('Jo da Costa')).toBe('JO')
    expect(avatarInitials('Li Wei')).toBe('LI')
  })
  test('no word long enough: the first two letters too, spaces skipped', () => {
    expect(avatarInitials('Jo')).toBe('JO')
    expect(avatarInitials('A B')).toBe('AB')
    expect(avatarInitials('Z')).toBe('Z')
  })
  test('accented letters are kept and upper-cased', () => {
    expect(avatarInitials('ícaro élida')).toBe('ÍÉ')
  })
  test.each(['', '   '])('an empty name %j throws', (name) => {
    expect(() => avatarInitials(name)).toThrow(AVATAR_NAME_REQUIRED)
    expect(() => generateProfileAvatar(name)).toThrow('Name is required in generateProfileAvatar function')
  })
})

describe('generated avatar', () => {
  test('an SVG data URL, 128×128, background #E3E8FF, bold 64px text #7189F2 with the initials', () => {
    const url = generateProfileAvatar('Maria da Silva')
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true)
    const svg = svgOf(url)
    expect(svg).toContain('width="128" height="128"')
    expect(svg).toContain('<rect width="128" height="128" fill="#E3E8FF"/>')
    expect(svg).toMatch(/<text [^>]*fill="#7189F2"[^>]*font-size="64" font-weight="bold">MS<\/text>/)
  })
  test('the SVG is well-formed even when the name has markup characters', () => {
    const svg = svgOf(generateProfileAvatar('&&& <b>'))
    expect(svg).toContain('>&amp;&lt;</text>')
    expect(svg).not.toContain('<b')
  })
  test('the same name gives the same picture (server and browser agree)', () => {
    expect(generateProfileAvatar('Ana')).toBe(generateProfileAvatar('Ana'))
  })
})
