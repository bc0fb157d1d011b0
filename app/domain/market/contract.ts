import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idField, idParam, MAX_DB_INT, optionalPathText, organizacaoIdField, PageQuery, paginatorSchema, pathId } from '../shared/fields.ts'
import { text } from '../shared/text.ts'
import { MAX_ADD_ITEMS, MAX_QUANTITY, marketMessages as m } from './messages.ts'

/**
 * The market and the shopping list (docs/decisions/026-market.md), under
 * api/checkout and api/pedidos. Every call acts for a buyer organization the
 * caller is a member of (any type: who may buy is the sellers' listing, server/api/market/offers.ts),
 * and sees only the offers open to it. Prices are integers in centavos, computed on the server with
 * app/domain/pricing/line-price.ts: a condition's table, then the OL's extra discount; rules and
 * payment terms depend on the whole cart and apply there.
 */

const TAG = ['Mercado']
const LIST_TAG = ['Mercado: lista de compras']

export const MARKET_FILTER_TYPES = ['todos', 'vertical', 'marca', 'categoria', 'favoritos'] as const
export type MarketFilterType = (typeof MARKET_FILTER_TYPES)[number]
export const OFFER_ORDERS = ['preco', 'vendedor'] as const

/** A quantity in a body: 7 or "7", 1 to MAX_QUANTITY. */
export const quantityField = z
  .preprocess((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v), z.number({ error: m.quantityInvalid }).int(m.quantityInvalid).min(1, m.quantityInvalid).max(MAX_QUANTITY, m.quantityInvalid))
  .meta({ type: 'integer', example: 12 })

const orgParam = (name: string) => idParam(name, m.orgInvalid, 1)

const OrgRefSchema = z.object({ id: z.number().int(), nome: z.string() })

export const OfferSchema = z
  .object({
    condicao_id: z.number().int(),
    condicao_nome: z.string(),
    parceiro_id: z.number().int().nullable().meta({ description: 'A linha do OL na condição (condition_partners.id); null = comprado do vendedor' }),
    vendedor: OrgRefSchema,
    ol: OrgRefSchema.nullable(),
    preco_lista_centavos: z.number().int(),
    desconto: z.string().nullable().meta({ description: 'Desconto da linha (tabela D), ex. "12.5000"; null em tabela líquida' }),
    desconto_extra: z.string().nullable().meta({ description: 'Desconto extra do OL, aplicado depois da tabela' }),
    preco_unitario_centavos: z.number().int().meta({ description: 'Preço de 1 unidade: tabela e desconto extra do OL, arredondado uma vez (meio para cima)' }),
    preco_unitario_centesimos: z.number().int().meta({ description: 'O mesmo em centésimos de centavo (R$ 0,0001): o que a linha da lista de compras mostra ao lado do total, que é arredondado uma vez do valor exato' }),
    qtd_min: z.number().int(),
    qtd_max: z.number().int().nullable(),
    multiplo: z.number().int(),
    minimo_valor_centavos: z.number().int().meta({ description: 'Pedido mínimo da condição' }),
    minimo_quantidade: z.number().int(),
    fim: z.string().nullable().meta({ description: 'Último dia da vigência (AAAA-MM-DD), ou null' }),
  })
  .meta({ id: 'OfertaMercado' })
export type Oferta = z.output<typeof OfferSchema>

const ProductFields = {
  id: z.number().int(),
  nome: z.string(),
  ean: z.string().nullable(),
  codigo: z.string().nullable(),
  marca: z.string().nullable(),
  categoria: z.string().nullable(),
  unidade: z.string(),
  embalagem: z.number().int(),
  imagem: z.string().nullable(),
  favorito: z.boolean(),
}

export const MarketProductSchema = z
  .object({
    ...ProductFields,
    melhor_oferta: OfferSchema,
    outras_ofertas: z.number().int().meta({ description: 'Quantas outras ofertas (condições e OLs) o produto tem' }),
  })
  .meta({ id: 'ProdutoMercado' })
export type ProdutoMercado = z.output<typeof MarketProductSchema>

const perPageParam = z.coerce
  .number({ error: m.perPageInvalid })
  .int(m.perPageInvalid)
  .min(1, m.perPageInvalid)
  .max(100, m.perPageInvalid)
  .meta({ param: { name: 'regPerPage', in: 'path' }, example: 20 })

/** A filter in the query: the text rule (no control characters), empty = none. */
const optionalText = (max: number) =>
  text({ max, tooLong: m.filterInvalid })
    .optional()
    .transform((v) => v || undefined)

export const restoreProdutosCondicoes = defineEndpoint({
  method: 'get',
  path: '/api/checkout/restoreProdutosCondicoes_v2/{companyId}/{regPerPage}/{filterType}/{filter}/{search}',
  tags: TAG,
  summary: 'O mercado: cada produto que a organização pode comprar, com a sua melhor oferta e quantas outras há; paginado',
  description:
    'companyId: a organização compradora (de quem chama). filterType: todos | vertical (filter = id da vertical do vendedor) | marca | categoria | favoritos; `null` = sem valor. ' +
    'search: palavras buscadas sem acento nem caixa no nome, marca, categoria, EAN e código (todas precisam aparecer). ' +
    'Os filtros podem também ir juntos na consulta (nossos): vertical, marca, categoria, favoritos=1. Ordem: nome do produto. ' +
    'Melhor oferta: o menor preço unitário; no empate, a compra direta do vendedor antes de um OL, depois a condição e a linha do OL mais antigas.',
  security: bearer,
  request: {
    params: z.object({
      companyId: orgParam('companyId'),
      regPerPage: perPageParam,
      filterType: optionalPathText('todos', m.filterTypeInvalid)
        .pipe(z.enum(MARKET_FILTER_TYPES, { error: m.filterTypeInvalid }).nullable())
        .meta({ param: { name: 'filterType', in: 'path' }, description: 'todos | vertical | marca | categoria | favoritos; null = todos' }),
      filter: optionalPathText('null', m.filterInvalid).meta({ param: { name: 'filter', in: 'path' }, description: 'Valor do filtro, ou null' }),
      search: optionalPathText('dipirona', m.searchTooLong).meta({ param: { name: 'search', in: 'path' }, description: 'Texto buscado, ou null' }),
    }),
    query: PageQuery.extend({
      vertical: pathId(1, 'Vertical inválida.').optional(),
      marca: optionalText(255),
      categoria: optionalText(255),
      favoritos: z.enum(['0', '1'], { error: m.filterInvalid }).optional(),
    }),
  },
  responses: {
    200: jsonContent(z.object({ produtos: paginatorSchema(MarketProductSchema) }), 'Uma página do mercado'),
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    ...errorResponses,
  },
})

export const mercadoPesquisa = defineEndpoint({
  method: 'get',
  path: '/api/checkout/mercadoPesquisa/{companyId}/{search}',
  tags: TAG,
  summary: 'Sugestões da busca do mercado: até 8 produtos que a organização pode comprar cujo texto contém as palavras',
  description: 'companyId: a organização compradora; search: o texto digitado (sem acento nem caixa). Menos de 2 letras: nenhuma sugestão.',
  security: bearer,
  request: {
    params: z.object({
      companyId: orgParam('companyId'),
      search: optionalPathText('dipi', m.searchTooLong).meta({ param: { name: 'search', in: 'path' }, description: 'Texto digitado' }),
    }),
  },
  responses: {
    200: jsonContent(
      z.object({ sugestoes: z.array(z.object({ id: z.number().int(), nome: z.string(), marca: z.string().nullable(), vendedor: z.string() })) }),
      'As sugestões, pelo nome',
    ),
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    ...errorResponses,
  },
})

export const ProductOfferSchema = OfferSchema.extend({
  melhor: z.boolean().meta({ description: 'A melhor oferta para a quantidade' }),
  selecionada: z.boolean().meta({ description: 'A oferta apontada por conditionId/parceiroId' }),
  quantidade: z.number().int().meta({ description: 'A quantidade usada no preço: a pedida, ou o mínimo que a oferta aceita' }),
  total_centavos: z.number().int().meta({ description: 'Total da quantidade (arredondado uma vez)' }),
  problema_quantidade: z.string().nullable().meta({ description: 'Por que a quantidade pedida não serve nesta oferta (mínimo, máximo, múltiplo), ou null' }),
}).meta({ id: 'OfertaProduto' })

export const showProduto = defineEndpoint({
  method: 'get',
  path: '/api/checkout/showProduto/{companyId}/{productId}/{conditionId}/{parceiroId}/{quantidade}/{ordem}',
  tags: TAG,
  summary: 'Um produto com todas as suas ofertas para a organização compradora',
  description:
    'companyId: a compradora; productId: o produto; conditionId e parceiroId: a oferta a marcar como `selecionada` (null = nenhuma; parceiroId 0 ou null = comprar do vendedor); ' +
    'quantidade: a quantidade a orçar em cada oferta (null = o mínimo de cada uma), com o problema de quantidade de cada oferta; ordem: preco (melhor primeiro) | vendedor.',
  security: bearer,
  request: {
    params: z.object({
      companyId: orgParam('companyId'),
      productId: idParam('productId', m.productInvalid, 1),
      conditionId: optionalPathText('null', m.conditionInvalid)
        .pipe(z.union([z.null(), z.string().regex(/^\d{1,10}$/, m.conditionInvalid).transform(Number).refine((n) => n > 0 && n <= MAX_DB_INT, m.conditionInvalid)], { error: m.conditionInvalid }))
        .meta({ param: { name: 'conditionId', in: 'path' }, description: 'Condição da oferta selecionada, ou null' }),
      parceiroId: optionalPathText('null', m.partnerInvalid)
        .pipe(z.union([z.null(), z.string().regex(/^\d{1,10}$/, m.partnerInvalid).transform(Number).refine((n) => n <= MAX_DB_INT, m.partnerInvalid)], { error: m.partnerInvalid }))
        .meta({ param: { name: 'parceiroId', in: 'path' }, description: 'Linha do OL da oferta selecionada; 0 ou null = do vendedor' }),
      quantidade: optionalPathText('null', m.quantityInvalid)
        .pipe(z.union([z.null(), z.string().regex(/^\d{1,7}$/, m.quantityInvalid).transform(Number).refine((n) => n >= 1 && n <= MAX_QUANTITY, m.quantityInvalid)], { error: m.quantityInvalid }))
        .meta({ param: { name: 'quantidade', in: 'path' }, description: 'Quantidade a orçar, ou null' }),
      ordem: optionalPathText('preco', m.orderInvalid)
        .pipe(z.enum(OFFER_ORDERS, { error: m.orderInvalid }).nullable())
        .meta({ param: { name: 'ordem', in: 'path' }, description: 'preco | vendedor; null = preco' }),
    }),
  },
  responses: {
    200: jsonContent(z.object({ produto: z.object({ ...ProductFields, ofertas: z.array(ProductOfferSchema) }) }), 'O produto e as suas ofertas'),
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    404: jsonContent(MessageSchema, 'O produto não está entre as ofertas da organização'),
    ...errorResponses,
  },
})

export const showMarcasCategorias = defineEndpoint({
  method: 'get',
  path: '/api/checkout/showMarcasCategorias/{companyId}',
  tags: TAG,
  summary: 'As marcas e categorias dos produtos que a organização pode comprar (filtros do mercado)',
  security: bearer,
  request: { params: z.object({ companyId: orgParam('companyId') }) },
  responses: {
    200: jsonContent(z.object({ marcas: z.array(z.string()), categorias: z.array(z.string()) }), 'Em ordem alfabética'),
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    ...errorResponses,
  },
})

export const showVerticalCategorias = defineEndpoint({
  method: 'get',
  path: '/api/checkout/showVerticalCategorias/{companyId}',
  tags: TAG,
  summary: 'As verticais dos vendedores de quem a organização pode comprar, cada uma com as categorias dos seus produtos',
  security: bearer,
  request: { params: z.object({ companyId: orgParam('companyId') }) },
  responses: {
    200: jsonContent(z.object({ verticais: z.array(z.object({ id: z.number().int(), nome: z.string(), categorias: z.array(z.string()) })) }), 'Em ordem alfabética'),
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    ...errorResponses,
  },
})

const FavoriteQuery = z.object({
  organizacao_id: pathId(1, 'Organização inválida.').meta({ description: 'A organização compradora (a da sessão)' }),
})
const favoriteAnswer = jsonContent(z.object({ message: z.string(), favorito: z.boolean() }), 'Como o produto ficou')

export const favoritarProduto = defineEndpoint({
  method: 'get',
  path: '/api/pedidos/favoritar_produto/{productId}',
  tags: TAG,
  summary: 'Marca um produto como favorito da organização (idempotente); só um produto que ela pode comprar',
  security: bearer,
  request: { params: z.object({ productId: idParam('productId', m.productInvalid, 1) }), query: FavoriteQuery },
  responses: {
    200: favoriteAnswer,
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    404: jsonContent(MessageSchema, 'O produto não está entre as ofertas da organização'),
    ...errorResponses,
  },
})

export const desfavoritarProduto = defineEndpoint({
  method: 'get',
  path: '/api/pedidos/desfavoritar_produto/{productId}',
  tags: TAG,
  summary: 'Tira um produto dos favoritos da organização (idempotente); 404 para um produto que ela nem tem nos favoritos nem pode comprar',
  security: bearer,
  request: { params: z.object({ productId: idParam('productId', m.productInvalid, 1) }), query: FavoriteQuery },
  responses: {
    200: favoriteAnswer,
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    404: jsonContent(MessageSchema, 'Produto desconhecido para a organização'),
    ...errorResponses,
  },
})

// --- The shopping list (pre-checkout): the caller's own list in the buyer organization.

export const ListLineSchema = z
  .object({
    id: z.number().int().meta({ description: 'O item da lista (pre_item_id)' }),
    quantidade: z.number().int(),
    produto: z.object(ProductFields),
    melhor_oferta: OfferSchema.extend({
      total_centavos: z.number().int(),
      problema_quantidade: z.string().nullable().meta({ description: 'Nenhuma oferta aceita a quantidade: o problema na melhor delas' }),
      quantidade_sugerida: z.number().int().nullable().meta({ description: 'A quantidade mais próxima que essa oferta aceita' }),
    })
      .nullable()
      .meta({ description: 'A melhor oferta para a quantidade da linha (o menor total entre as que aceitam a quantidade); null = sem oferta agora' }),
    outras_ofertas: z.number().int(),
  })
  .meta({ id: 'ItemListaCompras' })
export type ItemListaCompras = z.output<typeof ListLineSchema>

const listAnswer = jsonContent(
  z.object({ itens: z.array(ListLineSchema), total_centavos: z.number().int().meta({ description: 'Soma das melhores ofertas das linhas que têm uma' }) }),
  'A lista de compras, na ordem em que os produtos entraram',
)

export const showPreCheckout = defineEndpoint({
  method: 'get',
  path: '/api/checkout/showPreCheckout/{companyId}',
  tags: LIST_TAG,
  summary: 'A lista de compras de quem chama na organização, com a melhor oferta de cada linha para a sua quantidade',
  security: bearer,
  request: { params: z.object({ companyId: orgParam('companyId') }) },
  responses: { 200: listAnswer, 403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'), ...errorResponses },
})

const productIdField = idField(m.productRequired, m.productInvalid, 1)

export const addProdutoPesquisa = defineEndpoint({
  method: 'post',
  path: '/api/checkout/addProdutoPesquisa',
  tags: LIST_TAG,
  summary: 'Adiciona à lista de compras um produto achado na busca (soma à quantidade se já está lá)',
  description: 'Sem quantidade: o mínimo que a melhor oferta aceita. Só produtos que a organização pode comprar.',
  security: bearer,
  request: {
    body: jsonBody(
      z.object({ organizacao_id: organizacaoIdField, produto_id: productIdField, quantidade: quantityField.optional() }).meta({ example: { organizacao_id: 1, produto_id: 1, quantidade: 12 } }),
    ),
  },
  responses: {
    201: jsonContent(z.object({ message: z.string(), item: z.object({ id: z.number().int(), produto_id: z.number().int(), quantidade: z.number().int() }) }), 'A linha como ficou'),
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    404: jsonContent(MessageSchema, 'O produto não está entre as ofertas da organização'),
    ...errorResponses,
  },
})

export const addPreCheckout = defineEndpoint({
  method: 'post',
  path: '/api/checkout/addPreCheckout',
  tags: LIST_TAG,
  summary: `Adiciona vários produtos à lista de compras (até ${MAX_ADD_ITEMS}; somados às quantidades que já estão lá)`,
  security: bearer,
  request: {
    body: jsonBody(
      z
        .object({
          organizacao_id: organizacaoIdField,
          itens: z
            .array(z.object({ produto_id: productIdField, quantidade: quantityField }, { error: m.itemInvalid }), { error: m.itemsRequired })
            .min(1, m.itemsRequired)
            .max(MAX_ADD_ITEMS, m.itemsTooMany)
            .refine((items) => new Set(items.map((i) => i.produto_id)).size === items.length, m.itemsRepeated),
        })
        .meta({ example: { organizacao_id: 1, itens: [{ produto_id: 1, quantidade: 12 }] } }),
    ),
  },
  responses: {
    201: jsonContent(z.object({ message: z.string(), itens: z.array(z.object({ id: z.number().int(), produto_id: z.number().int(), quantidade: z.number().int() })) }), 'As linhas como ficaram'),
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    404: jsonContent(MessageSchema, 'Algum produto não está entre as ofertas da organização'),
    ...errorResponses,
  },
})

export const updateQtItemPre = defineEndpoint({
  method: 'post',
  path: '/api/checkout/updateQtItemPre',
  tags: LIST_TAG,
  summary: 'Muda a quantidade de uma linha da lista de compras',
  security: bearer,
  request: {
    body: jsonBody(
      z
        .object({ organizacao_id: organizacaoIdField, pre_item_id: idField(m.itemRequired, m.itemInvalid, 1), quantidade: quantityField })
        .meta({ example: { organizacao_id: 1, pre_item_id: 1, quantidade: 24 } }),
    ),
  },
  responses: {
    200: jsonContent(z.object({ message: z.string(), item: z.object({ id: z.number().int(), produto_id: z.number().int(), quantidade: z.number().int() }) }), 'A linha como ficou'),
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    404: jsonContent(MessageSchema, 'O item não está na lista de quem chama'),
    ...errorResponses,
  },
})

export const removePreCheckoutItem = defineEndpoint({
  method: 'get',
  path: '/api/checkout/removeprecheckoutitem/{companyId}/{preItemId}',
  tags: LIST_TAG,
  summary: 'Tira uma linha da lista de compras de quem chama',
  security: bearer,
  request: { params: z.object({ companyId: orgParam('companyId'), preItemId: idParam('preItemId', m.itemInvalid, 1) }) },
  responses: {
    200: jsonContent(MessageSchema, 'Removida'),
    403: jsonContent(MessageSchema, 'Quem chama não é membro da organização'),
    404: jsonContent(MessageSchema, 'O item não está (mais) na lista de quem chama'),
    ...errorResponses,
  },
})
