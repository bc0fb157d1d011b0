/** Texts every area shares: the checks of the string rule (text.ts) that are not a field's own. */
export const sharedMessages = {
  invalidCharacters: 'O campo contém caracteres inválidos.',
  notText: 'O campo deve ser um texto.',
} as const
