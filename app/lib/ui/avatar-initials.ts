export const AVATAR_NAME_REQUIRED = 'Name is required in generateProfileAvatar function'

/**
 * Initials from up to two words longer than 2 characters ('Maria da Silva' → 'MS');
 * if one initial results, the first two letters ('Ana' → 'AN'). A name whose words are all
 * short ('Jo', 'Li Wu') gives no initial at all and is treated the same way, so an avatar
 * never comes out blank.
 */
export function avatarInitials(name: string) {
  if (!name.trim()) throw new Error(AVATAR_NAME_REQUIRED)
  const initials = name
    .trim()
    .split(/\s+/)
    .filter((word) => Array.from(word).length > 2)
    .slice(0, 2)
    .map((word) => Array.from(word)[0])
  const letters = initials.length === 2 ? initials : Array.from(name.replace(/\s+/g, '')).slice(0, 2)
  return letters.join('').toLocaleUpperCase('pt-BR')
}
