import { compare, div, fromInteger, HUNDRED, mul, ratio, roundHalfUp, scaledText, type Ratio } from './decimal.ts'
import type { Formula } from './formula.ts'
import { pricingMessages as m } from './messages.ts'

/**
 * A tokenbase payment option (percent, fator, valor, valor_total). The formula gives the
 * percentage for the condition's discount (`desconto`); fator is that percentage over 100 rounded to 5
 * decimals; the price total is total − total × fator, rounded half up to the centavo once.
 * docs/decisions/017-pricing.md.
 */
export type TokenbaseOption = {
  /** The percent applied, fator × 100, with up to 3 decimals ('12.5'). */
  percent: string
  /** percent / 100 rounded to 5 decimals ('0.12500'). */
  fator: string
  /** total × fator, in centavos. */
  valor: number
  /** total − valor, in centavos. */
  valor_total: number
}


export function tokenbaseOption(formula: Formula, desconto: Ratio, totalCentavos: number): { ok: true; option: TokenbaseOption } | { ok: false; message: string } {
  const result = formula.evaluate(desconto)
  if (!result.ok) return result
  const percent = result.value
  if (compare(percent, HUNDRED) > 0 || compare(percent, fromInteger(-100)) < 0) {
    return { ok: false, message: m.formulaOutOfRange(trimZeros(scaledText(roundHalfUp(percent, 2), 2)).replace('.', ',')) }
  }
  const fatorScaled = roundHalfUp(div(percent, HUNDRED), 5)
  const total = BigInt(totalCentavos)
  const valor = tokenbaseValor(totalCentavos, ratio(fatorScaled, 100_000n))
  return {
    ok: true,
    option: {
      // The percent applied: fator × 100 (3 decimals), so that the percent shown times the total is the amount shown;
      // the formula's own 3,22333 % beside an amount of 3,223 % was R$ 0,30 off on R$ 90.460,32.
      percent: trimZeros(scaledText(fatorScaled, 3)),
      fator: scaledText(fatorScaled, 5),
      valor: Number(valor),
      valor_total: Number(total - valor),
    },
  }
}

/** total × fator rounded half up to the centavo: what a tokenbase takes off (adds, when negative) a total. */
export function tokenbaseValor(totalCentavos: number, fator: Ratio): bigint {
  return roundHalfUp(mul(fromInteger(totalCentavos), fator), 0)
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text)
