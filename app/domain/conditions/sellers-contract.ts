import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam, optionalPathText, PageQuery, paginatorSchema } from '../shared/fields.ts'
import { sellersMessages as m } from './sellers-messages.ts'
import { AddCargosSchema, AddSellerSchema, SellersListSchema } from './sellers-schemas.ts'

/**
 * Who sells a condition (vendedores): active members of the seller, or whole roles (cargos:
 * every member holding the role). Read by the seller's members; changed with 'condicoes'.
 */

const TAGS = ['Condições: vendedores']
const conditionParam = (name: string) => idParam(name, m.conditionInvalid, 1)
const search = (name: string) => optionalPathText('null', m.searchTooLong).meta({ param: { name, in: 'path' }, description: 'Texto buscado (sem acento nem caixa), ou null' })

const MemberSchema = z
  .object({ id: z.number().int(), nome: z.string(), email: z.string(), cargo: z.string().nullable(), ja_vende: z.boolean().meta({ description: 'Já vende a condição (por si)' }) })
  .meta({ id: 'MembroVendedor' })
const CargoSchema = z
  .object({ id: z.number().int(), nome: z.string(), membros: z.number().int().meta({ description: 'Membros ativos com o cargo' }), ja_vende: z.boolean() })
  .meta({ id: 'CargoVendedor' })

export const SellerSchema = z
  .object({
    id: z.number().int(),
    tipo: z.enum(['U', 'C']).meta({ description: 'U um membro; C um cargo (todos os seus membros)' }),
    usuario_id: z.number().int().nullable(),
    cargo_id: z.number().int().nullable(),
    nome: z.string(),
    email: z.string().nullable().meta({ description: 'Do membro' }),
    membros: z.number().int().nullable().meta({ description: 'Do cargo: quantos membros ativos o têm' }),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'VendedorCondicao' })

const readErrors = { 404: jsonContent(MessageSchema, 'A condição não existe ou não é sua'), ...errorResponses }
const changeErrors = {
  403: jsonContent(MessageSchema, 'Sem a permissão "condicoes"'),
  404: jsonContent(MessageSchema, 'A condição não existe ou não é sua; o membro ou o cargo não a vende'),
  ...errorResponses,
}
const Added = z.object({ message: z.string(), adicionados: z.number().int(), ja_estavam: z.number().int() }).meta({ id: 'VendedoresAdicionados' })

export const SearchVendedores = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/SearchVendedores/{a}/{b}',
  tags: TAGS,
  summary: 'Membros ativos do vendedor da condição por nome ou e-mail (até 20), cada um com `ja_vende`; `a` = a condição, `b` = a busca (null = todos)',
  security: bearer,
  request: { params: z.object({ a: conditionParam('a'), b: search('b') }) },
  responses: { 200: jsonContent(z.object({ usuarios: z.array(MemberSchema) }), 'Membros'), ...readErrors },
})

export const SearchOrgVendedores = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/SearchOrgVendedores/{a}',
  tags: TAGS,
  summary: 'Os membros ativos de uma organização, por nome, para escolher vendedores; `a` = a organização (para os seus membros)',
  security: bearer,
  request: { params: z.object({ a: idParam('a', m.orgInvalid, 1) }) },
  responses: {
    200: jsonContent(z.object({ usuarios: z.array(MemberSchema.omit({ ja_vende: true })) }), 'Membros'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const SearchCargosVendedores = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/SearchCargosVendedores/{a}/{b}',
  tags: TAGS,
  summary: 'Cargos do vendedor da condição por nome, cada um com quantos membros o têm e `ja_vende`; `a` = a condição, `b` = a busca (null = todos)',
  security: bearer,
  request: { params: z.object({ a: conditionParam('a'), b: search('b') }) },
  responses: { 200: jsonContent(z.object({ cargos: z.array(CargoSchema) }), 'Cargos'), ...readErrors },
})

export const restoreVendedores = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreVendedores/{conditionId}/{regPerPage}/{search}',
  tags: TAGS,
  summary: 'Quem vende a condição: membros e cargos, por nome, paginados',
  security: bearer,
  request: {
    params: z.object({
      conditionId: conditionParam('conditionId'),
      regPerPage: z.coerce
        .number({ error: m.perPageInvalid })
        .int(m.perPageInvalid)
        .min(1, m.perPageInvalid)
        .max(100, m.perPageInvalid)
        .meta({ param: { name: 'regPerPage', in: 'path' }, example: 20 }),
      search: search('search'),
    }),
    query: PageQuery,
  },
  responses: {
    200: jsonContent(z.object({ somente_leitura: z.boolean(), vendedores: paginatorSchema(SellerSchema) }), 'Vendedores (paginador do Laravel)'),
    ...readErrors,
  },
})

export const addVendedores = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addVendedores',
  tags: TAGS,
  summary: 'Um membro ativo do vendedor passa a vender a condição; de novo não muda nada (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(AddSellerSchema.meta({ id: 'AdicionarVendedorRequest', example: { condicao_id: 1, usuario_id: 2 } })) },
  responses: { 200: jsonContent(Added, 'Adicionado'), ...changeErrors },
})

export const addVendedoresList = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addVendedoresList',
  tags: TAGS,
  summary: 'Vários membros ativos passam a vender a condição; um que não seja membro recusa todos (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(SellersListSchema.meta({ id: 'AdicionarVendedoresRequest', example: { condicao_id: 1, usuarios: [2, 3] } })) },
  responses: { 200: jsonContent(Added, 'Adicionados'), ...changeErrors },
})

export const addCargosVendedores = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addCargosVendedores',
  tags: TAGS,
  summary: 'Cargos do vendedor passam a vender a condição (todos os membros que os têm); um cargo de outra empresa recusa todos (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(AddCargosSchema.meta({ id: 'AdicionarCargosVendedoresRequest', example: { condicao_id: 1, cargos: [1] } })) },
  responses: { 200: jsonContent(Added, 'Adicionados'), ...changeErrors },
})

export const deleteVendedorList = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/deleteVendedorList',
  tags: TAGS,
  summary: 'Estes membros deixam de vender a condição; um que não a venda recusa todos (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(SellersListSchema.meta({ id: 'RemoverVendedoresRequest', example: { condicao_id: 1, usuarios: [2] } })) },
  responses: { 200: jsonContent(MessageSchema, 'Removidos'), ...changeErrors },
})

export const deleteVendedor = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/deleteVendedor/{conditionId}/{userId}',
  tags: TAGS,
  summary: 'Este membro deixa de vender a condição (permissão "condicoes")',
  security: bearer,
  request: { params: z.object({ conditionId: conditionParam('conditionId'), userId: idParam('userId', m.userInvalid, 2) }) },
  responses: { 200: jsonContent(MessageSchema, 'Removido'), ...changeErrors },
})

export const deleteCargoVendedor = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/deleteCargoVendedor/{conditionId}/{cargoId}',
  tags: TAGS,
  summary: 'Este cargo deixa de vender a condição (permissão "condicoes")',
  security: bearer,
  request: { params: z.object({ conditionId: conditionParam('conditionId'), cargoId: idParam('cargoId', m.cargoInvalid, 1) }) },
  responses: { 200: jsonContent(MessageSchema, 'Removido'), ...changeErrors },
})
