import { describe, expect, test } from 'vitest'
import { planChangeRefusals } from '~/domain/plans/change.ts'
import { planItems, planMessages as m } from '~/domain/plans/messages.ts'
import {
  effectivePlan,
  excessesFor,
  limitAsPermission,
  mayAddOne,
  permissionType,
  planAllows,
  planLimit,
  PLANS,
  plansWith,
  runningTrial,
  TRIAL_DAYS,
  trialDaysUsed,
  UNLIMITED,
  type PlanCode,
  type PlanFeature,
  type PlanState,
  type PlanUse,
} from '~/domain/plans/plans.ts'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const start = new Date('2026-11-10T15:00:00Z')
const at = (ms: number) => new Date(start.getTime() + ms)
const state = (plano: string, trialStartedAt: Date | null = null, trialPlano = 'P'): PlanState => ({ plano, trialStartedAt, trialPlano })

describe('the table of plans', () => {
  test('names, prices in centavos per user per month with their billed minimum, Pro ∞ negotiated, Básico free', () => {
    expect(Object.values(PLANS).map((p) => [p.codigo, p.nome, p.preco])).toEqual([
      ['B', 'Básico', { tipo: 'gratis' }],
      ['P', 'Pro', { tipo: 'por_usuario', centavos: 4900, usuariosMinimos: 6 }],
      ['U', 'Pro +', { tipo: 'por_usuario', centavos: 7900, usuariosMinimos: 12 }],
      ['M', 'Pro ∞', { tipo: 'negociado' }],
    ])
  })

  test.each<[PlanCode, number, number, number]>([
    ['B', 3, 0, 0],
    ['P', UNLIMITED, 1, 1],
    ['U', UNLIMITED, UNLIMITED, UNLIMITED],
    ['M', UNLIMITED, UNLIMITED, UNLIMITED],
  ])('%s limits: users %s, commercial e-mails %s, order e-mails %s', (code, usuarios, emailsComerciais, emailsPedidos) => {
    expect(PLANS[code].limites).toEqual({ usuarios, emailsComerciais, emailsPedidos })
  })

  // Each plan adds to the one below: Básico internal chat; Pro external chat, dashboard, unlimited orders and
  // conditions its buyers see; Pro + simulator and order hunting; Pro ∞ virtual store and integrations.
  test.each<[PlanFeature, PlanCode[]]>([
    ['chatInterno', ['B', 'P', 'U', 'M']],
    ['chatExterno', ['P', 'U', 'M']],
    ['dashboard', ['P', 'U', 'M']],
    ['condicoesVisiveis', ['P', 'U', 'M']],
    ['pedidosIlimitados', ['P', 'U', 'M']],
    ['simulador', ['U', 'M']],
    ['cacaPedidos', ['U', 'M']],
    ['lojaVirtual', ['M']],
    ['integracoes', ['M']],
  ])('%s is in %j', (feature, codes) => {
    expect(plansWith(feature)).toEqual(codes)
  })

  test.each<[PlanCode, string[]]>([
    ['B', ['Até 3 usuários', 'Chat interno', 'Produtos e condições ilimitados']],
    [
      'P',
      ['Usuários ilimitados', 'Chat interno e externo', 'Produtos e condições ilimitados', 'Condições visíveis para os clientes', 'Dashboard', '1 e-mail comercial', 'Pedidos ilimitados'],
    ],
    [
      'U',
      [
        'Usuários ilimitados',
        'Chat interno e externo',
        'Produtos e condições ilimitados',
        'Condições visíveis para os clientes',
        'Dashboard',
        'E-mails comerciais ilimitados',
        'Pedidos ilimitados',
        'Simulador',
        'Caça-pedidos',
      ],
    ],
    [
      'M',
      [
        'Usuários ilimitados',
        'Chat interno e externo',
        'Produtos e condições ilimitados',
        'Condições visíveis para os clientes',
        'Dashboard',
        'E-mails comerciais ilimitados',
        'Pedidos ilimitados',
        'Simulador',
        'Caça-pedidos',
        'Loja virtual',
        'Integrações de estoque, pedidos e condições',
      ],
    ],
  ])("%s card's items are written from the table", (code, items) => {
    expect(planItems(code)).toEqual(items)
  })

  test.each([
    [UNLIMITED, 0],
    [0, -1],
    [1, 1],
    [5, 5],
  ])('limit %s is permissions.pedidos_email %s', (limit, permission) => {
    expect(limitAsPermission(limit)).toBe(permission)
  })

  test.each([
    [0, 0, false],
    [1, 0, true],
    [1, 1, false],
    [3, 2, true],
    [3, 3, false],
    [3, 4, false],
    [UNLIMITED, 1_000_000, true],
  ])('limit %s with %s in use: one more allowed = %s', (limit, current, allowed) => {
    expect(mayAddOne(limit, current)).toBe(allowed)
  })

  test('an unknown plan code is an error, not Básico', () => {
    expect(() => planLimit('X', 'usuarios')).toThrow('Plano desconhecido: X')
  })
})

describe('the trial: 14 × 24 hours from its start, on Básico, evaluated when read', () => {
  test('lasts 14 days', () => expect(TRIAL_DAYS).toBe(14))

  test.each<[string, PlanState, Date, PlanCode, number]>([
    ['no trial: the plan held', state('B'), at(0), 'B', 0],
    ['a paid plan without trial', state('U'), at(0), 'U', 0],
    ['the first instant of a trial of Pro', state('B', start, 'P'), at(0), 'P', 0],
    ['23 h 59 in', state('B', start, 'U'), at(DAY - 1), 'U', 0],
    ['one day in', state('B', start, 'U'), at(DAY), 'U', 1],
    ['the last millisecond (day 13)', state('B', start, 'M'), at(14 * DAY - 1), 'M', 13],
    ['its end instant: back to Básico', state('B', start, 'M'), at(14 * DAY), 'B', 0],
    ['long after', state('B', start, 'M'), at(400 * DAY), 'B', 0],
    ['a paid plan taken during it ends it', state('P', start, 'M'), at(DAY), 'P', 0],
    ['a start a little ahead of this clock counts as just started', state('B', start, 'U'), at(-5000), 'U', 0],
  ])('%s', (_, org, now, plan, days) => {
    expect(effectivePlan(org, now)).toBe(plan)
    expect(trialDaysUsed(org, now)).toBe(days)
    expect(runningTrial(org, now) !== null).toBe(plan !== org.plano)
  })

  test("the running trial's end is its start + 14 × 24 h, whatever the time zone", () => {
    expect(runningTrial(state('B', start, 'U'), at(3 * DAY))).toEqual({
      plano: 'U',
      startedAt: start,
      endsAt: new Date('2026-11-24T15:00:00Z'),
      daysUsed: 3,
    })
  })

  test('features follow the effective plan; counts the plan held', () => {
    const onTrial = state('B', start, 'U')
    expect(planAllows(onTrial, 'simulador', at(DAY))).toBe(true)
    expect(planAllows(onTrial, 'condicoesVisiveis', at(DAY))).toBe(true)
    expect(planAllows(onTrial, 'condicoesVisiveis', at(15 * DAY))).toBe(false)
    expect(planAllows(onTrial, 'lojaVirtual', at(DAY))).toBe(false)
    expect(planLimit(onTrial.plano, 'usuarios')).toBe(3)
    expect(permissionType(onTrial, at(DAY))).toBe('P')
    expect(permissionType(onTrial, at(14 * DAY))).toBe('B')
    expect(permissionType(state('M'), at(0))).toBe('P')
  })
})

describe('changing plan: refused while current use exceeds the plan asked for', () => {
  const use = (over: Partial<PlanUse> = {}): PlanUse => ({ usuarios: 2, emailsPedidos: 0, emailsComerciais: 0, condicoesVisiveis: 0, ...over })

  test.each<[string, string, PlanUse, PlanCode, string[]]>([
    ['an upgrade, whatever the use', 'B', use({ usuarios: 3 }), 'M', []],
    ['Pro to Básico within its limits', 'P', use({ usuarios: 3 }), 'B', []],
    ['the plan held', 'U', use(), 'U', [m.samePlan('Pro +')]],
    ['Básico during a trial (the plan held)', 'B', use(), 'B', [m.samePlan('Básico')]],
    [
      'Pro to Básico with 5 users',
      'P',
      use({ usuarios: 5 }),
      'B',
      ['O plano Básico permite até 3 usuários e a equipe tem 5: remova 2 usuários em Meu Time antes de mudar.'],
    ],
    [
      'Pro to Básico with 4 users',
      'P',
      use({ usuarios: 4 }),
      'B',
      ['O plano Básico permite até 3 usuários e a equipe tem 4: remova 1 usuário em Meu Time antes de mudar.'],
    ],
    [
      'Pro + to Pro with 3 order e-mails',
      'U',
      use({ emailsPedidos: 3 }),
      'P',
      ['O plano Pro permite 1 e-mail de pedidos e a empresa tem 3 e-mails de pedidos: remova 2 e-mails de pedidos antes de mudar.'],
    ],
    [
      'Pro to Básico with 1 order e-mail',
      'P',
      use({ emailsPedidos: 1 }),
      'B',
      ['O plano Básico não envia pedidos por e-mail e a empresa tem 1 e-mail de pedidos: remova 1 e-mail de pedidos antes de mudar.'],
    ],
    [
      'Pro to Básico with 2 conditions its buyers see',
      'P',
      use({ condicoesVisiveis: 2 }),
      'B',
      ['No plano Básico, os clientes não veem as condições, e a empresa tem 2 condições ativas e visíveis: oculte-as ou desative-as em Condições antes de mudar.'],
    ],
    [
      'Pro + to Pro with 3 commercial e-mails',
      'U',
      use({ emailsComerciais: 3 }),
      'P',
      ['O plano Pro permite 1 e-mail comercial e a empresa tem 3 e-mails comerciais: remova 2 e-mails comerciais antes de mudar.'],
    ],
    [
      'Pro to Básico with 1 commercial e-mail',
      'P',
      use({ emailsComerciais: 1 }),
      'B',
      ['O plano Básico não inclui e-mails comerciais e a empresa tem 1 e-mail comercial: remova 1 e-mail comercial antes de mudar.'],
    ],
    ['Pro + to Pro with 1 commercial e-mail', 'U', use({ emailsComerciais: 1 }), 'P', []],
    ['Pro ∞ to Pro + keeps every count', 'M', use({ usuarios: 40, emailsPedidos: 9, emailsComerciais: 12, condicoesVisiveis: 7 }), 'U', []],
    [
      'Pro ∞ to Básico over everything: every reason, in order',
      'M',
      use({ usuarios: 4, emailsPedidos: 2, emailsComerciais: 2, condicoesVisiveis: 1 }),
      'B',
      [
        'O plano Básico permite até 3 usuários e a equipe tem 4: remova 1 usuário em Meu Time antes de mudar.',
        'O plano Básico não envia pedidos por e-mail e a empresa tem 2 e-mails de pedidos: remova 2 e-mails de pedidos antes de mudar.',
        'O plano Básico não inclui e-mails comerciais e a empresa tem 2 e-mails comerciais: remova 2 e-mails comerciais antes de mudar.',
        'No plano Básico, os clientes não veem as condições, e a empresa tem 1 condição ativa e visível: oculte-as ou desative-as em Condições antes de mudar.',
      ],
    ],
  ])('%s', (_, held, current, target, refusals) => {
    expect(planChangeRefusals(held, current, target)).toEqual(refusals)
  })

  test('each excess says how much to remove', () => {
    expect(excessesFor({ usuarios: 7, emailsPedidos: 4, emailsComerciais: 1, condicoesVisiveis: 3 }, 'P')).toEqual([{ recurso: 'emailsPedidos', uso: 4, limite: 1, remover: 3 }])
    expect(excessesFor({ usuarios: 7, emailsPedidos: 0, emailsComerciais: 0, condicoesVisiveis: 3 }, 'B')).toEqual([
      { recurso: 'usuarios', uso: 7, limite: 3, remover: 4 },
      { recurso: 'condicoesVisiveis', uso: 3, limite: 0, remover: 3 },
    ])
  })
})
