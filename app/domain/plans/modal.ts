import { planMessages as m } from './messages.ts'
import { compareRank, TRIAL_DAYS, type PaidPlanCode, type PlanCode } from './plans.ts'

/** What the plans modal reads of restorePlain to decide its texts. */
export type PlanStatus = {
  /** The plan held (during a trial, still Básico). */
  plano: PlanCode
  /** The trial runs now. */
  trial: boolean
  /** Whole days of the trial used. */
  trial_dias: number
  /** The organization started its one trial at some point (running or ended). */
  teste_usado: boolean
}

/** N of '(Teste grátis acaba em N dias)': 14 − days used, during a trial and only when above 0. */
export function trialCountdown(status: Pick<PlanStatus, 'trial' | 'trial_dias'>): number | null {
  if (!status.trial) return null
  const left = TRIAL_DAYS - status.trial_dias
  return left > 0 ? left : null
}

/** The current plan card's trial notice, or null when there is none to show. */
export function trialNotice(status: Pick<PlanStatus, 'trial' | 'trial_dias'>): string | null {
  const left = trialCountdown(status)
  return left === null ? null : m.trialEndsIn(left)
}

/** A card's button: its label, and what pressing it asks (null: disabled). */
export type PlanButton = { label: string; acao: 'teste' | 'mudar' | null }

/**
 * The label of a plan card's button. Non-admins may only ask an admin ('Solicite alteração de plano',
 * disabled). For an admin: the plan held is 'Plano atual' ('Plano Atual' on Pro, as the product writes
 * it); a plan below it 'Fazer downgrade'; a plan above it 'Fazer upgrade', except on Básico before any trial,
 * where it offers the trial ('Teste grátis 14 dias'). Once the one trial was used, a plan above says
 * 'Fazer upgrade' again: offering a trial the API would refuse helps no one.
 */
export function planButton(card: PlanCode, status: Pick<PlanStatus, 'plano' | 'trial' | 'teste_usado'>, isAdmin: boolean): PlanButton {
  if (!isAdmin) return { label: m.requestChange, acao: null }
  const rank = compareRank(card, status.plano)
  if (rank === 0) return { label: card === 'P' ? m.currentPro : m.current, acao: null }
  if (rank < 0) return { label: m.downgrade, acao: 'mudar' }
  if (status.plano === 'B' && !status.trial && !status.teste_usado) return { label: m.startTrial, acao: 'teste' }
  return { label: m.upgrade, acao: 'mudar' }
}

/** Below this many orders, Pro is recommended. */
export const PRO_UP_TO = 100_000
/** From this many orders on, Pro ∞ is recommended. */
export const PRO_MAX_FROM = 10_000_000

/**
 * The card with the 'Recomendado' badge for an organization's order count: Pro below 100,000, Pro ∞ from
 * 10,000,000, Pro + between. The product's notes recommend Pro + from 1,000,000 and say nothing of 100,000 to
 * 999,999; that band gets Pro + too, so every count has one recommendation and it only grows with the count
 * (docs/decisions/050-plans.md).
 */
export function recommendedPlan(pedidos: number): PaidPlanCode {
  if (pedidos < PRO_UP_TO) return 'P'
  if (pedidos < PRO_MAX_FROM) return 'U'
  return 'M'
}
