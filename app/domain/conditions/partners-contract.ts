import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam, optionalPathText, PageQuery, paginatorSchema, pathId } from '../shared/fields.ts'
import { positiveIdField } from '../shared/ids.ts'
import { partnerMessages as m } from './partners-messages.ts'
import { BLACKLIST_TYPES, descontoExtraField, PARTNER_STATUSES } from './partners-schemas.ts'

/**
 * A condition's OLs (partners: distributors, organizations of type f, that fulfil its orders with an
 * extra discount of their own), each OL's blacklist and the mirror (an OL serving another OL's buyers).
 *
 * Who may: the seller's members holding 'condicoes' invite, remove and mirror; a member of the OL
 * holding 'condicoes' in the OL answers the invitation (accepts, refuses, leaves) and keeps the OL's
 * blacklist. Reading a condition's OLs: the seller's members see every row, an invited OL's members
 * only their own. Anyone else gets the 404 of a condition that does not exist.
 */

const TAGS = ['Condições: OLs']
const BL_TAGS = ['Condições: lista de bloqueio e espelho']

const conditionParam = (name: string) => idParam(name, m.conditionInvalid, 1)
const olParam = (name: string) => idParam(name, m.partnerInvalid, 8)
const searchParam = (example: string) =>
  optionalPathText(example, m.searchTooLong)
    .pipe(z.string().max(100, m.searchTooLong).nullable())
    .meta({ param: { name: 'search', in: 'path' }, description: 'Nome ou CNPJ (com ou sem máscara), sem acento nem caixa; null = sem busca' })

const forbidden = { 403: jsonContent(MessageSchema, 'Não tem a permissão "condicoes" na empresa de que precisa') }
const notFound = { 404: jsonContent(MessageSchema, 'A condição não existe ou não é sua (nem do seu OL)') }
const conflict = { 409: jsonContent(MessageSchema, 'O convite não está no estado que a chamada pede') }

export const ParceiroSchema = z
  .object({
    id: z.number().int().meta({ description: 'A linha do OL nesta condição (o {id} de mirrorOl e unmirrorOl)' }),
    condicao_id: z.number().int(),
    organizacao_id: z.number().int().meta({ description: 'A empresa do OL (tipo f): o {partnerId} das chamadas' }),
    nome: z.string(),
    cnpj: z.string(),
    desconto_extra: z.string().meta({ description: 'Percentual com 4 casas, ex.: "2.5000"' }),
    status: z.enum(PARTNER_STATUSES),
    espelho_de: z.number().int().nullable().meta({ description: 'A linha de outro OL da condição cujos compradores este atende' }),
    espelho_nome: z.string().nullable(),
    respondido_em: z.string().nullable().meta({ format: 'date-time' }),
    sou_membro: z.boolean().meta({ description: 'Quem chama é membro deste OL (responde ao convite por ele)' }),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'ParceiroCondicao' })

const ParceirosAnswer = z.object({ message: z.string(), parceiros: z.array(ParceiroSchema) })

export const OrganizacaoEncontradaSchema = z
  .object({ id: z.number().int(), nome: z.string(), cnpj: z.string(), cidade: z.string().nullable(), uf: z.string().nullable() })
  .meta({ id: 'OrganizacaoEncontrada' })

export const searchParceiros = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/searchParceiros/{companyId}/{search}',
  tags: TAGS,
  summary: 'Distribuidores (tipo f, ativos) que a empresa pode convidar como OL: por nome ou CNPJ, até 20; para membros da empresa',
  security: bearer,
  request: { params: z.object({ companyId: idParam('companyId', m.companyInvalid, 1), search: searchParam('logistica') }) },
  responses: {
    200: jsonContent(z.object({ parceiros: z.array(OrganizacaoEncontradaSchema) }), 'Até 20 distribuidores, por nome'),
    403: jsonContent(MessageSchema, 'Não é membro da empresa'),
    ...errorResponses,
  },
})

export const restoreParceiros = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreParceiros/{conditionId}',
  tags: TAGS,
  summary: 'Os OLs de uma condição com situação, desconto extra e espelho: todos para o vendedor, só o seu para um OL convidado',
  description: 'Não consta da lista de chamadas da especificação: é a leitura de que a seção OLs da condição precisa.',
  security: bearer,
  request: {
    params: z.object({ conditionId: conditionParam('conditionId') }),
    query: z.object({
      organizacao_id: pathId(1, 'Organização inválida.')
        .optional()
        .meta({ description: 'A empresa por quem se vê a condição (como em restoreCondicao): o vendedor vê todos os OLs, um OL só o seu' }),
    }),
  },
  responses: { 200: jsonContent(z.object({ parceiros: z.array(ParceiroSchema) }), 'Os OLs, por nome'), ...notFound, ...errorResponses },
})

export const AddParceirosBody = z
  .object({
    condicao_id: positiveIdField(m.conditionRequired, m.conditionInvalid).meta({ type: 'integer', example: 1 }),
    parceiros: z
      .array(
        z.object({
          organizacao_id: positiveIdField(m.partnerRequired, m.partnerInvalid).meta({ type: 'integer', example: 8 }),
          desconto_extra: descontoExtraField.meta({ type: ['string', 'number'], example: '2,5', description: 'Percentual de 0 a 100, até 4 casas; vírgula ou ponto' }),
        }),
        { error: m.partnersRequired },
      )
      .min(1, m.partnersRequired)
      .max(50, m.partnersTooMany)
      .refine((list) => new Set(list.map((p) => p.organizacao_id)).size === list.length, m.partnerRepeated),
  })
  .meta({ id: 'AddParceirosRequest', example: { condicao_id: 1, parceiros: [{ organizacao_id: 8, desconto_extra: '2,5' }] } })

export const addParceiros = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addParceiros',
  tags: TAGS,
  summary:
    'Convida distribuidores como OLs da condição, cada um com seu desconto extra: ficam pendentes até aceitarem; um OL que recusou pode ser convidado de novo; num OL já convidado, só o desconto muda (permissão "condicoes" no vendedor)',
  security: bearer,
  request: { body: jsonBody(AddParceirosBody) },
  responses: { 200: jsonContent(ParceirosAnswer, 'Os OLs da condição depois do convite'), ...forbidden, ...notFound, ...errorResponses },
})

const partnerParams = z.object({ conditionId: conditionParam('conditionId'), partnerId: olParam('partnerId') })

export const aceiteParceiro = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/aceiteParceiro/{conditionId}/{partnerId}',
  tags: TAGS,
  summary: 'O OL {partnerId} aceita o convite pendente da condição (membro do OL com a permissão "condicoes")',
  security: bearer,
  request: { params: partnerParams },
  responses: { 200: jsonContent(z.object({ message: z.string(), parceiro: ParceiroSchema }), 'Aceito'), ...forbidden, ...notFound, ...conflict, ...errorResponses },
})

export const deleteParceiro = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/deleteParceiro/{conditionId}/{partnerId}/{isOperator}',
  tags: TAGS,
  summary:
    'isOperator=1: o próprio OL recusa o convite pendente ou deixa a condição aceita (fica recusado e perde o acesso; membro do OL com "condicoes"). isOperator=0: o vendedor remove o OL (a linha sai, com os compradores e regras desse OL na condição; "condicoes" no vendedor)',
  security: bearer,
  request: {
    params: partnerParams.extend({
      isOperator: z
        .enum(['0', '1'], { error: m.operatorInvalid })
        .transform((v) => v === '1')
        .meta({ param: { name: 'isOperator', in: 'path' }, type: 'integer', enum: [0, 1], example: 0 }),
    }),
  },
  responses: { 200: jsonContent(MessageSchema, 'Recusado, deixado ou removido'), ...forbidden, ...notFound, ...conflict, ...errorResponses },
})

export const showMarcasCategorias = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/showMarcas_Categorias/{id}',
  tags: TAGS,
  summary: 'As marcas e categorias distintas dos produtos da condição (para filtros e regras); para o vendedor e seus OLs',
  security: bearer,
  request: { params: z.object({ id: conditionParam('id') }) },
  responses: { 200: jsonContent(z.object({ marcas: z.array(z.string()), categorias: z.array(z.string()) }), 'Em ordem alfabética'), ...notFound, ...errorResponses },
})

// Blacklist: per OL organization, across every condition it serves.

export const BloqueadoSchema = z
  .object({
    id: z.number().int(),
    ol_id: z.number().int(),
    comprador_id: z.number().int(),
    tipo: z.enum(BLACKLIST_TYPES).meta({ description: "'C' uma loja (tipo v), 'B' uma bandeira (tipo b, com todas as suas lojas)" }),
    nome: z.string(),
    cnpj: z.string(),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'CompradorBloqueado' })

const olIdField = positiveIdField(m.partnerRequired, m.partnerInvalid)

export const AddBlackListBody = z
  .object({
    ol_id: olIdField.meta({ type: 'integer', example: 8 }),
    compradores: z
      .array(
        z.object({
          id: positiveIdField(m.buyerRequired, m.buyerInvalid).meta({ type: 'integer', example: 3 }),
          tipo: z.enum(BLACKLIST_TYPES, { error: m.buyerTypeInvalid }).meta({ example: 'C' }),
        }),
        { error: m.buyersRequired },
      )
      .min(1, m.buyersRequired)
      .max(100, m.buyersTooMany),
  })
  .meta({ id: 'AddBlackListRequest', example: { ol_id: 8, compradores: [{ id: 3, tipo: 'C' }] } })

export const addBlackList = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addBlackList',
  tags: BL_TAGS,
  summary: 'O OL passa a recusar estas lojas (C) ou bandeiras (B) em todas as condições que atende; repetir não duplica (membro do OL com "condicoes")',
  security: bearer,
  request: { body: jsonBody(AddBlackListBody) },
  responses: { 200: jsonContent(z.object({ message: z.string(), adicionados: z.number().int() }), 'Quantos entraram agora'), ...forbidden, ...errorResponses },
})

export const restoreBlackList = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreBlackList/{olId}/{regPerPage}/{search}',
  tags: BL_TAGS,
  summary: 'Os compradores que o OL recusa, com nome e CNPJ, busca e paginação; `null` = sem busca (membro do OL com "condicoes")',
  security: bearer,
  request: {
    params: z.object({
      olId: olParam('olId'),
      regPerPage: z.coerce
        .number({ error: m.perPageInvalid })
        .int(m.perPageInvalid)
        .min(1, m.perPageInvalid)
        .max(100, m.perPageInvalid)
        .meta({ param: { name: 'regPerPage', in: 'path' }, example: 20 }),
      search: searchParam('null'),
    }),
    query: PageQuery,
  },
  responses: { 200: jsonContent(z.object({ bloqueados: paginatorSchema(BloqueadoSchema) }), 'Página de bloqueados, por nome'), ...forbidden, ...errorResponses },
})

export const searchBlackList = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/searchBlackList/{olId}/{search}',
  tags: BL_TAGS,
  summary: 'Lojas (C) e bandeiras (B) ativas que o OL ainda não recusa, por nome ou CNPJ, até 20: a busca do "Bloquear comprador" (membro do OL com "condicoes")',
  description: 'Não consta da lista de chamadas da especificação: addBlackList recebe ids, e esta é a busca que os encontra.',
  security: bearer,
  request: { params: z.object({ olId: olParam('olId'), search: searchParam('farmacia') }) },
  responses: {
    200: jsonContent(z.object({ compradores: z.array(OrganizacaoEncontradaSchema.extend({ tipo: z.enum(BLACKLIST_TYPES) })) }), 'Até 20, por nome'),
    ...forbidden,
    ...errorResponses,
  },
})

export const deleteBlackList = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/deleteBlackList/{olId}/{buyerId}/{type}',
  tags: BL_TAGS,
  summary: 'O OL volta a atender este comprador (membro do OL com "condicoes")',
  security: bearer,
  request: {
    params: z.object({
      olId: olParam('olId'),
      buyerId: idParam('buyerId', m.buyerInvalid, 3),
      type: z.enum(BLACKLIST_TYPES, { error: m.buyerTypeInvalid }).meta({ param: { name: 'type', in: 'path' }, example: 'C' }),
    }),
  },
  responses: {
    200: jsonContent(MessageSchema, 'Desbloqueado'),
    ...forbidden,
    404: jsonContent(MessageSchema, 'O comprador não está na lista deste OL'),
    ...errorResponses,
  },
})

// Mirror: an OL of a condition serves, live, the buyers of another OL of the same condition.

export const mirrorOl = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/mirrorOl/{id}',
  tags: BL_TAGS,
  summary:
    'O OL da linha {id} passa a atender, sempre atualizada, a lista de compradores do OL da linha ?origem= da mesma condição. Sem cadeias (a origem não espelha ninguém, e ninguém espelha {id}) e sem espelhar a si mesmo (permissão "condicoes" no vendedor)',
  security: bearer,
  request: {
    params: z.object({ id: idParam('id', m.partnerRowInvalid, 1) }),
    query: z.object({
      origem: z.coerce
        .number({ error: m.originRequired })
        .int(m.partnerRowInvalid)
        .positive(m.partnerRowInvalid)
        .max(2_147_483_647, m.partnerRowInvalid)
        .meta({ example: 2, description: 'A linha do OL de origem (ParceiroCondicao.id)' }),
    }),
  },
  responses: { 200: jsonContent(z.object({ message: z.string(), parceiro: ParceiroSchema }), 'Espelhando'), ...forbidden, ...notFound, ...errorResponses },
})

export const unmirrorOl = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/unmirrorOl/{id}',
  tags: BL_TAGS,
  summary: 'O OL da linha {id} volta a atender só os compradores definidos para ele (permissão "condicoes" no vendedor)',
  security: bearer,
  request: { params: z.object({ id: idParam('id', m.partnerRowInvalid, 1) }) },
  responses: { 200: jsonContent(z.object({ message: z.string(), parceiro: ParceiroSchema }), 'Sem espelho'), ...forbidden, ...notFound, ...errorResponses },
})

