import { describe, expect, test } from 'vitest'
import { headerNotices } from '~/components/shell/notices.ts'
import type { OrgTypeCode } from '~/domain/organization/org-types.ts'
import { trialBanner } from '~/domain/organization/trial.ts'
import { TRIAL_DAYS } from '~/domain/plans/plans.ts'

describe('trial banner (its rule read literally)', () => {
  test('trial length is 14 days', () => {
    expect(TRIAL_DAYS).toBe(14)
  })

  test('only type f shows it', () => {
    for (const tipo of ['v', 'b', 'r'] as OrgTypeCode[]) expect(trialBanner({ tipo, trial_days: 5 })).toBeNull()
    expect(trialBanner({ tipo: 'f', trial_days: 5 })).not.toBeNull()
  })

  test('only when trial_days > 0', () => {
    expect(trialBanner({ tipo: 'f', trial_days: 0 })).toBeNull()
    expect(trialBanner({ tipo: 'f', trial_days: -3 })).toBeNull()
    expect(trialBanner({ tipo: 'f', trial_days: Number.NaN })).toBeNull()
  })

  test('more than one: the day count itself', () => {
    expect(trialBanner({ tipo: 'f', trial_days: 2 })).toEqual({ days: 2, text: 'Teste grátis: 2 dias' })
    expect(trialBanner({ tipo: 'f', trial_days: 9 })).toEqual({ days: 9, text: 'Teste grátis: 9 dias' })
    expect(trialBanner({ tipo: 'f', trial_days: 14 })).toEqual({ days: 14, text: 'Teste grátis: 14 dias' })
  })

  test('otherwise (one day): 14 minus the days', () => {
    expect(trialBanner({ tipo: 'f', trial_days: 1 })).toEqual({ days: 13, text: 'Teste grátis: 13 dias' })
  })

  test('every whole day from 0 to 14', () => {
    const shown = Array.from({ length: 15 }, (_, d) => trialBanner({ tipo: 'f', trial_days: d })?.days ?? null)
    expect(shown).toEqual([null, 13, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
  })
})

describe('header notices', () => {
  const base = { tipo: 'v' as OrgTypeCode, msg_atraso: 0, condicoes_restritas: 0, trial_days: 0 }

  test('none when every counter is zero', () => {
    expect(headerNotices(base)).toEqual([])
  })

  test('overdue messages (msg_atraso > 0) link to the chat, singular and plural', () => {
    expect(headerNotices({ ...base, msg_atraso: 1 })).toEqual([{ key: 'overdue', text: '1 mensagem aguardando resposta', href: '/Chat', tone: 'warning' }])
    expect(headerNotices({ ...base, msg_atraso: 4 })[0].text).toBe('4 mensagens aguardando resposta')
    // It opens the chat tab where they wait: the one with more when both have some.
    expect(headerNotices({ ...base, msg_atraso: 1, msg_atraso_tipos: { B: 0, F: 1 } })[0]).toMatchObject({ href: '/Chat?tipo=F' })
    expect(headerNotices({ ...base, msg_atraso: 3, msg_atraso_tipos: { B: 2, F: 1 } })[0]).toMatchObject({ href: '/Chat?tipo=B' })
  })

  test("suspended conditions (condicoes_restritas > 0) open the 'Condições Suspensas' modal", () => {
    expect(headerNotices({ ...base, condicoes_restritas: 1 })).toEqual([{ key: 'restricted', text: '1 condição suspensa', modal: 'condicoes-suspensas', tone: 'danger' }])
    expect(headerNotices({ ...base, condicoes_restritas: 3 })[0].text).toBe('3 condições suspensas')
  })

  test('trial countdown for type f only, after the other notices', () => {
    expect(headerNotices({ ...base, trial_days: 5 })).toEqual([])
    const notices = headerNotices({ ...base, tipo: 'f', msg_atraso: 2, condicoes_restritas: 2, trial_days: 5 })
    expect(notices.map((n) => n.key)).toEqual(['overdue', 'restricted', 'trial'])
    expect(notices[2]).toEqual({ key: 'trial', text: 'Teste grátis: 5 dias', modal: 'planos', tone: 'info' })
  })
})
