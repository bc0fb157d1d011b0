/** Texts every area shares: the checks of the string rule (text.ts) that are not a field's own, and the refusals of unreadable requests. */
export const sharedMessages = {
  invalidCharacters: 'O campo contém caracteres inválidos.',
  notText: 'O campo deve ser um texto.',
  formUnreadable: 'Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.',
  formWrongType: 'Este endereço só recebe formulários.',
  formForeignOrigin: 'Este formulário não foi enviado por esta página. Recarregue a página e tente de novo.',
  badAddress: 'Endereço inválido.',
} as const
