/** Texts of the market and the shopping list: calls and screen. */

/** Lines a shopping list holds: it is shown whole, with each line's best offer. */
export const MAX_LIST_LINES = 200
/** Products addPreCheckout takes at once. */
export const MAX_ADD_ITEMS = 100
/** The largest quantity a line may ask for (condition lines use the same bound). */
export const MAX_QUANTITY = 1_000_000
/** Suggestions mercadoPesquisa answers. */
export const MAX_SUGGESTIONS = 8

export const marketMessages = {
  // calls
  orgInvalid: 'Organização inválida.',
  orgRequired: 'A organização é obrigatória.',
  perPageInvalid: 'Itens por página deve ser um número de 1 a 100.',
  filterTypeInvalid: 'Tipo de filtro inválido: use todos, vertical, marca, categoria ou favoritos.',
  filterInvalid: 'Valor do filtro inválido.',
  verticalInvalid: 'Vertical inválida.',
  searchTooLong: 'A busca deve ter no máximo 255 caracteres.',
  productRequired: 'O produto é obrigatório.',
  productInvalid: 'Produto inválido.',
  conditionInvalid: 'Condição inválida.',
  partnerInvalid: 'OL inválido: use o id da linha do OL na condição, ou 0 para comprar do vendedor.',
  orderInvalid: 'Ordem inválida: use preco ou vendedor.',
  quantityInvalid: `Informe uma quantidade inteira de 1 a ${MAX_QUANTITY.toLocaleString('pt-BR')}.`,
  itemRequired: 'O item da lista é obrigatório.',
  itemInvalid: 'Item da lista inválido.',
  itemsRequired: 'Informe ao menos um produto.',
  itemsTooMany: `Adicione no máximo ${MAX_ADD_ITEMS} produtos de uma vez.`,
  itemsRepeated: 'O mesmo produto aparece mais de uma vez.',
  productNotOffered: 'Produto não encontrado entre as ofertas disponíveis para esta organização.',
  itemNotFound: 'Item não encontrado na sua lista de compras.',
  listFull: `A lista de compras comporta até ${MAX_LIST_LINES} produtos: mova ou remova alguns antes de adicionar outros.`,
  favorited: 'Produto adicionado aos favoritos.',
  unfavorited: 'Produto removido dos favoritos.',
  addedToList: 'Produto adicionado à lista de compras.',
  addedManyToList: (n: number) => (n === 1 ? '1 produto adicionado à lista de compras.' : `${n} produtos adicionados à lista de compras.`),
  listQuantityUpdated: 'Quantidade atualizada.',
  listItemRemoved: 'Produto removido da lista de compras.',

  // screen
  title: 'Mercado',
  searchLabel: 'Buscar produtos',
  searchPlaceholder: 'Nome, marca, categoria, EAN ou código',
  myFlag: 'Minha bandeira',
  empty: 'Nenhum produto disponível para compra ainda. Quando um fornecedor incluir sua empresa em uma condição comercial, os produtos dela aparecem aqui.',
  noneFound: 'Nenhum produto encontrado com estes filtros.',
  bestOffer: 'Melhor oferta',
  seeOffers: 'Ver ofertas',
  otherOffers: (n: number) => (n === 0 ? 'Nenhuma outra oferta' : n === 1 ? '+1 oferta' : `+${n} ofertas`),
  offersTitle: (nome: string) => `Ofertas de ${nome}`,
  offerGone: 'Este produto não está mais entre as suas ofertas.',
  addToCart: 'Adicionar ao carrinho',
  addToList: 'Adicionar à lista',
  addedToCart: 'Produto adicionado ao carrinho.',
  favorite: 'Favoritar',
  unfavorite: 'Remover dos favoritos',
  listTab: 'Lista de compras',
  productsTab: 'Produtos',
  listEmpty: 'Sua lista de compras está vazia. Use “Adicionar à lista” nos produtos do mercado.',
  moveToCart: 'Mover para o carrinho',
  movedToCart: 'Produto movido para o carrinho.',
  remove: 'Remover',
  update: 'Atualizar',
  noOfferNow: 'Sem oferta disponível no momento.',
  direct: 'Direto do fornecedor',
  through: (ol: string) => `Via ${ol}`,
  validUntil: (date: string) => `Válida até ${date}`,
  minimumOrder: (value: string) => `Pedido mínimo ${value}`,
  minimumUnits: (n: number) => `Mínimo de ${n.toLocaleString('pt-BR')} unidades por pedido`,
  unknownAction: 'Ação desconhecida.',
} as const
