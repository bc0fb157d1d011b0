import type { QuantityLimits } from './quantity.ts'
import { units } from './quantity-messages.ts'

// Apart from quantity.ts, which the market's cards load: only the cart shows the rule in words.

/** The limits in words, shown beside a cart line's quantity ('De 6 a 60 unidades, em múltiplos de 6.'); null when any quantity goes. */
export function quantityRule({ qtdMin: min, qtdMax: max, multiplo: step }: QuantityLimits): string | null {
  if (min <= 1 && max === null && step <= 1) return null
  const range = max === null ? `A partir de ${units(min)}` : min === max ? `Só ${units(min)}` : `De ${min.toLocaleString('pt-BR')} a ${units(max)}`
  return `${range}${step > 1 ? `, em múltiplos de ${step.toLocaleString('pt-BR')}` : ''}.`
}
