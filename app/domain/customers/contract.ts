import { z } from 'zod'
import { exportEndpoint, importEndpoint } from '../spreadsheets/contract.ts'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam, optionalPathText, organizacaoIdField, PageQuery, paginatorSchema } from '../shared/fields.ts'
import { customerMessages as m, PAYMENT_KINDS } from './messages.ts'
import { clienteIdField, contatoEmailField, contatoNomeField, contatoTelefoneField, customerCnpjField, customerNomeField, pagamentoIdField, paymentNomeField, paymentTipoField, prazoDiasField, valorMinimoField, vendedorIdField } from './schemas.ts'
import { CUSTOMER_FILTERS, CUSTOMER_ORDERS } from './list-options.ts'

/**
 * The customer and payment-method calls under api/empresas: a seller's customers (by CNPJ,
 * linked when the company is on the platform, else pending with an invite), blocking, and the
 * payment methods of the seller and of each customer. Reads are for every member; changes need
 * the permission 'clientes'. Only sellers (types f, b, r) have customers.
 */

const TAGS = ['Clientes']
const PAY_TAGS = ['Formas de pagamento']

const orgParam = (name = 'orgId') => idParam(name, m.orgInvalid, 1)
const customerParam = idParam('customerId', m.clienteInvalid, 1)

export const CustomerSchema = z
  .object({
    id: z.number().int(),
    organizacao_id: z.number().int().meta({ description: 'O vendedor (dono do cadastro)' }),
    cnpj: z.string().meta({ description: 'Sem máscara, maiúsculo (numérico ou alfanumérico)' }),
    nome: z.string(),
    cliente_organizacao_id: z.number().int().nullable().meta({ description: 'A empresa na plataforma; null enquanto o convite está pendente' }),
    situacao: z.enum(['vinculado', 'pendente']).meta({ description: 'vinculado: a empresa está na plataforma; pendente: convidada, ainda não entrou' }),
    bloqueado: z.boolean().meta({ description: 'Um cliente bloqueado não pode comprar deste vendedor' }),
    vendedor_id: z.number().int().nullable(),
    vendedor: z.string().nullable().meta({ description: 'Nome do vendedor' }),
    contato_nome: z.string().nullable(),
    contato_email: z.string().nullable(),
    contato_telefone: z.string().nullable().meta({ description: 'Só dígitos, com DDD' }),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Cliente' })

export const CUSTOMER_EXAMPLE = {
  id: 1,
  organizacao_id: 1,
  cnpj: '33444555000181',
  nome: 'Farmácia Central',
  cliente_organizacao_id: 3,
  situacao: 'vinculado' as const,
  bloqueado: false,
  vendedor_id: 1,
  vendedor: 'Ana Paula Lima',
  contato_nome: 'Bruno Costa',
  contato_email: 'bruno@farmaciacentral.com.br',
  contato_telefone: '11987654321',
  created_at: '2026-11-01T12:00:00.000Z',
}

export const CustomerAnswer = z.object({ message: z.string(), cliente: CustomerSchema }).meta({ id: 'ClienteSalvo' })

const forbidden = { 403: jsonContent(MessageSchema, 'Não é membro, não tem a permissão "clientes", ou a empresa não vende') }
const readForbidden = { 403: jsonContent(MessageSchema, 'Não é membro, ou a empresa não vende') }
const customerNotFound = { 404: jsonContent(MessageSchema, 'O cliente não existe nesta organização') }

const FILTER_TEXT = 'todos | ativos (não bloqueados) | bloqueados | pendentes (convite não aceito) | vinculados (na plataforma); null = todos'
const ORDER_TEXT = 'nome | -nome | cnpj | -cnpj | created_at | -created_at (o "-" inverte); null = nome'

export const restoreClientes = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restoreClientes/{companyId}/{regPerPage}/{search}/{filter}/{order}',
  tags: TAGS,
  summary: 'Clientes do vendedor, paginados, com busca (nome, CNPJ, contato; sem acento nem caixa), filtro e ordenação; `null` = sem valor',
  security: bearer,
  request: {
    params: z.object({
      companyId: orgParam('companyId'),
      regPerPage: z.coerce
        .number({ error: m.perPageInvalid })
        .int(m.perPageInvalid)
        .min(1, m.perPageInvalid)
        .max(100, m.perPageInvalid)
        .meta({ param: { name: 'regPerPage', in: 'path' }, example: 20 }),
      search: optionalPathText('null', m.searchTooLong).meta({ param: { name: 'search', in: 'path' }, description: 'Texto buscado, ou null' }),
      filter: optionalPathText('null', m.filterInvalid)
        .pipe(z.enum(CUSTOMER_FILTERS, { error: m.filterInvalid }).nullable())
        .meta({ param: { name: 'filter', in: 'path' }, description: FILTER_TEXT }),
      order: optionalPathText('null', m.orderInvalid)
        .pipe(z.enum(CUSTOMER_ORDERS, { error: m.orderInvalid }).nullable())
        .meta({ param: { name: 'order', in: 'path' }, description: ORDER_TEXT }),
    }),
    query: PageQuery,
  },
  responses: {
    200: jsonContent(z.object({ clientes: paginatorSchema(CustomerSchema) }), 'Página de clientes (paginador do Laravel)'),
    ...readForbidden,
    ...errorResponses,
  },
})

export const CreateCustomerBody = z
  .object({
    organizacao_id: organizacaoIdField,
    cnpj: customerCnpjField.meta({ example: '33.444.555/0001-81', description: 'Com ou sem máscara; numérico ou alfanumérico' }),
    nome: customerNomeField.meta({ example: 'Farmácia Central' }),
    contato_nome: contatoNomeField.meta({ type: ['string', 'null'], example: 'Bruno Costa' }),
    contato_email: contatoEmailField.meta({ type: ['string', 'null'], example: 'bruno@farmaciacentral.com.br', description: 'Também recebe o convite quando a empresa não está na plataforma' }),
    contato_telefone: contatoTelefoneField.meta({ type: ['string', 'null'], example: '(11) 98765-4321' }),
    vendedor_id: vendedorIdField.nullable().optional().meta({ type: ['integer', 'null'], example: 1, description: 'Um membro ativo da equipe do vendedor' }),
  })
  .meta({
    id: 'CriarClienteRequest',
    example: {
      organizacao_id: 1,
      cnpj: '33.444.555/0001-81',
      nome: 'Farmácia Central',
      contato_nome: 'Bruno Costa',
      contato_email: 'bruno@farmaciacentral.com.br',
      contato_telefone: '(11) 98765-4321',
      vendedor_id: 1,
    },
  })

export const InviteInfoSchema = z
  .object({
    link: z.string().meta({ description: 'O link de cadastro do convite (vale 30 dias)' }),
    expires_at: z.string().meta({ format: 'date-time' }),
    enviado_para: z.string().nullable().meta({ description: 'O e-mail do contato que recebeu o convite; null quando não há e-mail (compartilhe o link)' }),
  })
  .meta({ id: 'ConviteCliente' })

export const createCliente = defineEndpoint({
  method: 'post',
  path: '/api/empresas/createCliente',
  tags: TAGS,
  summary:
    'Cadastra um cliente pelo CNPJ: se a empresa já está na plataforma, vincula; senão, o cliente fica pendente e um convite é criado (enviado ao e-mail do contato, quando houver) (permissão "clientes")',
  security: bearer,
  request: { body: jsonBody(CreateCustomerBody) },
  responses: {
    201: jsonContent(CustomerAnswer.extend({ convite: InviteInfoSchema.nullable() }), 'Cliente cadastrado; `convite` quando pendente'),
    ...forbidden,
    ...errorResponses,
  },
})

export const UpdateCustomerBody = z
  .object({
    organizacao_id: organizacaoIdField,
    cliente_id: clienteIdField.meta({ type: 'integer', example: 1 }),
    nome: CreateCustomerBody.shape.nome,
    contato_nome: CreateCustomerBody.shape.contato_nome,
    contato_email: CreateCustomerBody.shape.contato_email,
    contato_telefone: CreateCustomerBody.shape.contato_telefone,
    vendedor_id: CreateCustomerBody.shape.vendedor_id,
  })
  .meta({
    id: 'AtualizarClienteRequest',
    example: {
      organizacao_id: 1,
      cliente_id: 1,
      nome: 'Farmácia Central',
      contato_nome: 'Bruno Costa',
      contato_email: 'compras@farmaciacentral.com.br',
      contato_telefone: '(11) 3333-4444',
      vendedor_id: null,
    },
  })

export const updateCliente = defineEndpoint({
  method: 'post',
  path: '/api/empresas/updateCliente',
  tags: TAGS,
  summary: 'Altera nome, contato e vendedor de um cliente; o CNPJ não muda (permissão "clientes")',
  security: bearer,
  request: { body: jsonBody(UpdateCustomerBody) },
  responses: { 200: jsonContent(CustomerAnswer, 'Cliente atualizado'), ...forbidden, ...customerNotFound, ...errorResponses },
})

export const CustomerParams = z.object({ orgId: orgParam(), customerId: customerParam })

export const bloqueiaCliente = defineEndpoint({
  method: 'get',
  path: '/api/empresas/bloqueiaCliente/{orgId}/{customerId}',
  tags: TAGS,
  summary: 'Bloqueia um cliente: ele não pode comprar deste vendedor; bloquear de novo não muda nada (permissão "clientes")',
  security: bearer,
  request: { params: CustomerParams },
  responses: { 200: jsonContent(CustomerAnswer, 'Cliente bloqueado'), ...forbidden, ...customerNotFound, ...errorResponses },
})

export const desbloqueiaCliente = defineEndpoint({
  method: 'get',
  path: '/api/empresas/desbloqueiaCliente/{orgId}/{customerId}',
  tags: TAGS,
  summary: 'Desbloqueia um cliente; desbloquear de novo não muda nada (permissão "clientes")',
  security: bearer,
  request: { params: CustomerParams },
  responses: { 200: jsonContent(CustomerAnswer, 'Cliente desbloqueado'), ...forbidden, ...customerNotFound, ...errorResponses },
})

export const findCliente = defineEndpoint({
  method: 'get',
  path: '/api/empresas/findCliente/{orgId}/{cnpj}',
  tags: TAGS,
  summary: 'Antes de cadastrar: este CNPJ já é meu cliente? A empresa já está na plataforma?',
  security: bearer,
  request: {
    params: z.object({
      orgId: orgParam(),
      cnpj: customerCnpjField.meta({ param: { name: 'cnpj', in: 'path' }, example: '33444555000181', description: 'Sem máscara (a barra da máscara não cabe no caminho)' }),
    }),
  },
  responses: {
    200: jsonContent(
      z
        .object({
          cnpj: z.string(),
          cliente: CustomerSchema.nullable().meta({ description: 'O cadastro, quando já é cliente' }),
          organizacao: z
            .object({ organizacao_id: z.number().int(), nome: z.string(), tipo: z.string() })
            .nullable()
            .meta({ description: 'A empresa, quando está na plataforma' }),
        })
        .meta({ id: 'ClienteBusca' }),
      'Resultado',
    ),
    ...readForbidden,
    ...errorResponses,
  },
})

// ---------------------------------------------------------------------------
// Payments

export const PaymentMethodSchema = z
  .object({
    id: z.number().int(),
    organizacao_id: z.number().int(),
    nome: z.string(),
    tipo: z.enum(PAYMENT_KINDS).meta({ description: 'boleto | pix | cartao | credito (crédito em carteira)' }),
    prazo_dias: z.number().int(),
    valor_minimo_centavos: z.number().int(),
    clientes: z.number().int().meta({ description: 'Quantos clientes podem usá-la' }),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'FormaPagamento' })

export const restorePagamentos = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restorePagamentos/{orgId}/{search}',
  tags: PAY_TAGS,
  summary: 'Formas de pagamento do vendedor, por nome; busca pelo nome (`null` = todas)',
  security: bearer,
  request: { params: z.object({ orgId: orgParam(), search: optionalPathText('null', m.searchTooLong).meta({ param: { name: 'search', in: 'path' } }) }) },
  responses: { 200: jsonContent(z.object({ pagamentos: z.array(PaymentMethodSchema) }), 'Formas de pagamento'), ...readForbidden, ...errorResponses },
})

export const CreatePaymentBody = z
  .object({
    organizacao_id: organizacaoIdField,
    nome: paymentNomeField.meta({ example: 'Boleto 28 dias' }),
    tipo: paymentTipoField.meta({ example: 'boleto' }),
    prazo_dias: prazoDiasField.meta({ type: 'integer', example: 28, description: 'Dias até o vencimento; 0 = à vista' }),
    valor_minimo: valorMinimoField.meta({ type: ['string', 'null'], example: '1.234,56', description: 'Valor mínimo do pedido em reais, como digitado (pt-BR); vazio = sem mínimo' }),
  })
  .meta({ id: 'CriarFormaPagamentoRequest', example: { organizacao_id: 1, nome: 'Boleto 28 dias', tipo: 'boleto', prazo_dias: 28, valor_minimo: '500,00' } })

export const createPagamento = defineEndpoint({
  method: 'post',
  path: '/api/empresas/createPagamento',
  tags: PAY_TAGS,
  summary: 'Cria uma forma de pagamento do vendedor (permissão "clientes")',
  security: bearer,
  request: { body: jsonBody(CreatePaymentBody) },
  responses: {
    201: jsonContent(z.object({ message: z.string(), pagamento: PaymentMethodSchema }), 'Forma de pagamento criada'),
    ...forbidden,
    ...errorResponses,
  },
})

export const deletePagamento = defineEndpoint({
  method: 'get',
  path: '/api/empresas/deletePagamento/{id}',
  tags: PAY_TAGS,
  summary: 'Exclui uma forma de pagamento; os clientes que podiam usá-la deixam de poder (a mensagem diz quantos) (permissão "clientes" na organização dela)',
  security: bearer,
  request: { params: z.object({ id: idParam('id', 'Forma de pagamento inválida.', 1) }) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), clientes_afetados: z.number().int() }), 'Excluída'),
    403: jsonContent(MessageSchema, 'Membro sem a permissão "clientes"'),
    404: jsonContent(MessageSchema, 'Não existe, ou é de uma organização da qual você não é membro'),
    ...errorResponses,
  },
})

export const CustomerPaymentBody = z
  .object({
    organizacao_id: organizacaoIdField,
    cliente_id: clienteIdField.meta({ type: 'integer', example: 1 }),
    pagamento_id: pagamentoIdField.meta({ type: 'integer', example: 1 }),
  })
  .meta({ id: 'PagamentoClienteRequest', example: { organizacao_id: 1, cliente_id: 1, pagamento_id: 1 } })

const notFoundBoth = { 404: jsonContent(MessageSchema, 'O cliente ou a forma de pagamento não existe nesta organização') }

export const addPagamentoCliente = defineEndpoint({
  method: 'post',
  path: '/api/empresas/addPagamentoCliente',
  tags: PAY_TAGS,
  summary: 'Permite que o cliente pague com esta forma; permitir de novo não muda nada (permissão "clientes")',
  security: bearer,
  request: { body: jsonBody(CustomerPaymentBody) },
  responses: { 200: jsonContent(MessageSchema, 'Permitida'), ...forbidden, ...notFoundBoth, ...errorResponses },
})

export const deletePagamentoCliente = defineEndpoint({
  method: 'post',
  path: '/api/empresas/deletePagamentoCliente',
  tags: PAY_TAGS,
  summary: 'Retira do cliente esta forma de pagamento (permissão "clientes")',
  security: bearer,
  request: { body: jsonBody(CustomerPaymentBody) },
  responses: { 200: jsonContent(MessageSchema, 'Retirada'), ...forbidden, ...notFoundBoth, ...errorResponses },
})

export const CustomerPaymentSchema = PaymentMethodSchema.omit({ clientes: true })
  .extend({ permitido: z.boolean().meta({ description: 'O cliente pode usá-la' }) })
  .meta({ id: 'FormaPagamentoCliente' })

const CustomerPaymentsAnswer = z
  .object({ cliente: z.object({ id: z.number().int(), nome: z.string() }), pagamentos: z.array(CustomerPaymentSchema) })
  .meta({ id: 'PagamentosCliente' })

export const restorePagamentosCliente = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restorePagamentosCliente/{orgId}/{customerId}',
  tags: PAY_TAGS,
  summary: 'Todas as formas de pagamento do vendedor, cada uma com `permitido` para este cliente',
  security: bearer,
  request: { params: CustomerParams },
  responses: { 200: jsonContent(CustomerPaymentsAnswer, 'Formas de pagamento do cliente'), ...readForbidden, ...customerNotFound, ...errorResponses },
})

export const addPagamentosCliente = defineEndpoint({
  method: 'get',
  path: '/api/empresas/addPagamentosCliente/{orgId}/{customerId}',
  tags: PAY_TAGS,
  summary: 'Permite ao cliente todas as formas de pagamento do vendedor (permissão "clientes")',
  security: bearer,
  request: { params: CustomerParams },
  responses: { 200: jsonContent(CustomerPaymentsAnswer.extend({ message: z.string() }), 'Todas permitidas'), ...forbidden, ...customerNotFound, ...errorResponses },
})

export const deletePagamentosCliente = defineEndpoint({
  method: 'get',
  path: '/api/empresas/deletePagamentosCliente/{orgId}/{customerId}',
  tags: PAY_TAGS,
  summary: 'Retira do cliente todas as formas de pagamento (permissão "clientes")',
  security: bearer,
  request: { params: CustomerParams },
  responses: { 200: jsonContent(CustomerPaymentsAnswer.extend({ message: z.string() }), 'Todas retiradas'), ...forbidden, ...customerNotFound, ...errorResponses },
})

export const importClientes = importEndpoint({
  path: '/api/empresas/importClientes',
  tags: TAGS,
  summary: 'Importa uma planilha de clientes (xlsx ou csv) em segundo plano: tudo ou nada; um cliente achado pelo CNPJ é atualizado (permissão "clientes")',
})

export const exportClientes = exportEndpoint({
  path: '/api/empresas/exportClientes/{id}',
  tags: TAGS,
  summary: 'Os clientes da organização em xlsx (as colunas da importação); para membros',
})
