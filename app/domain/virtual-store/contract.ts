import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam, organizacaoIdField, paginatorSchema } from '../shared/fields.ts'
import { virtualStoreMessages as m } from './messages.ts'
import { STORE_SLUG, VirtualStoreSchema } from './schemas.ts'

const TAGS = ['Loja virtual']

export const StoreSchema = z
  .object({
    slug: z.string(),
    texto: z.string(),
    link: z.string().meta({ description: 'O endereço público da loja' }),
  })
  .meta({ id: 'LojaVirtual' })

export const restorePlaceholder = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restorePlaceholder/{id}',
  tags: TAGS,
  summary: 'A loja virtual da organização (endereço e texto de boas-vindas, null sem endereço) e se o plano a inclui (Pro ∞); para membros',
  security: bearer,
  request: { params: z.object({ id: idParam('id', m.orgInvalid, 1) }) },
  responses: {
    200: jsonContent(z.object({ loja: StoreSchema.nullable(), disponivel: z.boolean() }), 'A loja virtual'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const StorePlaceholderBody = VirtualStoreSchema.extend({ organizacao_id: organizacaoIdField }).meta({
  id: 'StorePlaceholderRequest',
  example: { organizacao_id: 1, slug: 'distribuidora-sol', texto: 'Bem-vindo ao catálogo da Distribuidora Sol.' },
})

export const storePlaceholder = defineEndpoint({
  method: 'post',
  path: '/api/empresas/storePlaceholder',
  tags: TAGS,
  summary: 'Grava o endereço e o texto de boas-vindas da loja virtual; permissão "empresa" e o plano Pro ∞',
  security: bearer,
  request: { body: jsonBody(StorePlaceholderBody) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), loja: StoreSchema }), 'Loja gravada'),
    403: jsonContent(MessageSchema, 'Sem permissão, ou o plano não inclui a loja virtual'),
    ...errorResponses,
  },
})

export const PublicProductSchema = z
  .object({
    id: z.number().int(),
    nome: z.string(),
    marca: z.string().nullable(),
    categoria: z.string().nullable(),
    ean: z.string().nullable(),
    codigo: z.string().nullable(),
    unidade: z.string(),
    embalagem: z.number().int(),
  })
  .meta({ id: 'ProdutoDaLoja' })

export const showStore = defineEndpoint({
  method: 'get',
  path: '/api/loja/{slug}',
  tags: TAGS,
  summary: 'A página pública da loja virtual: a empresa, o texto de boas-vindas e os produtos ativos, paginados e sem preços; sem login',
  request: {
    params: z.object({ slug: z.string().regex(STORE_SLUG, m.notFound).meta({ param: { name: 'slug', in: 'path' }, example: 'distribuidora-sol' }) }),
    query: z.object({
      page: z.coerce.number({ error: 'A página deve ser um número.' }).int().min(1, 'A página deve ser 1 ou mais.').max(100_000).default(1).meta({ example: 1 }),
      search: z.string().trim().max(100, 'A busca tem no máximo 100 caracteres.').optional().meta({ example: 'dipirona' }),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({
        loja: z.object({ nome: z.string(), avatar: z.string().nullable(), texto: z.string(), cidade: z.string().nullable(), uf: z.string().nullable() }),
        produtos: paginatorSchema(PublicProductSchema),
      }),
      'A loja',
    ),
    404: jsonContent(MessageSchema, 'Loja não encontrada, ou o plano da empresa não a inclui'),
    ...errorResponses,
  },
})
