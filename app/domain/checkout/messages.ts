import { formatBrl } from '../catalog/money.ts'

/** Texts of the carts and of sending an order (decision 027). */
export const checkoutMessages = {
  organizacaoRequired: 'A organização é obrigatória.',
  organizacaoInvalid: 'Organização inválida.',
  condicaoRequired: 'Informe a condição.',
  condicaoInvalid: 'Condição inválida.',
  parceiroInvalid: 'OL inválido.',
  produtoRequired: 'Informe o produto.',
  produtoInvalid: 'Produto inválido.',
  checkoutRequired: 'Informe o carrinho.',
  checkoutInvalid: 'Carrinho inválido.',
  itemRequired: 'Informe o item do carrinho.',
  itemInvalid: 'Item do carrinho inválido.',
  pagamentoRequired: 'Escolha a forma de pagamento.',
  pagamentoInvalid: 'Forma de pagamento inválida.',
  quantidadeInvalid: 'Informe uma quantidade inteira de 1 a 1.000.000.',
  chaveInvalid: 'A chave do envio deve ter de 8 a 100 letras, números, hífens ou sublinhados.',
  confirmarInvalid: 'confirmar_precos deve ser verdadeiro ou falso.',
  totalVistoInvalid: 'total_visto_centavos deve ser um número inteiro de centavos.',

  cartNotFound: 'Carrinho não encontrado.',
  itemNotFound: 'Item do carrinho não encontrado.',
  offerClosed: 'Esta oferta não está disponível para a sua empresa.',
  productNotInCondition: 'Este produto não está nesta condição.',
  productUnavailable: (nome: string) => `O produto ${nome} não está mais disponível nesta condição.`,
  lineProblem: (nome: string, problem: string) => `${nome}: ${problem}`,
  lineTooBig: 'O total desta linha passa do limite de um pedido. Diminua a quantidade.',
  cartTooBig: 'O total do carrinho passa do limite de um pedido (R$ 21.474.836,47). Divida-o em mais de um pedido.',
  termNotInCondition: 'Esta forma de pagamento não é desta condição.',

  added: (nome: string) => `${nome} no carrinho.`,
  // The same product again sets its quantity (a double click does not double it): said, so that no one expects a sum.
  quantityReplaced: (nome: string, before: number, after: number) =>
    before === after ? `${nome} já estava no carrinho com ${after} unidades.` : `Quantidade de ${nome} no carrinho alterada de ${before} para ${after}.`,
  quantityUpdated: 'Quantidade atualizada.',
  itemRemoved: 'Item removido do carrinho.',
  cartCleared: 'Carrinho esvaziado.',
  cartDeleted: 'Carrinho excluído.',
  termChosen: (nome: string) => `Forma de pagamento: ${nome}.`,

  conditionInactive: (nome: string) => `A condição ${nome} não está ativa: este carrinho não pode ser enviado.`,
  buyerBlocked: 'O fornecedor bloqueou as compras da sua empresa: este pedido não pode ser enviado.',
  emptyCart: 'O carrinho está vazio.',
  termRequired: 'Escolha a forma de pagamento antes de enviar.',
  minimumValue: (min: number, have: number) => `O pedido mínimo desta condição é ${formatBrl(min)}; o carrinho soma ${formatBrl(have)}.`,
  minimumQuantity: (min: number, have: number) => `Esta condição pede no mínimo ${min.toLocaleString('pt-BR')} unidades; o carrinho tem ${have.toLocaleString('pt-BR')}.`,
  minimumTerm: (nome: string, min: number, have: number) => `A forma de pagamento ${nome} pede um pedido mínimo de ${formatBrl(min)}; o carrinho soma ${formatBrl(have)}.`,
  tokenbaseFailed: (reason: string) => `A opção Tokenbase desta forma de pagamento não pôde ser calculada: ${reason}`,
  pricesChanged: (n: number) =>
    n === 1 ? 'O preço de 1 produto mudou desde que foi colocado no carrinho. Confira e confirme para enviar com o preço de hoje.' : `Os preços de ${n} produtos mudaram desde que foram colocados no carrinho. Confira e confirme para enviar com os preços de hoje.`,
  totalChanged: (before: number, now: number) =>
    `O total deste carrinho mudou de ${formatBrl(before)} para ${formatBrl(now)} desde que você o viu (preços, regras ou forma de pagamento). Confira e confirme para enviar com o total de hoje.`,
  sent: (id: number) => `Pedido nº ${id} enviado com sucesso.`,
  keyUsedByAnotherCart: (id: number) => `Esta chave de envio já fez o pedido nº ${id}, de outro carrinho. Recarregue a página e envie este carrinho de novo.`,
} as const

/** Texts of the cart screen (/market/carrinho). */
export const cartScreenMessages = {
  title: 'Carrinhos',
  intro: 'Um carrinho por condição e OL. Cada um vira um pedido.',
  empty: 'Seus carrinhos estão vazios. Escolha produtos no Mercado.',
  toMarket: 'Ir para o Mercado',
  through: (ol: string) => `via ${ol}`,
  fromSeller: 'direto do fornecedor',
  unavailable: 'Indisponível',
  priceWas: (before: string, now: string) => `Preço mudou: era ${before}, hoje ${now}.`,
  totalWas: (before: string, now: string) => `Total do carrinho: era ${before}, hoje ${now}.`,
  pickTermTitle: 'Selecione a forma de pagamento',
  tokenTitle: 'Selecione a opção Tokenbase',
  tokenIntro: (desconto: string) => `Desconto do carrinho: ${desconto}%. Escolha uma opção para continuar.`,
  tokenRequired: 'Escolha uma opção Tokenbase.',
  noTerms: 'Esta condição não tem formas de pagamento: o pedido segue sem prazo.',
  changeTerm: 'Escolher forma de pagamento',
  send: 'Enviar pedido',
  confirmPrices: 'Confirmar preços e enviar',
  changedTitle: 'Preços alterados',
  sentLink: 'Ver pedidos',
  cartGone: 'Este carrinho não existe mais.',
  confirmDelete: (items: number) => `Excluir este carrinho e ${items === 1 ? 'o seu item' : `os seus ${items} itens`}? Não dá para desfazer: os produtos continuam no mercado.`,
  confirmDeleteButton: 'Sim, excluir o carrinho',
  sentElsewhere: 'Este carrinho não existe mais: se ele foi enviado em outra aba ou por outra pessoa da empresa, o pedido está em Pedidos.',
} as const
