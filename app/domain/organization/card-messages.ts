/**
 * The visiting card's choice of showing the administrator to other companies (decision 044): apart from the company
 * messages, which every company screen loads, since only the visiting card's form says it.
 */
export const cardAdminMessages = {
  publishAdmin: 'Mostrar o administrador (nome e e-mail) no cartão às outras empresas',
  publishAdminCaption:
    'Clientes, fornecedores e unidades ligados à empresa veem o cartão. Sem esta opção, veem só os dados da empresa acima; quem é da equipe vê sempre o administrador.',
} as const
