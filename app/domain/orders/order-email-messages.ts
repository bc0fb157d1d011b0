/**
 * Removing an order e-mail asks first. A module of its own: the visiting card's screen shows these, and
 * the orders' messages (the API's and the orders screens') would come with them into its script.
 */
export const orderEmailConfirm = {
  title: 'Por favor, confirme:',
  question: (email: string) => `Deseja mesmo excluir o email ${email}?`,
  yes: 'Sim',
  no: 'Não',
}
