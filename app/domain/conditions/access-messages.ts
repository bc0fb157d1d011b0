/** Texts every condition call answers when a condition cannot be reached (shared by all its areas). */
export const conditionAccessMessages = {
  conditionNotFound: 'Condição não encontrada.',
  notTheSeller: 'Só a empresa dona da condição pode alterá-la.',
}
