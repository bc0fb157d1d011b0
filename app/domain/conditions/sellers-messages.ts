/** Portuguese texts of a condition's sellers (vendedores): API answers, form errors and the section. */
export const sellersMessages = {
  perPageInvalid: 'A quantidade por página deve ser de 1 a 100.',
  searchTooLong: 'A busca deve ter no máximo 255 caracteres.',
  conditionRequired: 'A condição é obrigatória.',
  conditionInvalid: 'Condição inválida.',
  orgInvalid: 'Organização inválida.',
  userRequired: 'Escolha um membro da equipe.',
  userInvalid: 'Membro inválido.',
  usersRequired: 'Escolha ao menos um membro da equipe.',
  cargoInvalid: 'Cargo inválido.',
  cargosRequired: 'Escolha ao menos um cargo.',
  tooMany: 'No máximo 500 por vez.',
  notAMember: 'Não é um membro ativo da equipe do vendedor.',
  notACargo: 'Não é um cargo da equipe do vendedor.',
  sellerNotFound: 'Este membro não vende esta condição.',
  cargoNotFound: 'Este cargo não vende esta condição.',
  added: (n: number, already: number) =>
    n === 0 ? 'Nada novo: todos já vendiam esta condição.' : `${n === 1 ? '1 vendedor adicionado' : `${n} vendedores adicionados`}${already ? ` (${already} já vendia${already === 1 ? '' : 'm'})` : ''}.`,
  cargosAdded: (n: number, already: number) =>
    n === 0 ? 'Nada novo: todos os cargos já vendiam esta condição.' : `${n === 1 ? '1 cargo adicionado' : `${n} cargos adicionados`}${already ? ` (${already} já vendia${already === 1 ? '' : 'm'})` : ''}.`,
  removed: (n: number) => (n === 1 ? 'Vendedor removido.' : `${n} vendedores removidos.`),
  cargoRemoved: 'Cargo removido dos vendedores.',
  // Screen
  heading: 'Vendedores',
  addMembers: 'Adicionar membros',
  addCargos: 'Adicionar cargos',
  empty: 'Ninguém vende esta condição ainda.',
  readOnly: 'Você pode ver os vendedores, mas não alterá-los.',
}
