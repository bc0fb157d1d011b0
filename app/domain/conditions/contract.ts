import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam, optionalPathText, organizacaoIdField, PageQuery, paginatorSchema } from '../shared/fields.ts'
import { CondicaoSchema, TABLE_TYPES } from './condition.ts'
import { conditionMessages as m } from './messages.ts'
import {
  CONDITION_COLUMN_IDS,
  CONDITION_FILTERS,
  CONDITION_LIST_TYPES,
  CONDITION_ORDER_FIELDS,
  conditionFields,
  conditionIdField,
  MinimumsFormSchema,
  tipoTabelaField,
  vigenciaInOrder,
  whenDatesParsed,
  visivelField,
} from './schemas.ts'

/**
 * The conditions list under api/condicoes: create, list (the company's own, or the
 * ones it serves as an invited OL), activate/deactivate one or many, edit, minimums, delete, switch the
 * table type and choose the product table's columns. Reading needs membership; changing needs the
 * permission 'condicoes'. A condition of another company answers 404, as one that does not exist.
 */

const TAGS = ['Condições']

export const CondicaoListaSchema = CondicaoSchema.extend({
  vendedor: z.object({ id: z.number().int(), nome: z.string() }).meta({ description: 'A empresa dona da condição' }),
  parceiro: z
    .object({ status: z.enum(['pendente', 'aceito']), desconto_extra: z.string() })
    .nullable()
    .meta({ description: "Só no tipo 'O': o convite desta empresa como OL" }),
  produtos: z.number().int().meta({ description: 'Produtos na condição' }),
  compradores: z.number().int().meta({ description: 'Compradores (clientes ou bandeiras)' }),
  ols: z.number().int().meta({ description: 'OLs convidados (pendentes ou aceitos)' }),
}).meta({ id: 'CondicaoLista' })

const forbidden = { 403: jsonContent(MessageSchema, 'Não é membro, não tem a permissão "condicoes", ou a empresa não vende') }
const readForbidden = { 403: jsonContent(MessageSchema, 'Não é membro da empresa') }
const notFound = { 404: jsonContent(MessageSchema, 'A condição não existe ou não é desta empresa (nada muda)') }

const companyParam = idParam('companyId', 'Empresa inválida.', 1)
const conditionParam = idParam('conditionId', m.conditionInvalid, 1)

/** The 7 path parameters of restoreCondicoes; `null` is "no value" (the default) as in the spec's other lists. */
const ListParams = z.object({
  companyId: companyParam,
  regPerPage: z.coerce
    .number({ error: m.perPageInvalid })
    .int(m.perPageInvalid)
    .min(1, m.perPageInvalid)
    .max(100, m.perPageInvalid)
    .meta({ param: { name: 'regPerPage', in: 'path' }, example: 20 }),
  search: optionalPathText('null', m.searchTooLong).meta({ param: { name: 'search', in: 'path' }, description: 'Texto buscado no nome (sem acento nem caixa), ou null' }),
  order: optionalPathText('asc', m.orderInvalid)
    .pipe(z.enum(['asc', 'desc'], { error: m.orderInvalid }).nullable())
    .meta({ param: { name: 'order', in: 'path' }, description: 'asc | desc; null = asc' }),
  orderingField: optionalPathText('nome', m.orderingFieldInvalid)
    .pipe(z.enum(CONDITION_ORDER_FIELDS, { error: m.orderingFieldInvalid }).nullable())
    .meta({ param: { name: 'orderingField', in: 'path' }, description: 'nome | created_at | inicio | fim | tipo_tabela; null = nome' }),
  filter: optionalPathText('todos', m.filterInvalid)
    .pipe(z.enum(CONDITION_FILTERS, { error: m.filterInvalid }).nullable())
    .meta({ param: { name: 'filter', in: 'path' }, description: 'todos | ativas | inativas | vigentes (ativas e dentro da vigência hoje, em Brasília); null = todos' }),
  type: optionalPathText('C', m.typeInvalid)
    .pipe(z.enum(CONDITION_LIST_TYPES, { error: m.typeInvalid }).nullable())
    .meta({ param: { name: 'type', in: 'path' }, description: "C = condições da empresa; O = de outros vendedores em que a empresa é OL convidado (pendente ou aceito); null = C" }),
})

export const CondicoesPage = z
  .object({
    condicoes: paginatorSchema(CondicaoListaSchema),
    pode_alterar: z.boolean().meta({ description: 'Se quem chama tem a permissão "condicoes" nesta empresa' }),
  })
  .meta({ id: 'CondicoesPagina' })

const listEndpoint = <P extends `/${string}`>(path: P, summary: string) =>
  defineEndpoint({
    method: 'get',
    path,
    tags: TAGS,
    summary,
    security: bearer,
    request: { params: ListParams, query: PageQuery },
    responses: { 200: jsonContent(CondicoesPage, 'Página de condições (paginador do Laravel)'), ...readForbidden, ...errorResponses },
  })

export const restoreCondicoes = listEndpoint(
  '/api/condicoes/restoreCondicoes/{companyId}/{regPerPage}/{search}/{order}/{orderingField}/{filter}/{type}',
  'Condições da empresa (C) ou em que ela é OL (O), paginadas, com busca, filtro e ordenação; `null` = sem valor',
)

export const restoreCondicoesSimulador = listEndpoint(
  '/api/simulador/restoreCondicoes/{companyId}/{regPerPage}/{search}/{order}/{orderingField}/{filter}/{type}',
  'As mesmas condições, para o seletor do simulador',
)

export const restoreCondicoesAcoes = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreCondicoesAcoes/{companyId}/{active}',
  tags: TAGS,
  summary: 'Id e nome das condições da empresa, ativas (1) ou inativas (0), por nome: para seletores',
  security: bearer,
  request: {
    params: z.object({
      companyId: companyParam,
      active: z.enum(['0', '1'], { error: m.activeInvalid }).transform((v) => v === '1').meta({ param: { name: 'active', in: 'path' }, example: '1' }),
    }),
  },
  responses: {
    200: jsonContent(z.object({ condicoes: z.array(z.object({ id: z.number().int(), nome: z.string() })) }), 'As condições'),
    ...readForbidden,
    ...errorResponses,
  },
})

const CondicaoSalva = z.object({ message: z.string(), condicao: CondicaoSchema }).meta({ id: 'CondicaoSalva' })

export const CreateCondicaoBody = z
  .object({ organizacao_id: organizacaoIdField, ...conditionFields, tipo_tabela: tipoTabelaField })
  .superRefine(vigenciaInOrder, whenDatesParsed)
  .meta({
    id: 'CriarCondicaoRequest',
    example: { organizacao_id: 1, nome: 'Tabela Genéricos Novembro', tipo_tabela: 'D', inicio: '2026-11-01', fim: '2026-11-30', visivel: true },
  })

export const createCondicao = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/createCondicao',
  tags: TAGS,
  summary: "Cria uma condição: nome, tipo de tabela ('D' desconto sobre a tabela, 'L' preço líquido), vigência e visibilidade. Permissão \"condicoes\"",
  security: bearer,
  request: { body: jsonBody(CreateCondicaoBody) },
  responses: { 201: jsonContent(CondicaoSalva, 'A condição criada, ativa'), ...forbidden, ...errorResponses },
})

const IdsBody = z.array(z.object({ id: conditionIdField.meta({ type: 'integer', example: 1 }) }), { error: m.idsRequired }).min(1, m.idsRequired).max(500, m.idsTooMany)

export const ToggleCondicoesBody = z.object({ condicoes: IdsBody }).meta({ id: 'AtivaInativaCondicoesRequest', example: { condicoes: [{ id: 1 }] } })

export const MassToggleCondicoesBody = z
  .object({ condicoes: IdsBody, ativo: z.boolean({ error: m.ativoInvalid }) })
  .meta({ id: 'AtivaInativaCondicoesMassaRequest', example: { condicoes: [{ id: 1 }, { id: 2 }], ativo: false } })

const CondicoesSalvas = z.object({ message: z.string(), condicoes: z.array(CondicaoSchema) })

export const condicoesAtivaInativa = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/condicoesAtivaInativa',
  tags: TAGS,
  summary: 'Inverte a situação (ativa/inativa) de cada condição listada; todas devem ser da empresa de quem chama, senão nada muda. Permissão "condicoes"',
  security: bearer,
  request: { body: jsonBody(ToggleCondicoesBody) },
  responses: { 200: jsonContent(CondicoesSalvas, 'As condições com a nova situação'), ...forbidden, ...notFound, ...errorResponses },
})

export const condicoesAtivaInativaMassa = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/condicoesAtivaInativaMassa',
  tags: TAGS,
  summary: 'Ativa ou desativa todas as condições listadas; todas devem ser da empresa de quem chama, senão nada muda. Permissão "condicoes"',
  security: bearer,
  request: { body: jsonBody(MassToggleCondicoesBody) },
  responses: { 200: jsonContent(CondicoesSalvas, 'As condições com a nova situação'), ...forbidden, ...notFound, ...errorResponses },
})

export const UpdateCondicaoBody = z
  .object({ condicao_id: conditionIdField.meta({ type: 'integer', example: 1 }), ...conditionFields, visivel: visivelField.optional().meta({ description: 'Ausente: não muda' }) })
  .superRefine(vigenciaInOrder, whenDatesParsed)
  .meta({
    id: 'AtualizarCondicaoRequest',
    example: { condicao_id: 1, nome: 'Tabela Genéricos Dezembro', inicio: '2026-12-01', fim: '2026-12-31', visivel: true },
  })

export const updateCondicao = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/updateCondicao',
  tags: TAGS,
  summary: 'Altera nome, vigência e visibilidade de uma condição. Permissão "condicoes"',
  security: bearer,
  request: { body: jsonBody(UpdateCondicaoBody) },
  responses: { 200: jsonContent(CondicaoSalva, 'A condição alterada'), ...forbidden, ...notFound, ...errorResponses },
})

export const UpdateMinimosBody = MinimumsFormSchema.extend({ condicao_id: conditionIdField.meta({ type: 'integer', example: 1 }) }).meta({
  id: 'AtualizarMinimosCondicaoRequest',
  example: { condicao_id: 1, minimo_valor: '500,00', minimo_quantidade: 10 },
})

export const updateCondicaoMinimos = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/updateCondicaoMinimos',
  tags: TAGS,
  summary: 'Mínimos de um pedido na condição: valor (texto pt-BR como 1.234,56, guardado em centavos) e quantidade de unidades; 0 = sem mínimo. Permissão "condicoes"',
  security: bearer,
  request: { body: jsonBody(UpdateMinimosBody) },
  responses: { 200: jsonContent(CondicaoSalva, 'A condição com os novos mínimos'), ...forbidden, ...notFound, ...errorResponses },
})

export const DeleteCondicaoBody = z.object({ condicao_id: conditionIdField.meta({ type: 'integer', example: 1 }) }).meta({ id: 'ExcluirCondicaoRequest', example: { condicao_id: 1 } })

export const deleteCondicao = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/deleteCondicao',
  tags: TAGS,
  summary:
    'Exclui a condição com os seus produtos, OLs, compradores, vendedores, pagamentos e regras; recusada (422, nada excluído) quando pedidos a referenciam: desative-a. Permissão "condicoes"',
  security: bearer,
  request: { body: jsonBody(DeleteCondicaoBody) },
  responses: { 200: jsonContent(MessageSchema, 'Excluída'), ...forbidden, ...notFound, ...errorResponses },
})

export const changeTableType = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/changeTableType/{conditionId}/{tableType}',
  tags: TAGS,
  summary: 'Troca o tipo de tabela da condição e recalcula cada produto. Permissão "condicoes"',
  description:
    "D→L: cada produto recebe preço líquido = preço de tabela menos o desconto da linha, arredondado ao centavo (meio para cima); o desconto fica guardado. L→D: cada produto com preço líquido recebe desconto = (1 − líquido/tabela) × 100, com 4 casas (meio para cima), 0 quando o líquido é maior ou igual ao de tabela; o preço líquido fica guardado; uma linha sem preço líquido mantém o desconto. O mesmo tipo de novo não muda nada.",
  security: bearer,
  request: {
    params: z.object({
      conditionId: conditionParam,
      tableType: z.enum(TABLE_TYPES, { error: m.tipoTabelaInvalid }).meta({ param: { name: 'tableType', in: 'path' }, example: 'L' }),
    }),
  },
  responses: {
    200: jsonContent(z.object({ message: z.string(), condicao: CondicaoSchema, linhas: z.number().int().meta({ description: 'Produtos recalculados' }) }), 'A condição com o novo tipo'),
    ...forbidden,
    ...notFound,
    ...errorResponses,
  },
})

export const updateShortViews = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/updateShortViews/{conditionId}/{views}',
  tags: TAGS,
  summary: 'As colunas que a tabela de produtos da condição mostra, separadas por vírgula; null = as colunas padrão. Permissão "condicoes"',
  security: bearer,
  request: {
    params: z.object({
      conditionId: conditionParam,
      views: optionalPathText('ean,marca,preco_lista,desconto,preco_final', m.viewsRequired)
        .transform((v, ctx) => {
          if (v === null) return []
          const ids = [...new Set(v.split(',').map((s) => s.trim()))]
          const unknown = ids.find((id) => !(CONDITION_COLUMN_IDS as string[]).includes(id))
          if (unknown !== undefined) {
            ctx.addIssue({ code: 'custom', message: unknown === '' ? m.viewsRequired : m.viewsInvalid(unknown.slice(0, 40)) })
            return z.NEVER
          }
          return ids
        })
        .meta({ param: { name: 'views', in: 'path' }, description: `Colunas: ${CONDITION_COLUMN_IDS.join(', ')}` }),
    }),
  },
  responses: { 200: jsonContent(CondicaoSalva, 'A condição com as colunas'), ...forbidden, ...notFound, ...errorResponses },
})
