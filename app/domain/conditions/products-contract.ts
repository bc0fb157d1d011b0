import { z } from 'zod'
import { IMPORT_MAX_MB } from '../spreadsheets/messages.ts'
import { ImportAcceptedSchema, xlsxContent } from '../spreadsheets/contract.ts'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema, multipartBody } from '../shared/contract.ts'
import { idParam, optionalPathText, PageQuery, paginatorSchema } from '../shared/fields.ts'
import { conditionProductsMessages as m } from './products-messages.ts'
import { conditionIdField, descontoField, lineChangeFields, hasChanges, lineIdsField, precoLiquidoField } from './products-schemas.ts'

/**
 * The products of a condition (its lines) under api/condicoes: the lines with
 * their prices computed on the server (restoreCondicaoProdutos), the seller's catalogue to pick
 * from (restoreProdutos), adding (importCondicao), editing and removing lines, the spreadsheet
 * import (importCondicaoList, importSemCadastro) and the export (exportCondicao). Reading: the
 * seller's members and a member of an OL invited to the condition (who sees its own extra discount
 * in the final price); changing: the seller's members holding 'condicoes'.
 *
 * The catalogue's own calls (updateProdutosList, deleteProdutos, updateProdutoAtivo,
 * updateProdutoImposto) stay the catalogue's: a condition's lines are changed by
 * updateCondicaoProdutos and deleteCondicaoProdutos, whose bodies and answers are a line's, not a
 * product's (decision in the helper's report: overloading the catalogue's bodies would give one
 * call two meanings, two permission rules and two 404s).
 */

const TAG = ['Condições: produtos']

export const LINE_FILTER_TYPES = ['todos', 'marca', 'categoria', 'ativo', 'imposto'] as const
export type LineFilterType = (typeof LINE_FILTER_TYPES)[number]
export const PICK_FILTERS = ['fora', 'dentro', 'todos'] as const
export type PickFilter = (typeof PICK_FILTERS)[number]
export const PICK_ORDERS = ['nome', 'marca', 'categoria', 'preco', 'ean'] as const
export type PickOrder = (typeof PICK_ORDERS)[number]

export const LineSchema = z
  .object({
    id: z.number().int().meta({ description: 'O produto (as chamadas de edição usam este id)' }),
    linha_id: z.number().int(),
    ean: z.string().nullable(),
    codigo: z.string().nullable(),
    nome: z.string(),
    marca: z.string().nullable(),
    categoria: z.string().nullable(),
    unidade: z.string(),
    embalagem: z.number().int(),
    imagem: z.string().nullable(),
    preco_lista_centavos: z.number().int().meta({ description: 'Preço de tabela do produto' }),
    desconto: z.string().meta({ description: 'Percentual (tabela D)', example: '12.5000' }),
    preco_liquido_centavos: z.number().int().nullable().meta({ description: 'Preço líquido (tabela L); null sem preço definido' }),
    qtd_min: z.number().int(),
    qtd_max: z.number().int().nullable(),
    multiplo: z.number().int(),
    imposto: z.boolean(),
    ativo: z.boolean(),
    produto_ativo: z.boolean().meta({ description: 'O produto no catálogo' }),
    preco_final_centavos: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Preço de 1 unidade: D = tabela menos o desconto; L = o líquido; para um OL, menos o seu desconto extra. Arredondado uma vez (meio para cima). null: linha L sem preço" }),
  })
  .meta({ id: 'CondicaoProduto' })

const countParam = (name: string) =>
  z.coerce
    .number({ error: m.perPageInvalid })
    .int(m.perPageInvalid)
    .min(1, m.perPageInvalid)
    .max(100, m.perPageInvalid)
    .meta({ param: { name, in: 'path' }, example: 20 })

const conditionParam = (name: string) => idParam(name, m.conditionInvalid, 1)

export const restoreCondicaoProdutos = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreCondicaoProdutos/{organizationId}/{conditionId}/{regPerPage}/{filterType}/{filter}/{search}',
  tags: TAG,
  summary: 'Produtos da condição com preços calculados no servidor, paginados; busca sem acentos nem caixa; `null` = sem valor',
  description:
    'organizationId é a empresa de quem chama: o vendedor, ou um OL convidado (vê o preço final com o seu desconto extra). filterType: todos | marca | categoria | ativo | imposto, com filter = a marca, a categoria, ou 1/0.',
  security: bearer,
  request: {
    params: z.object({
      organizationId: idParam('organizationId', m.orgInvalid, 1),
      conditionId: conditionParam('conditionId'),
      regPerPage: countParam('regPerPage'),
      filterType: optionalPathText('todos', m.filterTypeInvalid)
        .pipe(z.enum(LINE_FILTER_TYPES, { error: m.filterTypeInvalid }).nullable())
        .meta({ param: { name: 'filterType', in: 'path' }, description: 'todos | marca | categoria | ativo | imposto; null = todos' }),
      filter: optionalPathText('null', m.filterInvalid).meta({ param: { name: 'filter', in: 'path' }, description: 'Valor do filtro, ou null' }),
      search: optionalPathText('null', m.searchTooLong).meta({ param: { name: 'search', in: 'path' }, description: 'Texto buscado (nome, marca, categoria, EAN, código), ou null' }),
    }),
    query: PageQuery,
  },
  responses: {
    200: jsonContent(
      z.object({
        produtos: paginatorSchema(LineSchema),
        tipo_tabela: z.enum(['D', 'L']),
        desconto_extra: z.string().nullable().meta({ description: 'Para um OL: o seu desconto extra, já aplicado em preco_final_centavos' }),
        pode_alterar: z.boolean(),
      }),
      'Uma página de produtos da condição',
    ),
    404: jsonContent(MessageSchema, 'A condição não existe ou não é de quem chama'),
    ...errorResponses,
  },
})

export const PickSchema = z
  .object({
    id: z.number().int(),
    ean: z.string().nullable(),
    codigo: z.string().nullable(),
    nome: z.string(),
    marca: z.string().nullable(),
    categoria: z.string().nullable(),
    unidade: z.string(),
    preco_centavos: z.number().int(),
    ativo: z.boolean(),
    na_condicao: z.boolean(),
  })
  .meta({ id: 'ProdutoParaCondicao' })

export const restoreProdutos = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreProdutos/{conditionId}/{regPerPage}/{search}/{filter}/{filterType}/{orderingField}/{order}/{partnerType}',
  tags: TAG,
  summary: 'O catálogo do vendedor para escolher produtos da condição, com `na_condicao`; membros do vendedor',
  description:
    "filter: fora (ainda não estão na condição) | dentro | todos. filterType: todos, ou marca:<valor> / categoria:<valor> para estreitar. orderingField: nome | marca | categoria | preco | ean; order: asc | desc. partnerType: só C (o catálogo do vendedor); outro valor é recusado com 422 — um OL não escolhe produtos, vê os da condição em restoreCondicaoProdutos.",
  security: bearer,
  request: {
    params: z.object({
      conditionId: conditionParam('conditionId'),
      regPerPage: countParam('regPerPage'),
      search: optionalPathText('null', m.searchTooLong).meta({ param: { name: 'search', in: 'path' }, description: 'Texto buscado, ou null' }),
      filter: optionalPathText('fora', m.pickFilterInvalid)
        .pipe(z.enum(PICK_FILTERS, { error: m.pickFilterInvalid }).nullable())
        .meta({ param: { name: 'filter', in: 'path' }, description: 'fora | dentro | todos; null = todos' }),
      filterType: optionalPathText('todos', m.pickFilterTypeInvalid)
        .refine((v) => v === null || v === 'todos' || /^(marca|categoria):.+$/.test(v), m.pickFilterTypeInvalid)
        .meta({ param: { name: 'filterType', in: 'path' }, description: 'todos | marca:<valor> | categoria:<valor>' }),
      orderingField: optionalPathText('nome', m.orderingFieldInvalid)
        .pipe(z.enum(PICK_ORDERS, { error: m.orderingFieldInvalid }).nullable())
        .meta({ param: { name: 'orderingField', in: 'path' } }),
      order: optionalPathText('asc', m.orderInvalid)
        .pipe(z.enum(['asc', 'desc'], { error: m.orderInvalid }).nullable())
        .meta({ param: { name: 'order', in: 'path' } }),
      partnerType: z.enum(['C'], { error: m.partnerTypeInvalid }).meta({ param: { name: 'partnerType', in: 'path' }, example: 'C' }),
    }),
    query: PageQuery,
  },
  responses: {
    200: jsonContent(z.object({ produtos: paginatorSchema(PickSchema) }), 'Uma página do catálogo'),
    404: jsonContent(MessageSchema, 'A condição não existe ou não é de quem chama'),
    ...errorResponses,
  },
})

const forbidden = { 403: jsonContent(MessageSchema, 'Membro do vendedor sem a permissão "condicoes"') }
const notFound = { 404: jsonContent(MessageSchema, 'A condição não existe ou não é de quem chama') }

export const AddLinesBody = z
  .object({
    condicao_id: conditionIdField.meta({ type: 'integer', example: 1 }),
    produtos: lineIdsField.meta({ type: 'array', items: { type: 'integer' }, example: [1, 2, 3] }),
    desconto: descontoField.optional(),
    preco: precoLiquidoField.optional(),
  })
  .meta({ id: 'AdicionarProdutosCondicaoRequest', example: { condicao_id: 1, produtos: [1, 2, 3], desconto: '10' } })

export const importCondicao = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/importCondicao',
  tags: TAG,
  summary: 'Adiciona produtos do catálogo à condição (um ou vários), com desconto (D) ou preço líquido (L) opcionais; os que já estão ficam como estão',
  security: bearer,
  request: { body: jsonBody(AddLinesBody) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), criadas: z.number().int(), existentes: z.number().int() }), 'Produtos adicionados'),
    ...forbidden,
    ...notFound,
    ...errorResponses,
  },
})

export const UpdateLinesBody = z
  .object({
    condicao_id: conditionIdField.meta({ type: 'integer', example: 1 }),
    ids: lineIdsField.meta({ type: 'array', items: { type: 'integer' }, example: [1, 2], description: 'Ids dos produtos (linhas da condição)' }),
    ...lineChangeFields,
  })
  .refine(({ condicao_id: _c, ids: _i, ...changes }) => hasChanges(changes), { message: m.bulkNothing, path: ['body'] })
  .meta({ id: 'AtualizarProdutosCondicaoRequest', example: { condicao_id: 1, ids: [1, 2], desconto: '12,5', qtd_min: 6, multiplo: 6 } })

export const updateCondicaoProdutos = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/updateCondicaoProdutos',
  tags: TAG,
  summary: 'Edita uma ou várias linhas da condição: desconto (D) ou preço líquido (L), qtd mínima e máxima, múltiplo, imposto, ativo; o que não vem fica',
  description: 'Quantidades: mínima ≥ 1, máxima vazia ou ≥ mínima, e ambas múltiplas do múltiplo (conferido em cada linha com os valores finais).',
  security: bearer,
  request: { body: jsonBody(UpdateLinesBody) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), atualizados: z.number().int() }), 'Linhas atualizadas'),
    ...forbidden,
    ...notFound,
    ...errorResponses,
  },
})

export const DeleteLinesBody = z
  .object({
    condicao_id: conditionIdField.meta({ type: 'integer', example: 1 }),
    ids: lineIdsField.meta({ type: 'array', items: { type: 'integer' }, example: [1], description: 'Ids dos produtos' }),
  })
  .meta({ id: 'RemoverProdutosCondicaoRequest', example: { condicao_id: 1, ids: [1, 2] } })

export const deleteCondicaoProdutos = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/deleteCondicaoProdutos',
  tags: TAG,
  summary: 'Remove produtos da condição (nunca do catálogo)',
  security: bearer,
  request: { body: jsonBody(DeleteLinesBody) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), removidos: z.number().int() }), 'Linhas removidas'),
    ...forbidden,
    ...notFound,
    ...errorResponses,
  },
})

export const ImportLinesBody = z
  .object({
    condicao_id: conditionIdField.meta({ type: 'integer', example: 1 }),
    arquivo: z.instanceof(File, { error: 'Escolha um arquivo.' }).meta({ type: 'string', format: 'binary', description: `.xlsx ou .csv, até ${IMPORT_MAX_MB} MB` }),
  })
  .meta({ id: 'ImportarCondicaoRequest', example: { condicao_id: 1, arquivo: `(planilha .xlsx ou .csv de até ${IMPORT_MAX_MB} MB)` } })

const importAnswers = {
  202: jsonContent(ImportAcceptedSchema, 'Aceita: corre em segundo plano; acompanhe em GET api/importacoes/{orgId}/{importId} (orgId = o vendedor)'),
  ...forbidden,
  ...notFound,
  ...errorResponses,
}

export const importCondicaoList = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/importCondicaoList',
  tags: TAG,
  summary: 'Importa linhas da condição de uma planilha (EAN ou código; desconto ou preço líquido; quantidades; imposto; ativo): tudo ou nada; reimportar atualiza',
  security: bearer,
  request: { body: multipartBody(ImportLinesBody) },
  responses: importAnswers,
})

export const importSemCadastro = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/importSemCadastro/{id}',
  tags: TAG,
  summary: 'Refaz uma importação de condição recusada só por produtos fora do catálogo: cadastra-os com as colunas da planilha (nome, preço de tabela; marca, categoria) e grava as linhas, numa transação',
  description: 'Precisa das permissões "condicoes" e "produtos". A importação segue em segundo plano, na mesma importação {id}.',
  security: bearer,
  request: { params: z.object({ id: idParam('id', m.importNotFound, 1) }) },
  responses: importAnswers,
})

export const exportCondicao = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/exportCondicao/{id}',
  tags: TAG,
  summary: 'As linhas da condição em xlsx (as colunas da importação, mais preço de tabela e final em R$); membros do vendedor',
  security: bearer,
  request: { params: z.object({ id: conditionParam('id') }) },
  responses: { 200: xlsxContent('A planilha'), ...notFound, ...errorResponses },
})
