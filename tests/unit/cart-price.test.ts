import { expect, test } from 'vitest'
import { effectiveDiscount, priceCart, seenUnitPrice, type CartPriceInput } from '../../app/domain/checkout/cart-price.ts'
import { parseDecimal, ratio, ZERO } from '../../app/domain/pricing/decimal.ts'
import { parseFormula } from '../../app/domain/pricing/formula.ts'

const pct = (text: string) => parseDecimal(text)!
const formula = (text: string) => {
  const parsed = parseFormula(text)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.formula
}

const item = (itemId: number, over: Partial<CartPriceInput['items'][number]> = {}) => ({
  itemId,
  productId: itemId,
  nome: `Produto ${itemId}`,
  marca: null,
  categoria: null,
  listCentavos: 1000,
  quantity: 1,
  precoVistoCentavos: 900,
  offer: { table: 'desconto' as const, discountPercent: pct('10') },
  limits: { qtdMin: 1, qtdMax: null, multiplo: 1 },
  ...over,
})

const base: CartPriceInput = { items: [], rules: [], partnerId: null, olExtraPercent: ZERO, minimoValorCentavos: 0, minimoQuantidade: 0, termRequired: false, term: null, token: null }

test('the price seen is after the table and the OL extra, rounded once: R$ 3,33 less 10% then 2% is 293,706 → 294', () => {
  expect(seenUnitPrice(333, { table: 'desconto', discountPercent: pct('10') }, pct('2'))).toBe(294)
  expect(seenUnitPrice(333, { table: 'liquido', netCentavos: 500 }, ZERO)).toBe(500)
})

test('the effective discount over list prices has 2 decimals, half up, and is never negative', () => {
  expect(effectiveDiscount(19_500, 17_334)).toEqual(ratio(1111n, 100n))
  expect(effectiveDiscount(3, 2)).toEqual(ratio(3333n, 100n))
  expect(effectiveDiscount(1000, 1200)).toEqual(ZERO)
  expect(effectiveDiscount(0, 0)).toEqual(ZERO)
})

test('a tokenbase term takes its option on the subtotal; a seller without a code gives none', () => {
  const input: CartPriceInput = { ...base, items: [item(1, { quantity: 10 })], term: { id: 1, nome: 'Token', minimoCentavos: 0, formula: formula('desconto / 2') } }
  // 10 × 900 = 9.000 over 10.000: desconto 10,00; 5 % of 9.000 = 450.
  const priced = priceCart({ ...input, token: 'TK' })
  expect(priced).toMatchObject({ subtotalCentavos: 9000, desconto: '10.00', tokenbase: { ok: true, percent: '5', fator: '0.05000', valor: 450, valor_total: 8550 }, totalCentavos: 8550, problems: [] })
  expect(priceCart(input)).toMatchObject({ tokenbase: null, totalCentavos: 9000 })
})

test('a line out of the condition, a quantity out of limits, unmet minimums and a changed price are all reported', () => {
  const priced = priceCart({
    ...base,
    items: [item(1, { offer: null }), item(2, { quantity: 5, limits: { qtdMin: 6, qtdMax: null, multiplo: 1 }, precoVistoCentavos: 800 })],
    minimoValorCentavos: 10_000,
    minimoQuantidade: 6,
    termRequired: true,
  })
  expect(priced.items.map((i) => [i.available, i.priceChanged, i.totalCentavos])).toEqual([
    [false, false, null],
    [true, true, 4500],
  ])
  expect(priced.pricesChanged).toBe(true)
  expect(priced.problems).toEqual([
    'O produto Produto 1 não está mais disponível nesta condição.',
    'Produto 2: A quantidade mínima deste produto é 6 unidades.',
    'O pedido mínimo desta condição é R$\u00a0100,00; o carrinho soma R$\u00a045,00.',
    'Esta condição pede no mínimo 6 unidades; o carrinho tem 5.',
    'Escolha a forma de pagamento antes de enviar.',
  ])
  expect(priceCart({ ...base, items: [] }).problems).toEqual(['O carrinho está vazio.'])
})
