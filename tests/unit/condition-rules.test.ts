import { describe, expect, test } from 'vitest'
import { parseDecimal } from '../../app/domain/pricing/decimal.ts'
import { priceCartLines, ruleDiscounts, type CartLineInput, type ConditionRule } from '../../app/domain/pricing/rules.ts'

/** The cases of docs/decisions/020-condition-rules.md, computed by hand there. */
const dec = (text: string) => parseDecimal(text)!

const PRODUCTS = {
  A: { productId: 1, marca: 'Sol', categoria: 'Bebidas', listCentavos: 1000 },
  B: { productId: 2, marca: 'Sol', categoria: 'Limpeza', listCentavos: 2500 },
  C: { productId: 3, marca: 'Lua', categoria: 'Bebidas', listCentavos: 333 },
  D: { productId: 4, marca: 'Mar', categoria: 'Outros', listCentavos: 1000 },
} as const
type Code = keyof typeof PRODUCTS

const rule = (id: number, r: Partial<ConditionRule> & Pick<ConditionRule, 'tipo' | 'minimo' | 'desconto'>): ConditionRule => ({
  id,
  marca: null,
  categoria: null,
  productId: null,
  conditionPartnerId: null,
  ativo: true,
  ...r,
})

const OL = 9
const RULES: ConditionRule[] = [
  rule(1, { tipo: 'Q', minimo: 50, desconto: '2.0000', marca: 'Sol' }),
  rule(2, { tipo: 'Q', minimo: 100, desconto: '3.0000', marca: 'sol ' }),
  rule(3, { tipo: 'V', minimo: 100_000, desconto: '1.5000' }),
  rule(4, { tipo: 'M', minimo: 3, desconto: '2.5000' }),
  rule(5, { tipo: 'Q', minimo: 10, desconto: '5.0000', productId: 3 }),
  rule(6, { tipo: 'Q', minimo: 1, desconto: '4.0000', categoria: 'Bebidas', conditionPartnerId: OL }),
  rule(7, { tipo: 'Q', minimo: 1, desconto: '50.0000', ativo: false }),
]

const cart = (spec: Partial<Record<Code, number>>): CartLineInput[] =>
  Object.entries(spec).map(([code, quantity]) => {
    const p = PRODUCTS[code as Code]
    return { table: 'desconto', discountPercent: dec('10'), quantity: quantity!, ...p }
  })

type Expected = Record<string, [rule: number | null, unit: number, total: number]>

const CASES: [name: string, lines: Partial<Record<Code, number>>, through: 'direto' | 'ol', expected: Expected][] = [
  ['1 nothing reached', { A: 30, B: 10 }, 'direto', { A: [null, 900, 27_000], B: [null, 2250, 22_500] }],
  ['2 brand ladder, first step', { A: 40, B: 10 }, 'direto', { A: [1, 882, 35_280], B: [1, 2205, 22_050] }],
  ['3 brand ladder, second step beats the value rule; unit 2182,5 rounds up', { A: 90, B: 10 }, 'direto', { A: [2, 873, 78_570], B: [2, 2183, 21_825] }],
  ['4 three distinct products', { A: 1, B: 1, C: 1 }, 'direto', { A: [4, 878, 878], B: [4, 2194, 2194], C: [4, 292, 292] }],
  ['5 one product', { C: 10 }, 'direto', { C: [5, 285, 2847] }],
  ["6 the OL's own rule, after its extra discount", { C: 3 }, 'ol', { C: [6, 282, 846] }],
  ["7 the OL's rule does not reach a direct cart", { C: 3 }, 'direto', { C: [null, 300, 899] }],
  ["8 the product's 5% beats the OL's 4%", { C: 10 }, 'ol', { C: [5, 279, 2790] }],
  ['9 value measured before the rule', { D: 112 }, 'direto', { D: [3, 887, 99_288] }],
  ['10 value just under', { D: 111 }, 'direto', { D: [null, 900, 99_900] }],
]

describe('decision 020: the table of hand-computed cases', () => {
  test.each(CASES)('%s', (_name, lines, through, expected) => {
    const priced = priceCartLines(cart(lines), RULES, through === 'ol' ? { partnerId: OL, olExtraPercent: dec('2') } : { partnerId: null, olExtraPercent: dec('0') })
    const got = Object.fromEntries(Object.keys(lines).map((code, i) => [code, [priced[i].rule?.ruleId ?? null, priced[i].unitCentavos, priced[i].totalCentavos]]))
    expect(got).toEqual(expected)
  })
})

describe('rule choice', () => {
  const line = { productId: 1, marca: 'Café Bom', categoria: null, quantity: 5, totalCentavos: 500 }

  test('brand and category compare without case, accents or extra spaces', () => {
    expect(ruleDiscounts([line], [rule(1, { tipo: 'Q', minimo: 5, desconto: '1', marca: '  cafe   BOM ' })], null)[0]?.ruleId).toBe(1)
  })
  test('an equal percent names the older rule', () => {
    const rules = [rule(8, { tipo: 'Q', minimo: 1, desconto: '2' }), rule(3, { tipo: 'M', minimo: 1, desconto: '2.0000' })]
    expect(ruleDiscounts([line], rules, null)[0]?.ruleId).toBe(3)
  })
  test('a threshold counts only the lines in the scope', () => {
    const other = { ...line, productId: 2, marca: 'Outra', quantity: 100 }
    const result = ruleDiscounts([line, other], [rule(1, { tipo: 'Q', minimo: 6, desconto: '3', marca: 'Café Bom' })], null)
    expect(result).toEqual([null, null])
  })
  test('a rule naming two scope fields needs both', () => {
    const r = rule(1, { tipo: 'Q', minimo: 1, desconto: '3', marca: 'Café Bom', categoria: 'Grãos' })
    expect(ruleDiscounts([line], [r], null)).toEqual([null])
    expect(ruleDiscounts([{ ...line, categoria: 'graos' }], [r], null)[0]?.ruleId).toBe(1)
  })
  test('an OL rule reaches only carts through that OL', () => {
    const r = rule(1, { tipo: 'Q', minimo: 1, desconto: '3', conditionPartnerId: 4 })
    expect(ruleDiscounts([line], [r], 5)).toEqual([null])
    expect(ruleDiscounts([line], [r], 4)[0]?.ruleId).toBe(1)
  })
  test('a net-price table takes the rule from the net price', () => {
    const priced = priceCartLines(
      [{ table: 'liquido', netCentavos: 1999, quantity: 3, productId: 1, marca: null, categoria: null }],
      [rule(1, { tipo: 'Q', minimo: 3, desconto: '12.3450' })],
      { partnerId: null, olExtraPercent: dec('0') },
    )
    // 1999 × 0,87655 = 1752,22345 → R$ 17,52; × 3 = 5256,67035 → R$ 52,57.
    expect(priced[0]).toMatchObject({ unitCentavos: 1752, totalCentavos: 5257 })
  })
})
