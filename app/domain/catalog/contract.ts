import { z } from 'zod'
import { exportEndpoint, importEndpoint } from '../spreadsheets/contract.ts'
import { bearer, defineEndpoint, errorResponses, jsonContent, MessageSchema, multipartBody, jsonBody } from '../shared/contract.ts'
import { booleanField, idField, idParam, idQuery, organizacaoIdField, paginatorSchema } from '../shared/fields.ts'
import { text } from '../shared/text.ts'
import { catalogMessages as m } from './messages.ts'
import { categoriaField, marcaField, needsIdentifier, productFields, productIdField, productIdsField } from './schemas.ts'

/**
 * The seller's product calls under api/condicoes (createProduct, updateProdutos,
 * updateProdutosList, deleteProdutos, updateProdutoImposto, updateProdutoAtivo) and ours beside
 * them: the catalogue list (restoreCatalogo), its filter values (catalogoFiltros) and the image.
 * Reading needs membership; changing needs the permission "produtos" (admins hold it).
 */

const TAG = ['Produtos']

export const ProdutoSchema = z
  .object({
    id: z.number().int(),
    organizacao_id: z.number().int(),
    ean: z.string().nullable().meta({ description: 'GTIN-13 (EAN-8 e UPC-A guardados com zeros à esquerda)' }),
    codigo: z.string().nullable().meta({ description: 'Código interno do vendedor' }),
    nome: z.string(),
    marca: z.string().nullable(),
    categoria: z.string().nullable(),
    ncm: z.string().nullable().meta({ description: '8 dígitos, sem máscara' }),
    preco_centavos: z.number().int(),
    unidade: z.string(),
    embalagem: z.number().int().meta({ description: 'Unidades por embalagem (caixa)' }),
    imagem: z.string().nullable(),
    ativo: z.boolean(),
    imposto: z.boolean(),
    created_at: z.string().meta({ format: 'date-time' }),
    updated_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Produto' })

const exampleProduct = {
  ean: '7891234567895',
  codigo: 'DIP-500',
  nome: 'Dipirona Sódica 500 mg 20 comprimidos',
  marca: 'Medley',
  categoria: 'Analgésicos',
  ncm: '3004.90.99',
  preco: '12,90',
  unidade: 'CX',
  embalagem: 20,
}

const flag = (message: string, description: string) => booleanField(message).optional().meta({ type: 'boolean', description })

export const CreateProductBody = z
  .object({
    organizacao_id: organizacaoIdField,
    ...productFields,
    ativo: flag(m.ativoInvalid, 'Padrão: true'),
    imposto: flag(m.impostoInvalid, 'Padrão: false'),
  })
  .superRefine(needsIdentifier)
  .meta({ id: 'CriarProdutoRequest', example: { organizacao_id: 1, ...exampleProduct, ativo: true, imposto: false } })

export const UpdateProductBody = z
  .object({
    organizacao_id: organizacaoIdField,
    produto_id: productIdField.meta({ type: 'integer', example: 1 }),
    ...productFields,
    ativo: flag(m.ativoInvalid, 'Ausente: não muda'),
    imposto: flag(m.impostoInvalid, 'Ausente: não muda'),
  })
  .superRefine(needsIdentifier)
  .meta({ id: 'AtualizarProdutoRequest', example: { organizacao_id: 1, produto_id: 1, ...exampleProduct, preco: '13,50' } })

export const BulkUpdateBody = z
  .object({
    organizacao_id: organizacaoIdField,
    ids: productIdsField.meta({ type: 'array', items: { type: 'integer' }, example: [1, 2, 3] }),
    ativo: flag(m.ativoInvalid, 'Ativa ou desativa todos'),
    imposto: flag(m.impostoInvalid, 'Marca ou tira o imposto de todos'),
    marca: marcaField.optional().meta({ type: ['string', 'null'], description: 'Nova marca de todos; null ou vazio tira a marca' }),
    categoria: categoriaField.optional().meta({ type: ['string', 'null'], description: 'Nova categoria de todos; null ou vazio tira a categoria' }),
  })
  .refine((b) => b.ativo !== undefined || b.imposto !== undefined || b.marca !== undefined || b.categoria !== undefined, {
    message: m.bulkNothing,
    path: ['body'],
  })
  .meta({ id: 'AtualizarProdutosListaRequest', example: { organizacao_id: 1, ids: [1, 2, 3], ativo: false } })

export const DeleteProductsBody = z
  .object({
    organizacao_id: organizacaoIdField,
    ids: productIdsField.meta({ type: 'array', items: { type: 'integer' }, example: [1] }),
  })
  .meta({ id: 'ExcluirProdutosRequest', example: { organizacao_id: 1, ids: [1, 2] } })

export const ImageBody = z
  .object({
    organizacao_id: organizacaoIdField,
    produto_id: idField(m.productRequired, m.productInvalid, 1),
    imagem: z.instanceof(File, { error: m.imageRequired }).meta({ type: 'string', format: 'binary' }),
  })
  .meta({ id: 'ImagemProdutoRequest', example: { organizacao_id: 1, produto_id: 1, imagem: '(arquivo PNG, JPG ou WebP de até 2 MB)' } })

export const ProductParams = z.object({
  orgId: idParam('orgId', m.orgInvalid, 1),
  productId: idParam('productId', m.productInvalid, 1),
})

export const CatalogParams = z.object({ orgId: idParam('orgId', m.orgInvalid, 1) })

export const ToggleQuery = z.object({
  valor: z
    .enum(['0', '1'], { error: m.valorInvalid })
    .optional()
    .meta({ example: '1', description: 'O valor que o produto passa a ter; sem ele, inverte o atual' }),
})

/** Columns the list may be ordered by. */
export const ORDER_COLUMNS = ['nome', 'marca', 'categoria', 'ean', 'codigo', 'ncm', 'preco', 'unidade', 'embalagem', 'ativo', 'imposto', 'created_at'] as const
export type OrderColumn = (typeof ORDER_COLUMNS)[number]

export const DEFAULT_PER_PAGE = 20

const filterText = text({ max: 80, tooLong: m.filterTooLong })

export const CatalogQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, m.pageInvalid)
    .transform(Number)
    .refine((n) => n >= 1, m.pageInvalid)
    .optional()
    .meta({ type: 'integer', example: 1 }),
  per_page: z
    .string()
    .regex(/^\d{1,3}$/, m.perPageInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, m.perPageInvalid)
    .optional()
    .meta({ type: 'integer', example: DEFAULT_PER_PAGE }),
  search: text({ max: 255, tooLong: m.searchTooLong })
    .optional()
    .meta({ description: 'Parte do nome, marca, categoria, EAN ou código; sem diferença de acentos e maiúsculas', example: 'dipirona' }),
  marca: filterText.optional().meta({ description: 'Marca exata', example: 'Medley' }),
  categoria: filterText.optional().meta({ description: 'Categoria exata', example: 'Analgésicos' }),
  ativo: z.enum(['0', '1'], { error: m.ativoFilterInvalid }).optional().meta({ description: '1 só ativos, 0 só inativos', example: '1' }),
  ordem: z.enum(ORDER_COLUMNS, { error: m.ordemInvalid }).optional().meta({ description: 'Coluna da ordenação (padrão: nome)', example: 'nome' }),
  direcao: z.enum(['asc', 'desc'], { error: m.direcaoInvalid }).optional().meta({ example: 'asc' }),
  id: idQuery(m.productInvalid, 'Só o produto deste id (o link de edição de um produto fora da página)', 1),
})

export const CatalogPage = paginatorSchema(ProdutoSchema)
  .extend({ pode_alterar: z.boolean().meta({ description: 'Quem pergunta pode cadastrar e alterar (permissão "produtos")' }) })
  .meta({ id: 'PaginaProdutos' })

const forbidden = { 403: jsonContent(MessageSchema, 'Não é membro, ou não tem a permissão "produtos"') }
const notFound = { 404: jsonContent(MessageSchema, 'O produto não existe nesta organização') }
const ProductAnswer = z.object({ message: z.string(), produto: ProdutoSchema })

export const restoreCatalogo = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreCatalogo/{orgId}',
  tags: TAG,
  summary: 'Produtos do vendedor, paginados: busca sem acentos, filtros por marca, categoria e ativo, ordenação por coluna; para membros',
  security: bearer,
  request: { params: CatalogParams, query: CatalogQuery },
  responses: { 200: jsonContent(CatalogPage, 'Uma página de produtos'), 403: jsonContent(MessageSchema, 'Não é membro'), ...errorResponses },
})

export const catalogoFiltros = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/catalogoFiltros/{orgId}',
  tags: TAG,
  summary: 'Marcas e categorias distintas dos produtos do vendedor, para os filtros; para membros',
  security: bearer,
  request: { params: CatalogParams },
  responses: {
    200: jsonContent(z.object({ marcas: z.array(z.string()), categorias: z.array(z.string()) }).meta({ id: 'FiltrosCatalogo' }), 'Valores em ordem alfabética'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const createProduct = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/createProduct',
  tags: TAG,
  summary: 'Cadastra um produto (EAN-13 com dígito verificador e/ou código interno, únicos no vendedor; preço em reais pt-BR); permissão "produtos"',
  security: bearer,
  request: { body: jsonBody(CreateProductBody) },
  responses: { 201: jsonContent(ProductAnswer, 'Produto cadastrado'), ...forbidden, ...errorResponses },
})

export const updateProdutos = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/updateProdutos',
  tags: TAG,
  summary: 'Edita um produto: troca todos os campos do cadastro (ativo e imposto só quando enviados); permissão "produtos"',
  security: bearer,
  request: { body: jsonBody(UpdateProductBody) },
  responses: { 200: jsonContent(ProductAnswer, 'Produto atualizado'), ...forbidden, ...notFound, ...errorResponses },
})

export const updateProdutosList = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/updateProdutosList',
  tags: TAG,
  summary: 'Muda vários produtos de uma vez: ativo, imposto, marca ou categoria; permissão "produtos"',
  security: bearer,
  request: { body: jsonBody(BulkUpdateBody) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), atualizados: z.number().int() }), 'Produtos atualizados'),
    ...forbidden,
    404: jsonContent(MessageSchema, 'Algum dos produtos não existe nesta organização (nada muda)'),
    ...errorResponses,
  },
})

export const deleteProdutos = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/deleteProdutos',
  tags: TAG,
  summary: 'Exclui um ou vários produtos; recusado (422, nada excluído) quando algum está em pedidos ou condições: desative-o. Permissão "produtos"',
  security: bearer,
  request: { body: jsonBody(DeleteProductsBody) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), excluidos: z.number().int() }), 'Produtos excluídos'),
    ...forbidden,
    404: jsonContent(MessageSchema, 'Algum dos produtos não existe nesta organização (nada é excluído)'),
    ...errorResponses,
  },
})

const toggle = <P extends `/${string}`>(path: P, what: string) =>
  defineEndpoint({
    method: 'get',
    path,
    tags: TAG,
    summary: `${what}: com ?valor=0|1 define (repetir não muda nada); sem ele, inverte. Permissão "produtos"`,
    security: bearer,
    request: { params: ProductParams, query: ToggleQuery },
    responses: { 200: jsonContent(ProductAnswer, 'Produto com o novo valor'), ...forbidden, ...notFound, ...errorResponses },
  })

export const updateProdutoImposto = toggle('/api/condicoes/updateProdutoImposto/{orgId}/{productId}', 'Marca ou tira o imposto do produto')

export const updateProdutoAtivo = toggle('/api/condicoes/updateProdutoAtivo/{orgId}/{productId}', 'Ativa ou desativa o produto')

export const updateProdutoImagem = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/updateProdutoImagem',
  tags: TAG,
  summary: 'Troca a imagem do produto (PNG, JPG ou WebP até 2 MB, conferida pelo conteúdo); permissão "produtos"',
  security: bearer,
  request: { body: multipartBody(ImageBody) },
  responses: { 200: jsonContent(ProductAnswer, 'Imagem salva'), ...forbidden, ...notFound, ...errorResponses },
})

export const createProductList = importEndpoint({
  path: '/api/condicoes/createProductList',
  tags: TAG,
  summary: 'Importa uma planilha de produtos (xlsx ou csv) em segundo plano: tudo ou nada; um produto achado pelo EAN ou pelo código é atualizado (permissão "produtos")',
})

export const exportProdutos = exportEndpoint({
  path: '/api/condicoes/exportProdutos/{id}',
  tags: TAG,
  summary: 'Os produtos da organização em xlsx (as colunas da importação); para membros',
})
