import { z } from 'zod'
import { MAX_CENTAVOS } from '../catalog/money.ts'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idField, idParam, MAX_DB_INT, pathId } from '../shared/fields.ts'
import { termsMessages as m } from './terms-messages.ts'
import { pagamentoIdField, simulationDescontoField, termFields } from './terms-schemas.ts'

/**
 * A condition's payment terms and the tokenbase list (each term with a formula as a tokenbase
 * payment option). Reading: the seller's members and an invited OL's; changing: the seller's
 * members holding 'condicoes'. A formula needs the seller's tokenbase code. Decision 020.
 */
const TAGS = ['Condições: pagamentos']

export const PrazoPagamentoSchema = z
  .object({
    id: z.number().int(),
    condicao_id: z.number().int(),
    nome: z.string(),
    prazo_dias: z.number().int(),
    minimo_centavos: z.number().int(),
    formula: z.string().nullable().meta({ description: 'Fórmula tokenbase sobre a variável desconto; null = sem fórmula' }),
    created_at: z.string().meta({ format: 'date-time' }),
    updated_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'PrazoPagamentoCondicao' })

export const TERM_ORDERS = ['asc', 'desc'] as const
export const TERM_ORDERING_FIELDS = ['nome', 'prazo_dias', 'minimo_centavos', 'created_at'] as const

const actingFor = pathId(1, 'Organização inválida.')
  .optional()
  .meta({ description: 'A empresa por quem se vê a condição (a da sessão): o vendedor, ou o OL convidado' })

const conditionParam = idParam('conditionId', 'Condição inválida.', 1)

export const restorePagamentosCondicao = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restorePagamentos/{conditionId}/{order}/{orderingField}',
  tags: TAGS,
  summary: 'Os prazos de pagamento da condição, ordenados; para membros do vendedor e de um OL convidado',
  security: bearer,
  request: {
    params: z.object({
      conditionId: conditionParam,
      order: z.enum(TERM_ORDERS, { error: m.orderInvalid }).meta({ param: { name: 'order', in: 'path' }, example: 'asc' }),
      orderingField: z.enum(TERM_ORDERING_FIELDS, { error: m.orderingFieldInvalid }).meta({ param: { name: 'orderingField', in: 'path' }, example: 'prazo_dias' }),
    }),
    query: z.object({ organizacao_id: actingFor }),
  },
  responses: {
    200: jsonContent(
      z
        .object({
          pagamentos: z.array(PrazoPagamentoSchema),
          tokenbase: z.boolean().meta({ description: 'O vendedor tem código Tokenbase: fórmulas são aceitas' }),
          pode_alterar: z.boolean().meta({ description: 'Quem chama é do vendedor e tem a permissão "condicoes"' }),
        })
        .meta({ id: 'PrazosPagamentoCondicao' }),
      'Prazos de pagamento',
    ),
    404: jsonContent(MessageSchema, 'Condição não encontrada'),
    ...errorResponses,
  },
})

const condicaoIdField = idField('Informe a condição.', 'Condição inválida.', 1)

const exampleTerm = { nome: 'Boleto 28 dias', prazo_dias: 28, minimo: '500,00', formula: 'desconto / 2' }

const TermBody = z
  .object({
    nome: termFields.nome.meta({ example: 'Boleto 28 dias' }),
    prazo_dias: termFields.prazo_dias.meta({ type: 'integer', example: 28, description: 'Dias até o vencimento; 0 = à vista' }),
    minimo: termFields.minimo.meta({ type: ['string', 'null'], example: '500,00', description: 'Pedido mínimo em reais, pt-BR; vazio = sem mínimo' }),
    formula: termFields.formula.meta({ type: ['string', 'null'], example: 'desconto / 2', description: 'Fórmula tokenbase (opcional); exige o código Tokenbase do vendedor' }),
  })

export const AddPagamentoBody = TermBody.extend({ condicao_id: condicaoIdField }).meta({
  id: 'AdicionarPrazoPagamentoRequest',
  example: { condicao_id: 1, ...exampleTerm },
})

const forbidden = { 403: jsonContent(MessageSchema, 'Membro sem a permissão "condicoes"') }
const notFound = { 404: jsonContent(MessageSchema, 'A condição ou o prazo não existe, ou não é da sua empresa') }

export const addPagamento = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addPagamento',
  tags: TAGS,
  summary: 'Adiciona um prazo de pagamento à condição (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(AddPagamentoBody) },
  responses: {
    201: jsonContent(z.object({ message: z.string(), pagamento: PrazoPagamentoSchema }), 'Adicionado'),
    ...forbidden,
    ...notFound,
    ...errorResponses,
  },
})

export const AddPagamentoListBody = z
  .object({
    condicao_id: condicaoIdField,
    pagamentos: z.array(TermBody, { error: m.listRequired }).min(1, m.listRequired).max(50, m.listTooLong),
  })
  .meta({
    id: 'AdicionarPrazosPagamentoRequest',
    example: { condicao_id: 1, pagamentos: [exampleTerm, { nome: 'À vista', prazo_dias: 0, minimo: null, formula: null }] },
  })

export const addPagamentoList = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addPagamentoList',
  tags: TAGS,
  summary: 'Adiciona vários prazos de uma vez: todos ou nenhum (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(AddPagamentoListBody) },
  responses: {
    201: jsonContent(z.object({ message: z.string(), pagamentos: z.array(PrazoPagamentoSchema) }), 'Adicionados'),
    ...forbidden,
    ...notFound,
    ...errorResponses,
  },
})

export const UpdatePagamentoBody = TermBody.extend({ pagamento_id: pagamentoIdField.meta({ type: 'integer', example: 1 }) }).meta({
  id: 'AtualizarPrazoPagamentoRequest',
  example: { pagamento_id: 1, ...exampleTerm },
})

export const updatePagamento = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/updatePagamento',
  tags: TAGS,
  summary: 'Troca os campos de um prazo de pagamento (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(UpdatePagamentoBody) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), pagamento: PrazoPagamentoSchema }), 'Atualizado'),
    ...forbidden,
    ...notFound,
    ...errorResponses,
  },
})

export const deletePagamentoCondicao = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/deletePagamento/{pagamentoId}',
  tags: TAGS,
  summary: 'Exclui um prazo de pagamento da condição (permissão "condicoes")',
  security: bearer,
  request: { params: z.object({ pagamentoId: idParam('pagamentoId', m.pagamentoInvalid, 1) }) },
  responses: { 200: jsonContent(MessageSchema, 'Excluído'), ...forbidden, ...notFound, ...errorResponses },
})

export const OpcaoTokenbaseSchema = z
  .object({
    id: z.number().int().meta({ description: 'O prazo de pagamento' }),
    nome: z.string(),
    prazo_dias: z.number().int(),
    token: z.string().meta({ description: 'O código Tokenbase do vendedor' }),
    formula: z.string(),
    percent: z.string().nullable().meta({ description: 'Resultado da fórmula, em %, até 5 casas ("3.33333")' }),
    fator: z.string().nullable().meta({ description: 'percent / 100 com 5 casas ("0.03333")' }),
    valor: z.number().int().nullable().meta({ description: 'total × fator, em centavos' }),
    valor_total: z.number().int().nullable().meta({ description: 'total − valor, em centavos' }),
    erro: z.string().nullable().meta({ description: 'Quando a fórmula não dá um resultado para este desconto (divisão por zero, fora de ±100%): o motivo; os números vêm null' }),
  })
  .meta({ id: 'OpcaoTokenbase' })

export const restoreTokenbase = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreTokenbase',
  tags: TAGS,
  summary: 'A lista tokenbase: cada prazo com fórmula da condição, calculado para um desconto (%) e um total (centavos); para quem lê a condição',
  security: bearer,
  request: {
    query: z.object({
      condicao_id: z
        .string({ error: 'Informe a condição.' })
        .regex(/^\d{1,10}$/, 'Condição inválida.')
        .transform(Number)
        .refine((n) => n > 0 && n <= MAX_DB_INT, 'Condição inválida.')
        .meta({ type: 'integer', example: 1 }),
      desconto: simulationDescontoField.meta({ type: 'string', example: '10', description: 'O desconto da condição, em % (vírgula ou ponto), de 0 a 100' }),
      total: z
        .string({ error: m.totalCentavosInvalid })
        .regex(/^\d{1,10}$/, m.totalCentavosInvalid)
        .transform(Number)
        .refine((n) => n <= MAX_CENTAVOS, m.totalCentavosInvalid)
        .meta({ type: 'integer', example: 100000, description: 'O total do pedido, em centavos' }),
      organizacao_id: actingFor,
    }),
  },
  responses: {
    200: jsonContent(
      z.object({ token: z.string().nullable().meta({ description: 'null: o vendedor não tem código Tokenbase, e a lista vem vazia' }), opcoes: z.array(OpcaoTokenbaseSchema) }).meta({ id: 'ListaTokenbase' }),
      'A lista',
    ),
    404: jsonContent(MessageSchema, 'Condição não encontrada'),
    ...errorResponses,
  },
})
