import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam } from '../shared/fields.ts'
import {
  chaveField,
  checkoutIdField,
  condicaoIdField,
  confirmarPrecosField,
  itemIdField,
  organizacaoIdField,
  pagamentoIdField,
  parceiroIdField,
  produtoIdField,
  quantidadeField,
  totalVistoField,
} from './schemas.ts'

/**
 * The carts (api/checkout) and sending an order (api/pedidos/enviaPedido).
 * A cart belongs to one member of a buyer organization, per condition and OL; only that member sees or
 * changes it. Decision 027.
 */
const TAGS = ['Carrinhos']

const RegraSchema = z.object({ id: z.number().int(), nome: z.string(), desconto: z.string().meta({ description: 'Porcentagem, como gravada ("2.0000")' }) })

export const CarrinhoItemSchema = z
  .object({
    id: z.number().int(),
    produto_id: z.number().int(),
    nome: z.string(),
    marca: z.string().nullable(),
    ean: z.string().nullable(),
    codigo: z.string().nullable(),
    unidade: z.string(),
    imagem: z.string().nullable(),
    quantidade: z.number().int(),
    qtd_min: z.number().int(),
    qtd_max: z.number().int().nullable(),
    multiplo: z.number().int(),
    preco_lista_centavos: z.number().int(),
    preco_visto_centavos: z.number().int().meta({ description: 'O preço unitário (tabela e desconto extra do OL, antes das regras) quando a linha foi definida' }),
    preco_atual_centavos: z.number().int().nullable().meta({ description: 'O mesmo preço hoje; null se o produto saiu da condição' }),
    preco_alterado: z.boolean(),
    preco_unitario_centavos: z.number().int().nullable().meta({ description: 'Com a regra que se aplica hoje' }),
    preco_unitario_centesimos: z.number().int().nullable().meta({ description: 'O mesmo em centésimos de centavo (R$ 0,0001): o que a linha mostra ao lado do total, que é arredondado uma vez do valor exato' }),
    total_centavos: z.number().int().nullable(),
    regra: RegraSchema.nullable(),
    disponivel: z.boolean(),
    problema: z.string().nullable(),
  })
  .meta({ id: 'CarrinhoItem' })

export const PagamentoCarrinhoSchema = z
  .object({ id: z.number().int(), nome: z.string(), prazo_dias: z.number().int(), minimo_centavos: z.number().int(), tem_formula: z.boolean() })
  .meta({ id: 'PagamentoCarrinho' })

export const TokenbaseCarrinhoSchema = z
  .object({
    token: z.string(),
    formula: z.string(),
    desconto: z.string().meta({ description: 'O desconto efetivo do carrinho sobre os preços de lista, em %, 2 casas' }),
    percent: z.string().nullable(),
    fator: z.string().nullable(),
    valor: z.number().int().nullable(),
    valor_total: z.number().int().nullable(),
    erro: z.string().nullable(),
  })
  .meta({ id: 'TokenbaseCarrinho' })

export const CarrinhoSchema = z
  .object({
    id: z.number().int(),
    organizacao_id: z.number().int(),
    condicao: z.object({ id: z.number().int(), nome: z.string(), vendedor_id: z.number().int(), vendedor_nome: z.string(), ativa: z.boolean() }),
    parceiro: z.object({ id: z.number().int(), ol_id: z.number().int(), nome: z.string(), desconto_extra: z.string() }).nullable(),
    itens: z.array(CarrinhoItemSchema),
    quantidade_total: z.number().int(),
    lista_centavos: z.number().int(),
    subtotal_centavos: z.number().int(),
    desconto: z.string(),
    pagamento: PagamentoCarrinhoSchema.nullable(),
    tem_pagamentos: z.boolean().meta({ description: 'A condição tem formas de pagamento: escolher uma é obrigatório' }),
    tokenbase: TokenbaseCarrinhoSchema.nullable(),
    total_centavos: z.number().int(),
    minimos: z.object({ valor_centavos: z.number().int(), quantidade: z.number().int(), pagamento_centavos: z.number().int() }),
    precos_alterados: z.boolean(),
    problemas: z.array(z.string()).meta({ description: 'Por que o carrinho ainda não pode ser enviado; vazio = pode' }),
  })
  .meta({ id: 'Carrinho' })

const notFound = { 404: jsonContent(MessageSchema, 'O carrinho (ou item) não existe ou não é seu') }
const forbidden = { 403: jsonContent(MessageSchema, 'Você não é membro desta organização') }

const orgParam = idParam('organizacaoId', 'Organização inválida.', 1)
const checkoutParam = idParam('checkoutId', 'Carrinho inválido.', 1)
const itemParam = idParam('itemId', 'Item do carrinho inválido.', 1)

export const AddCheckoutBody = z
  .object({
    organizacao_id: organizacaoIdField.meta({ type: 'integer', example: 1, description: 'A empresa compradora' }),
    condicao_id: condicaoIdField.meta({ type: 'integer', example: 1 }),
    parceiro_id: parceiroIdField.meta({ type: ['integer', 'null'], example: null, description: 'A linha do OL na condição; null = comprar do vendedor' }),
    produto_id: produtoIdField.meta({ type: 'integer', example: 1 }),
    quantidade: quantidadeField.meta({ type: 'integer', example: 12, description: 'A quantidade da linha (substitui a anterior)' }),
  })
  .meta({ id: 'AdicionarCarrinhoRequest', example: { organizacao_id: 1, condicao_id: 1, parceiro_id: null, produto_id: 1, quantidade: 12 } })

export const addCheckoutProdutoCondicao = defineEndpoint({
  method: 'post',
  path: '/api/checkout/addCheckoutProdutoCondicao',
  tags: TAGS,
  summary: 'Põe um produto de uma oferta (condição + OL) no carrinho do membro, criando o carrinho; a quantidade substitui a da linha',
  security: bearer,
  request: { body: jsonBody(AddCheckoutBody) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), checkout_id: z.number().int(), item_id: z.number().int(), carrinho: CarrinhoSchema }), 'Linha alterada'),
    201: jsonContent(z.object({ message: z.string(), checkout_id: z.number().int(), item_id: z.number().int(), carrinho: CarrinhoSchema }), 'Linha criada'),
    ...forbidden,
    ...errorResponses,
  },
})

export const showCheckout = defineEndpoint({
  method: 'get',
  path: '/api/checkout/showCheckout/{organizacaoId}/{checkoutId}',
  tags: TAGS,
  summary: 'Um carrinho com os preços de hoje, regras, forma de pagamento, opção Tokenbase e mínimos',
  security: bearer,
  request: { params: z.object({ organizacaoId: orgParam, checkoutId: checkoutParam }) },
  responses: { 200: jsonContent(z.object({ carrinho: CarrinhoSchema }), 'O carrinho'), ...forbidden, ...notFound, ...errorResponses },
})

export const showCheckoutItens = defineEndpoint({
  method: 'get',
  path: '/api/checkout/showCheckoutItens/{organizacaoId}',
  tags: TAGS,
  summary: 'Todos os carrinhos do membro nesta empresa, com os preços de hoje',
  security: bearer,
  request: { params: z.object({ organizacaoId: orgParam }) },
  responses: { 200: jsonContent(z.object({ carrinhos: z.array(CarrinhoSchema) }), 'Os carrinhos'), ...forbidden, ...errorResponses },
})

export const countCheckout = defineEndpoint({
  method: 'get',
  path: '/api/checkout/countCheckout/{organizacaoId}',
  tags: TAGS,
  summary: 'Quantos carrinhos e itens o membro tem nesta empresa (o selo do cabeçalho)',
  security: bearer,
  request: { params: z.object({ organizacaoId: orgParam }) },
  responses: { 200: jsonContent(z.object({ carrinhos: z.number().int(), itens: z.number().int() }), 'Contagem'), ...forbidden, ...errorResponses },
})

export const UpdateQtItemBody = z
  .object({
    organizacao_id: organizacaoIdField.meta({ type: 'integer', example: 1 }),
    item_id: itemIdField.meta({ type: 'integer', example: 1 }),
    quantidade: quantidadeField.meta({ type: 'integer', example: 24 }),
  })
  .meta({ id: 'AlterarQuantidadeCarrinhoRequest', example: { organizacao_id: 1, item_id: 1, quantidade: 24 } })

export const updateQtItem = defineEndpoint({
  method: 'post',
  path: '/api/checkout/updateQtItem',
  tags: TAGS,
  summary: 'Muda a quantidade de uma linha do carrinho (mínimo, máximo e múltiplo da condição)',
  security: bearer,
  request: { body: jsonBody(UpdateQtItemBody) },
  responses: { 200: jsonContent(z.object({ message: z.string(), carrinho: CarrinhoSchema }), 'Alterada'), ...forbidden, ...notFound, ...errorResponses },
})

export const removecheckoutitem = defineEndpoint({
  method: 'get',
  path: '/api/checkout/removecheckoutitem/{organizacaoId}/{itemId}',
  tags: TAGS,
  summary: 'Tira uma linha do carrinho; sem linhas, o carrinho é excluído',
  security: bearer,
  request: { params: z.object({ organizacaoId: orgParam, itemId: itemParam }) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), checkout_id: z.number().int(), carrinho_excluido: z.boolean() }), 'Removida'),
    ...forbidden,
    ...notFound,
    ...errorResponses,
  },
})

export const limpaCheckout = defineEndpoint({
  method: 'get',
  path: '/api/checkout/limpaCheckout/{checkoutId}',
  tags: TAGS,
  summary: 'Esvazia um carrinho (o carrinho fica, com a forma de pagamento escolhida)',
  security: bearer,
  request: { params: z.object({ checkoutId: checkoutParam }) },
  responses: { 200: jsonContent(MessageSchema, 'Esvaziado'), ...notFound, ...errorResponses },
})

export const deleteCheckoutPedido = defineEndpoint({
  method: 'get',
  path: '/api/checkout/deleteCheckoutPedido/{checkoutId}',
  tags: TAGS,
  summary: 'Exclui um carrinho',
  security: bearer,
  request: { params: z.object({ checkoutId: checkoutParam }) },
  responses: { 200: jsonContent(MessageSchema, 'Excluído'), ...notFound, ...errorResponses },
})

export const RestoreCondicoesPagamentos = defineEndpoint({
  method: 'get',
  path: '/api/checkout/RestoreCondicoesPagamentos/{checkoutId}',
  tags: TAGS,
  summary: 'As formas de pagamento do carrinho (os prazos da sua condição) e a escolhida',
  security: bearer,
  request: { params: z.object({ checkoutId: checkoutParam }) },
  responses: {
    200: jsonContent(
      z.object({
        checkout_id: z.number().int(),
        pagamento_id: z.number().int().nullable(),
        pagamentos: z.array(
          PagamentoCarrinhoSchema.extend({
            tokenbase: TokenbaseCarrinhoSchema.nullable().meta({ description: 'A opção Tokenbase deste prazo para o carrinho de hoje; null sem fórmula ou sem código do vendedor' }),
          }),
        ),
      }),
      'Formas de pagamento',
    ),
    ...notFound,
    ...errorResponses,
  },
})

export const DefinePagamentoBody = z
  .object({
    organizacao_id: organizacaoIdField.meta({ type: 'integer', example: 1 }),
    checkout_id: checkoutIdField.meta({ type: 'integer', example: 1 }),
    pagamento_id: pagamentoIdField.meta({ type: 'integer', example: 1, description: 'Um prazo da condição do carrinho (RestoreCondicoesPagamentos)' }),
  })
  .meta({ id: 'DefinirPagamentoCarrinhoRequest', example: { organizacao_id: 1, checkout_id: 1, pagamento_id: 1 } })

export const definePagamentoCheckout = defineEndpoint({
  method: 'post',
  path: '/api/checkout/definePagamentoCheckout',
  tags: TAGS,
  summary: 'Escolhe a forma de pagamento do carrinho (e, com fórmula, a sua opção Tokenbase)',
  security: bearer,
  request: { body: jsonBody(DefinePagamentoBody) },
  responses: { 200: jsonContent(z.object({ message: z.string(), carrinho: CarrinhoSchema }), 'Escolhida'), ...forbidden, ...notFound, ...errorResponses },
})

export const PedidoEnviadoSchema = z
  .object({
    id: z.number().int(),
    status: z.string(),
    chave: z.string(),
    condicao_nome: z.string(),
    vendedor_id: z.number().int(),
    ol_id: z.number().int().nullable(),
    pagamento_nome: z.string().nullable(),
    quantidade_total: z.number().int(),
    subtotal_centavos: z.number().int(),
    total_centavos: z.number().int(),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'PedidoEnviado' })

export const EnviaPedidoBody = z
  .object({
    organizacao_id: organizacaoIdField.meta({ type: 'integer', example: 1 }),
    checkout_id: checkoutIdField.meta({ type: 'integer', example: 1 }),
    chave: chaveField.meta({ example: '6f1c2d9e-4b7a-4f3e-9c1d-2a5b8e7f0a13', description: 'Chave de idempotência gerada pelo formulário: o mesmo envio repetido dá o mesmo pedido' }),
    confirmar_precos: confirmarPrecosField.meta({ type: 'boolean', example: false, description: 'true aceita os preços de hoje dos produtos cujo preço mudou' }),
    total_visto_centavos: totalVistoField.meta({
      type: ['integer', 'null'],
      example: 16371,
      description: 'O total do carrinho que o comprador viu; se o de hoje for outro (preços, regras, forma de pagamento), 409 até ser confirmado',
    }),
  })
  .meta({ id: 'EnviarPedidoRequest', example: { organizacao_id: 1, checkout_id: 1, chave: '6f1c2d9e-4b7a-4f3e-9c1d-2a5b8e7f0a13', confirmar_precos: false, total_visto_centavos: 16371 } })

export const PrecoAlteradoSchema = z.object({
  item_id: z.number().int(),
  produto_id: z.number().int(),
  nome: z.string(),
  preco_visto_centavos: z.number().int(),
  preco_atual_centavos: z.number().int(),
})

export const enviaPedido = defineEndpoint({
  method: 'post',
  path: '/api/pedidos/enviaPedido',
  tags: ['Pedidos'],
  summary: 'Transforma um carrinho em pedido, de uma vez e uma só vez por chave',
  security: bearer,
  request: { body: jsonBody(EnviaPedidoBody) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), pedido: PedidoEnviadoSchema }), 'Esta chave já fez este pedido'),
    201: jsonContent(z.object({ message: z.string(), pedido: PedidoEnviadoSchema }), 'Pedido criado'),
    409: jsonContent(
      z.object({ message: z.string(), alterados: z.array(PrecoAlteradoSchema), total_visto_centavos: z.number().int().nullable(), total_atual_centavos: z.number().int() }),
      'Preços ou total mudaram: reenviar com confirmar_precos e o total de hoje',
    ),
    // A cart that is not there (sent, deleted, another member's) is a 422 on checkout_id, with the reason.
    ...forbidden,
    ...errorResponses,
  },
})
