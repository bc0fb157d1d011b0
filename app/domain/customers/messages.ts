import { termDaysCell } from '../shared/payment-term.ts'

/** Texts of the customers and payment-methods area: calls, forms and the screen. */

export const PAYMENT_KINDS = ['boleto', 'pix', 'cartao', 'credito'] as const
export type PaymentKind = (typeof PAYMENT_KINDS)[number]

/** How each kind of payment method is named on screen and in answers. */
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  boleto: 'Boleto',
  pix: 'Pix',
  cartao: 'Cartão',
  credito: 'Crédito em carteira',
}

export const customerMessages = {
  // Fields
  cnpjRequired: 'O CNPJ é obrigatório.',
  cnpjInvalid: 'CNPJ inválido.',
  nomeRequired: 'O nome do cliente é obrigatório.',
  nomeTooLong: 'O nome do cliente deve ter no máximo 255 caracteres.',
  contatoNomeTooLong: 'O nome do contato deve ter no máximo 255 caracteres.',
  contatoEmailInvalid: 'E-mail do contato inválido.',
  contatoTelefoneInvalid: 'Telefone do contato inválido: use (00) 0000-0000 ou (00) 00000-0000.',
  vendedorInvalid: 'Vendedor inválido.',
  clienteRequired: 'O cliente é obrigatório.',
  clienteInvalid: 'Cliente inválido.',
  orgInvalid: 'Organização inválida.',
  perPageInvalid: 'A quantidade por página deve ser de 1 a 100.',
  searchTooLong: 'A busca deve ter no máximo 255 caracteres.',
  filterInvalid: 'Filtro inválido: use todos, ativos, bloqueados, pendentes ou vinculados.',
  orderInvalid: 'Ordenação inválida: use nome, -nome, cnpj, -cnpj, created_at ou -created_at.',

  // Rules the server checks
  notASeller: 'Somente empresas que vendem (fornecedor, bandeira ou revenda) têm clientes.',
  alreadyCustomer: 'Este CNPJ já é seu cliente.',
  ownCnpj: 'Não é possível cadastrar a própria empresa como cliente.',
  vendedorNotMember: 'O vendedor precisa ser um membro ativo da sua equipe.',
  customerNotFound: 'Cliente não encontrado.',

  // Answers
  created: (nome: string) => `Cliente ${nome} cadastrado.`,
  createdLinked: (nome: string) => `Cliente ${nome} cadastrado e vinculado: a empresa já está na plataforma.`,
  createdInvited: (nome: string, email: string) => `Cliente ${nome} cadastrado. Enviamos o convite para ${email}.`,
  createdInviteLink: (nome: string) => `Cliente ${nome} cadastrado. Compartilhe o link do convite para ele entrar na plataforma.`,
  updated: 'Cliente atualizado.',
  blocked: (nome: string) => `${nome} está bloqueado: não pode comprar de você até ser desbloqueado.`,
  unblocked: (nome: string) => `${nome} foi desbloqueado.`,
} as const

export const paymentMessages = {
  nomeRequired: 'O nome da forma de pagamento é obrigatório.',
  nomeTooLong: 'O nome da forma de pagamento deve ter no máximo 60 caracteres.',
  tipoInvalid: 'Escolha o tipo: Boleto, Pix, Cartão ou Crédito em carteira.',
  prazoInvalid: 'O prazo deve ser um número inteiro de dias, de 0 a 365.',
  valorInvalid: 'Valor mínimo inválido: use o formato 1.234,56.',
  valorTooLarge: 'O valor mínimo deve ser de no máximo R$ 10.000.000,00.',
  pagamentoRequired: 'A forma de pagamento é obrigatória.',
  pagamentoInvalid: 'Forma de pagamento inválida.',
  nomeTaken: 'Já existe uma forma de pagamento com este nome.',
  notFound: 'Forma de pagamento não encontrada.',

  created: (nome: string) => `Forma de pagamento ${nome} criada.`,
  deleted: (nome: string, clientes: number) =>
    clientes === 0
      ? `Forma de pagamento ${nome} excluída.`
      : `Forma de pagamento ${nome} excluída. ${clientes === 1 ? '1 cliente deixou' : `${clientes} clientes deixaram`} de poder usá-la.`,
  allowed: (pagamento: string, cliente: string) => `${cliente} pode pagar com ${pagamento}.`,
  removed: (pagamento: string, cliente: string) => `${cliente} não pode mais pagar com ${pagamento}.`,
  allowedAll: (cliente: string) => `${cliente} pode pagar com todas as formas de pagamento.`,
  removedAll: (cliente: string) => `${cliente} não tem mais formas de pagamento permitidas.`,
} as const

/** Texts only the /customers screen shows. */
export const customerScreenMessages = {
  title: 'Clientes',
  tabs: { clientes: 'Clientes', pagamentos: 'Formas de pagamento' },
  exportSheet: 'Exportar clientes (.xlsx)',
  importTitle: 'Importar clientes de uma planilha',
  readOnly: 'Você pode consultar os clientes. Para cadastrar, editar ou bloquear, peça a permissão "Gerenciar clientes".',
  searchLabel: 'Buscar cliente',
  searchPlaceholder: 'Nome, CNPJ ou contato',
  filterLabel: 'Situação',
  filters: { todos: 'Todos', ativos: 'Ativos', bloqueados: 'Bloqueados', pendentes: 'Convite pendente', vinculados: 'Na plataforma' },
  newCustomer: 'Novo cliente',
  edit: 'Editar',
  block: 'Bloquear',
  unblock: 'Desbloquear',
  payments: 'Pagamentos',
  orders: 'Pedidos',
  blockedBadge: 'Bloqueado',
  pendingBadge: 'Convite pendente',
  linkedBadge: 'Na plataforma',
  noCustomers: 'Nenhum cliente cadastrado.',
  noCustomersFound: 'Nenhum cliente encontrado com esta busca.',
  noSeller: 'Sem vendedor',
  confirmBlock: (nome: string) => `Bloquear ${nome}? Enquanto estiver bloqueado, o cliente não poderá comprar de você.`,
  confirmUnblock: (nome: string) => `Desbloquear ${nome}? O cliente voltará a poder comprar de você.`,
  customerGone: 'Este cliente não existe mais. Feche e atualize a lista.',
  paymentsOf: (nome: string) => `Formas de pagamento de ${nome}`,
  allowAll: 'Permitir todas',
  removeAll: 'Remover todas',
  noPaymentMethods: 'Nenhuma forma de pagamento cadastrada. Crie na aba Formas de pagamento.',
  paymentsSaved: 'Formas de pagamento do cliente salvas.',
  newPayment: 'Nova forma de pagamento',
  deletePayment: 'Excluir',
  confirmDeletePayment: (nome: string, clientes: number) =>
    clientes === 0
      ? `Excluir a forma de pagamento ${nome}?`
      : `Excluir a forma de pagamento ${nome}? ${clientes === 1 ? '1 cliente deixará' : `${clientes} clientes deixarão`} de poder usá-la.`,
  paymentGone: 'Esta forma de pagamento não existe mais.',
  inviteLink: 'Link do convite',
  term: termDaysCell,
  customersAllowed: (n: number) => (n === 1 ? '1 cliente' : `${n} clientes`),
} as const

/** The customers spreadsheet's texts: its per-row report reasons. */
export const customerSheetMessages = {
  textExpected: 'Use texto nesta coluna.',
  cnpjInvalid: 'CNPJ inválido (confira os dígitos verificadores).',
  emailInvalid: 'E-mail inválido.',
  bloqueadoInvalid: 'Use Sim ou Não.',
  duplicateCnpj: (linha: number) => `CNPJ repetido: já aparece na linha ${linha}.`,
  unknownSeller: 'Vendedor não encontrado: use o e-mail de um membro ativo da equipe.',
  ownCnpj: 'É o CNPJ da sua própria empresa.',
} as const
