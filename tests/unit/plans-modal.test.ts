import { describe, expect, test } from 'vitest'
import { planButton, recommendedPlan, trialCountdown, trialNotice, type PlanButton, type PlanStatus } from '~/domain/plans/modal.ts'
import { PLAN_CODES, type PlanCode } from '~/domain/plans/plans.ts'

describe("the current plan card's trial notice: N = 14 − days used, during a trial, only when N > 0", () => {
  test.each<[boolean, number, number | null, string | null]>([
    [false, 0, null, null],
    [false, 5, null, null],
    [true, 0, 14, '(Teste grátis acaba em 14 dias)'],
    [true, 1, 13, '(Teste grátis acaba em 13 dias)'],
    [true, 12, 2, '(Teste grátis acaba em 2 dias)'],
    [true, 13, 1, '(Teste grátis acaba em 1 dia)'],
    [true, 14, null, null],
    [true, 20, null, null],
  ])('trial %s, %s days used → %s', (trial, trial_dias, left, notice) => {
    expect(trialCountdown({ trial, trial_dias })).toBe(left)
    expect(trialNotice({ trial, trial_dias })).toBe(notice)
  })
})

describe("the plan cards' buttons", () => {
  const current: PlanButton = { label: 'Plano atual', acao: null }
  const currentPro: PlanButton = { label: 'Plano Atual', acao: null }
  const upgrade: PlanButton = { label: 'Fazer upgrade', acao: 'mudar' }
  const downgrade: PlanButton = { label: 'Fazer downgrade', acao: 'mudar' }
  const tryIt: PlanButton = { label: 'Teste grátis 14 dias', acao: 'teste' }
  const ask: PlanButton = { label: 'Solicite alteração de plano', acao: null }
  type Status = Pick<PlanStatus, 'plano' | 'trial' | 'teste_usado'>
  const status = (plano: PlanCode, trial = false, teste_usado = trial): Status => ({ plano, trial, teste_usado })

  // The cards B, P, U, M in order, for an admin.
  test.each<[string, Status, PlanButton[]]>([
    ['Básico, no trial yet', status('B'), [current, tryIt, tryIt, tryIt]],
    ['Básico during a trial', status('B', true), [current, upgrade, upgrade, upgrade]],
    ['Básico after the trial ended', status('B', false, true), [current, upgrade, upgrade, upgrade]],
    ['Pro', status('P'), [downgrade, currentPro, upgrade, upgrade]],
    ['Pro, after a trial', status('P', false, true), [downgrade, currentPro, upgrade, upgrade]],
    ['Pro +', status('U'), [downgrade, downgrade, current, upgrade]],
    ['Pro ∞', status('M'), [downgrade, downgrade, downgrade, current]],
  ])('admin on %s', (_, s, buttons) => {
    expect(PLAN_CODES.map((card) => planButton(card, s, true))).toEqual(buttons)
  })

  test.each<[string, Status]>([
    ['Básico', status('B')],
    ['Básico during a trial', status('B', true)],
    ['Pro', status('P')],
    ['Pro +', status('U')],
    ['Pro ∞', status('M')],
  ])('a non-admin on %s may only ask, on every card, disabled', (_, s) => {
    expect(PLAN_CODES.map((card) => planButton(card, s, false))).toEqual([ask, ask, ask, ask])
  })
})

describe("the 'Recomendado' badge by order count", () => {
  test.each<[number, PlanCode]>([
    [0, 'P'],
    [99_999, 'P'],
    // The band the product's notes leave open (decision 050): Pro +.
    [100_000, 'U'],
    [500_000, 'U'],
    [999_999, 'U'],
    [1_000_000, 'U'],
    [9_999_999, 'U'],
    [10_000_000, 'M'],
    [250_000_000, 'M'],
  ])('%s orders → %s', (pedidos, plan) => {
    expect(recommendedPlan(pedidos)).toBe(plan)
  })

  test('never goes down as the count grows', () => {
    const counts = [0, 1, 99_999, 100_000, 100_001, 999_999, 1_000_000, 9_999_999, 10_000_000, 10_000_001]
    const ranks = counts.map((n) => PLAN_CODES.indexOf(recommendedPlan(n)))
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
  })
})
