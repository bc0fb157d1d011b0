import { formatBrl } from '../catalog/money.ts'
import { conditionScreenMessages as m } from './messages.ts'

/** Only the minimums a condition has: 'R$ 500,00', '12 un.', both, or 'Sem mínimo' (never 'R$ 0,00' or '0 un.'). */
export function minimumsText(valorCentavos: number, quantidade: number) {
  const parts = [valorCentavos ? formatBrl(valorCentavos) : null, quantidade ? `${quantidade} un.` : null].filter(Boolean)
  return parts.length ? parts.join(' · ') : m.noMinimum
}
