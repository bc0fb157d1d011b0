import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema, multipartBody } from '../shared/contract.ts'
import { idParam, optionalPathText, PageQuery, paginatorSchema } from '../shared/fields.ts'
import { ImportAcceptedSchema, ImportUploadBody, xlsxContent } from '../spreadsheets/contract.ts'
import { buyersMessages as m } from './buyers-messages.ts'
import { AddBuyersListSchema, AddBuyersSchema, buyerCnpjField, condicaoIdField, DeleteBuyerSchema, DeleteBuyersListSchema } from './buyers-schemas.ts'
import { BUYER_TYPES } from './buyer-types.ts'

/**
 * Who may buy under a condition (compradores): per list — the seller's direct list, or the
 * list of one of its OLs — customers (a customer record of the list's owner: the seller's for the
 * direct list, the OL's own for an OL's list) or whole flags (every unit of the flag). The seller's
 * members read every list and, with 'condicoes', change them; an OL's members read and (with
 * 'condicoes') change only their own OL's list. A mirrored OL list (espelho_de) is read-only.
 */

const TAGS = ['Condições: compradores']

const conditionParam = (name: string) => idParam(name, m.conditionInvalid, 1)
const regPerPage = z.coerce
  .number({ error: m.perPageInvalid })
  .int(m.perPageInvalid)
  .min(1, m.perPageInvalid)
  .max(100, m.perPageInvalid)
  .meta({ param: { name: 'regPerPage', in: 'path' }, example: 20 })
const search = optionalPathText('null', m.searchTooLong).meta({ param: { name: 'search', in: 'path' }, description: 'Nome ou CNPJ (sem acento nem caixa), ou null' })
const type = optionalPathText('T', m.typeInvalid)
  .pipe(z.enum(BUYER_TYPES, { error: m.typeInvalid }).nullable())
  .meta({ param: { name: 'type', in: 'path' }, description: 'C clientes | B bandeiras | T todos; null = T' })

export const BuyerSchema = z
  .object({
    id: z.number().int().meta({ description: 'O comprador nesta lista (para remover)' }),
    tipo: z.enum(['C', 'B']).meta({ description: 'C um cliente; B uma bandeira (todas as suas unidades)' }),
    cliente_id: z.number().int().nullable(),
    bandeira_id: z.number().int().nullable(),
    nome: z.string(),
    cnpj: z.string().meta({ description: 'Sem máscara' }),
    situacao: z
      .enum(['vinculado', 'pendente', 'bloqueado'])
      .nullable()
      .meta({ description: 'Do cliente: bloqueado (não compra), pendente (convite não aceito) ou vinculado; null para uma bandeira' }),
    unidades: z.number().int().nullable().meta({ description: 'Da bandeira: quantas unidades; null para um cliente' }),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'CompradorCondicao' })

export const BuyerListSchema = z
  .object({
    parceiro: z
      .object({
        organizacao_id: z.number().int(),
        nome: z.string(),
        espelho_de: z.object({ organizacao_id: z.number().int(), nome: z.string() }).nullable().meta({ description: 'O OL cuja lista esta espelha' }),
      })
      .nullable()
      .meta({ description: 'O OL da lista; null = venda direta do vendedor' }),
    somente_leitura: z.boolean().meta({ description: 'Quem chama não pode alterar esta lista (sem a permissão, ou lista espelhada)' }),
    listas: z
      .array(z.object({ organizacao_id: z.number().int(), nome: z.string(), espelho: z.boolean() }))
      .meta({ description: 'As listas de OL que quem chama alcança (o vendedor: todos os OLs da condição, menos os que recusaram; um OL: a sua)' }),
    compradores: paginatorSchema(BuyerSchema),
  })
  .meta({ id: 'ListaCompradores' })

const readErrors = {
  403: jsonContent(MessageSchema, 'Um OL pedindo a lista direta do vendedor'),
  404: jsonContent(MessageSchema, 'A condição não existe ou não é sua; o OL não atende esta condição'),
  ...errorResponses,
}
const changeErrors = {
  403: jsonContent(MessageSchema, 'Sem a permissão "condicoes", ou um OL alterando outra lista que não a sua'),
  404: jsonContent(MessageSchema, 'A condição, o OL ou o comprador não existe, ou não é seu'),
  409: jsonContent(MessageSchema, 'A lista do OL espelha a de outro OL (somente leitura)'),
  ...errorResponses,
}

export const restoreCompradores = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreCompradores/{conditionId}/{regPerPage}/{search}/{type}',
  tags: TAGS,
  summary: 'Os compradores diretos da condição (sem OL), paginados, com busca e filtro de tipo; para os membros do vendedor',
  security: bearer,
  request: { params: z.object({ conditionId: conditionParam('conditionId'), regPerPage, search, type }), query: PageQuery },
  responses: { 200: jsonContent(BuyerListSchema, 'A lista direta'), ...readErrors },
})

export const restoreCompradoresOls = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreCompradoresOls/{conditionId}/{olId}/{regPerPage}/{search}/{type}',
  tags: TAGS,
  summary:
    'Os compradores que um OL atende na condição (a sua lista; se espelha outro OL, a lista de origem, somente leitura); para os membros do vendedor e do OL',
  security: bearer,
  request: {
    params: z.object({ conditionId: conditionParam('conditionId'), olId: idParam('olId', m.olInvalid, 2).meta({ description: 'A organização do OL' }), regPerPage, search, type }),
    query: PageQuery,
  },
  responses: { 200: jsonContent(BuyerListSchema, 'A lista do OL'), ...readErrors },
})

export const VarejoSchema = z
  .object({
    cnpj: z.string(),
    cliente: z
      .object({ id: z.number().int(), nome: z.string(), situacao: z.enum(['vinculado', 'pendente', 'bloqueado']), ja_comprador: z.boolean() })
      .nullable()
      .meta({ description: 'O cadastro de cliente com este CNPJ (do vendedor; do OL, com ?ol=)' }),
    bandeira: z
      .object({ id: z.number().int(), nome: z.string(), unidades: z.number().int(), ja_comprador: z.boolean() })
      .nullable()
      .meta({ description: 'A bandeira (tipo b) da plataforma com este CNPJ' }),
    unidade: z
      .object({ id: z.number().int(), nome: z.string(), bandeira: z.object({ id: z.number().int(), nome: z.string() }).nullable() })
      .nullable()
      .meta({ description: 'A unidade (tipo v) da plataforma com este CNPJ, e sua bandeira; só se compra como cliente ou pela bandeira' }),
  })
  .meta({ id: 'VarejoBusca' })

export const restoreVarejos = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreVarejos/{cnpj}/{x}',
  tags: TAGS,
  summary:
    'Antes de adicionar um comprador: o cadastro de cliente com este CNPJ (com ou sem máscara, numérico ou alfanumérico) e/ou a empresa da plataforma (unidade ou bandeira); 404 quando não há nenhum. `x` = a condição',
  security: bearer,
  request: {
    params: z.object({
      cnpj: buyerCnpjField.meta({ param: { name: 'cnpj', in: 'path' }, example: '33444555000181' }),
      x: conditionParam('x'),
    }),
    query: z.object({ ol: z.coerce.number({ error: m.olInvalid }).int(m.olInvalid).positive(m.olInvalid).optional().meta({ description: 'Busca no cadastro de clientes deste OL (a lista dele)' }) }),
  },
  responses: {
    200: jsonContent(VarejoSchema, 'O que há com este CNPJ'),
    403: jsonContent(MessageSchema, 'Um OL buscando para outra lista'),
    404: jsonContent(MessageSchema, 'Nenhum cliente nem bandeira com este CNPJ; ou a condição não é sua'),
    ...errorResponses,
  },
})

const AddedAnswer = z.object({ message: z.string(), adicionados: z.number().int(), ja_estavam: z.number().int() }).meta({ id: 'CompradoresAdicionados' })

export const AddBuyersBody = AddBuyersSchema.meta({
  id: 'AdicionarCompradoresRequest',
  example: { condicao_id: 1, parceiro_id: null, compradores: [{ cliente_id: 1 }, { bandeira_id: 4 }] },
})

export const addCompradores = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addCompradores',
  tags: TAGS,
  summary:
    'Adiciona clientes (do cadastro do dono da lista) ou bandeiras à lista direta (`parceiro_id` ausente) ou à de um OL; os que já estavam ficam como estão (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(AddBuyersBody) },
  responses: { 200: jsonContent(AddedAnswer, 'Adicionados'), ...changeErrors },
})

export const AddBuyersListBody = AddBuyersListSchema.meta({
  id: 'AdicionarCompradoresListaRequest',
  example: { condicao_id: 1, parceiro_id: null, cnpjs: ['33.444.555/0001-81'] },
})

export const addCompradoresList = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addCompradoresList',
  tags: TAGS,
  summary:
    'Adiciona muitos de uma vez: `todos_clientes: true` (todo o cadastro de clientes do dono da lista) ou `cnpjs` (cada um, um cliente do cadastro ou uma bandeira); tudo ou nada (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(AddBuyersListBody) },
  responses: { 200: jsonContent(AddedAnswer, 'Adicionados'), ...changeErrors },
})

export const deleteCompradores = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/deleteCompradores',
  tags: TAGS,
  summary: 'Remove um comprador de uma lista da condição (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(DeleteBuyerSchema.meta({ id: 'RemoverCompradorRequest', example: { condicao_id: 1, comprador_id: 1 } })) },
  responses: { 200: jsonContent(MessageSchema, 'Removido'), ...changeErrors },
})

export const deleteCompradoresList = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/deleteCompradoresList',
  tags: TAGS,
  summary: 'Remove vários compradores; todos devem ser desta condição e de listas que você pode alterar, senão nada é removido (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(DeleteBuyersListSchema.meta({ id: 'RemoverCompradoresRequest', example: { condicao_id: 1, compradores: [1, 2] } })) },
  responses: { 200: jsonContent(MessageSchema, 'Removidos'), ...changeErrors },
})

export const ImportBuyersBody = z
  .object({ condicao_id: condicaoIdField.meta({ type: 'integer', example: 1 }), arquivo: ImportUploadBody.shape.arquivo })
  .meta({ id: 'ImportarCompradoresRequest', example: { condicao_id: 1, arquivo: '(planilha .xlsx ou .csv)' } })

export const importCompradores = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/importCompradores',
  tags: TAGS,
  summary:
    'Importa compradores de uma planilha (CNPJ; CNPJ do OL opcional) em segundo plano: tudo ou nada, com o relatório por linha; reimportar não duplica (permissão "condicoes" no vendedor)',
  security: bearer,
  request: { body: multipartBody(ImportBuyersBody) },
  responses: {
    202: jsonContent(ImportAcceptedSchema, 'Arquivo aceito: acompanhe em GET api/importacoes/{orgId}/{importId} (orgId = o vendedor)'),
    403: jsonContent(MessageSchema, 'Sem a permissão "condicoes"'),
    404: jsonContent(MessageSchema, 'A condição não existe ou não é sua'),
    ...errorResponses,
  },
})

export const exportCompradores = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/exportCompradores/{id}',
  tags: TAGS,
  summary: 'Os compradores de todas as listas da condição em xlsx (as colunas da importação); para os membros do vendedor',
  security: bearer,
  request: { params: z.object({ id: conditionParam('id') }) },
  responses: { 200: xlsxContent('Compradores'), 404: jsonContent(MessageSchema, 'A condição não existe ou não é sua'), ...errorResponses },
})
