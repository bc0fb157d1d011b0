/**
 * The plans and what each one allows: the one table every plan check reads, in the API (limits, features,
 * the market's condition visibility) and in the screens (the plans modal's cards). Rules and the reasons
 * behind them: docs/decisions/050-plans.md.
 */
import { TRIAL_DAYS } from './trial-days.ts'

/** B Básico, P Pro, U Pro +, M Pro ∞, from the smallest up: a plan's place here is its rank. */
export const PLAN_CODES = ['B', 'P', 'U', 'M'] as const
export type PlanCode = (typeof PLAN_CODES)[number]

/** The plans a trial can try: every paid one. */
export const PAID_PLAN_CODES = ['P', 'U', 'M'] as const
export type PaidPlanCode = (typeof PAID_PLAN_CODES)[number]

/** No limit (a limit compares with a count, so "no limit" is a number above every count). */
export const UNLIMITED = Number.POSITIVE_INFINITY

/** What a plan switches on. */
export type PlanFeature =
  | 'chatInterno'
  | 'chatExterno'
  | 'dashboard'
  /** Buyers see the seller's active, visible conditions in the market ('Condições Suspensas' otherwise). */
  | 'condicoesVisiveis'
  | 'pedidosIlimitados'
  | 'simulador'
  | 'cacaPedidos'
  | 'lojaVirtual'
  /** Integrations for stock, orders and conditions. */
  | 'integracoes'

/** What a plan counts: people in the team, commercial (C) addresses, addresses that get each new order. */
export type PlanLimit = 'usuarios' | 'emailsComerciais' | 'emailsPedidos'

/** How a plan is charged: free, per user per month (in centavos, with a billed minimum of users), or negotiated. */
export type PlanPrice = { tipo: 'gratis' } | { tipo: 'por_usuario'; centavos: number; usuariosMinimos: number } | { tipo: 'negociado' }

export type Plan = {
  codigo: PlanCode
  nome: string
  descricao: string
  preco: PlanPrice
  limites: Record<PlanLimit, number>
  recursos: Record<PlanFeature, boolean>
}

const basico: Plan = {
  codigo: 'B',
  nome: 'Básico',
  descricao: 'Para começar: uma equipe pequena, chat interno, produtos e condições sem limite.',
  preco: { tipo: 'gratis' },
  limites: { usuarios: 3, emailsComerciais: 0, emailsPedidos: 0 },
  recursos: {
    chatInterno: true,
    chatExterno: false,
    dashboard: false,
    condicoesVisiveis: false,
    pedidosIlimitados: false,
    simulador: false,
    cacaPedidos: false,
    lojaVirtual: false,
    integracoes: false,
  },
}

const pro: Plan = {
  codigo: 'P',
  nome: 'Pro',
  descricao: 'Para vender: condições visíveis aos clientes, chat externo, dashboard e pedidos ilimitados.',
  preco: { tipo: 'por_usuario', centavos: 4900, usuariosMinimos: 6 },
  limites: { usuarios: UNLIMITED, emailsComerciais: 1, emailsPedidos: 1 },
  recursos: { ...basico.recursos, chatExterno: true, dashboard: true, condicoesVisiveis: true, pedidosIlimitados: true },
}

const proPlus: Plan = {
  codigo: 'U',
  nome: 'Pro +',
  descricao: 'Para crescer: tudo do Pro, com simulador, caça-pedidos e e-mails comerciais sem limite.',
  preco: { tipo: 'por_usuario', centavos: 7900, usuariosMinimos: 12 },
  limites: { usuarios: UNLIMITED, emailsComerciais: UNLIMITED, emailsPedidos: UNLIMITED },
  recursos: { ...pro.recursos, simulador: true, cacaPedidos: true },
}

const proMax: Plan = {
  codigo: 'M',
  nome: 'Pro ∞',
  descricao: 'Sob medida: tudo do Pro +, com loja virtual e integrações de estoque, pedidos e condições.',
  preco: { tipo: 'negociado' },
  limites: proPlus.limites,
  recursos: { ...proPlus.recursos, lojaVirtual: true, integracoes: true },
}

export const PLANS: Readonly<Record<PlanCode, Plan>> = { B: basico, P: pro, U: proPlus, M: proMax }

export const isPlanCode = (value: string): value is PlanCode => (PLAN_CODES as readonly string[]).includes(value)

/** The plan of a code read from the database (a check constraint keeps it one of ours). */
export function planOf(code: string): Plan {
  if (!isPlanCode(code)) throw new Error(`Plano desconhecido: ${code}`)
  return PLANS[code]
}

/** Negative: `a` is below `b`; positive: above. */
export const compareRank = (a: PlanCode, b: PlanCode) => PLAN_CODES.indexOf(a) - PLAN_CODES.indexOf(b)

/** The plans that switch a feature on, smallest first (the SQL checks read them as a list). */
export const plansWith = (feature: PlanFeature) => PLAN_CODES.filter((code) => PLANS[code].recursos[feature])

// ---------------------------------------------------------------------------
// The trial

export { TRIAL_DAYS }
const DAY_MS = 24 * 60 * 60 * 1000
/** 14 × 24 hours: the same instant in every time zone (São Paulo has kept no daylight saving time since 2019). */
export const TRIAL_MS = TRIAL_DAYS * DAY_MS

/**
 * What the plan rules read of an organization: the plan it holds (`plano`), and, once it started its one
 * trial, when and of which plan. `trialPlano` means something only while the trial runs.
 */
export type PlanState = { plano: string; trialStartedAt: Date | null; trialPlano: string }

export const isPaidPlanCode = (value: string): value is PaidPlanCode => (PAID_PLAN_CODES as readonly string[]).includes(value)

export const trialEndsAt = (startedAt: Date) => new Date(startedAt.getTime() + TRIAL_MS)

/** A trial that runs now: the plan it gives, its start and end, and its whole days used (0 in its first 24 hours, 13 in its last). */
export type RunningTrial = { plano: PaidPlanCode; startedAt: Date; endsAt: Date; daysUsed: number }

/**
 * The trial, while it runs: on Básico, from its start until 14 days later. A paid plan taken during it ends
 * it (the plan held is no longer Básico). Evaluated on every read, so the trial ends by itself at its
 * instant, with nothing written or deleted.
 */
export function runningTrial(o: PlanState, now: Date): RunningTrial | null {
  const startedAt = o.trialStartedAt
  if (o.plano !== 'B' || !startedAt) return null
  const endsAt = trialEndsAt(startedAt)
  if (now.getTime() >= endsAt.getTime()) return null
  if (!isPaidPlanCode(o.trialPlano)) throw new Error(`Plano de teste desconhecido: ${o.trialPlano}`)
  // A start a little ahead of this clock (another server's) counts as just started.
  return { plano: o.trialPlano, startedAt, endsAt, daysUsed: Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / DAY_MS)) }
}

/** `trial_days` / `trial_dias`: the whole days of the running trial used; 0 when none runs, so it never outlives the trial. */
export const trialDaysUsed = (o: PlanState, now: Date) => runningTrial(o, now)?.daysUsed ?? 0

/** The plan whose features the organization has now: the plan tried while the trial runs, else the plan held. */
export const effectivePlan = (o: PlanState, now: Date): PlanCode => runningTrial(o, now)?.plano ?? planOf(o.plano).codigo

/** Features follow the effective plan: a trial lets the organization use what the plan tried does. */
export const planAllows = (o: PlanState, feature: PlanFeature, now: Date) => PLANS[effectivePlan(o, now)].recursos[feature]

/**
 * Counts follow the plan held, not the trial: what a trial let an organization add would be over the limit
 * the day it ends by itself, and nothing is ever deleted for it.
 */
export const planLimit = (plano: string, limit: PlanLimit) => planOf(plano).limites[limit]

/** A count may grow by one while it stays within the limit. */
export const mayAddOne = (limit: number, current: number) => current < limit

/** A limit as `permissions.pedidos_email` says it: 0 no limit, -1 none, n at most n. */
export const limitAsPermission = (limit: number) => (limit === UNLIMITED ? 0 : limit === 0 ? -1 : limit)

/** `permissions.type` of the company in session: 'P' while its effective plan is a paid one, else 'B'. */
export const permissionType = (o: PlanState, now: Date) => (effectivePlan(o, now) === 'B' ? 'B' : 'P')

// ---------------------------------------------------------------------------
// Changing plan

/**
 * What an organization uses of what a plan change must respect: its active members, its order e-mails, its
 * commercial e-mails (the company e-mails of type C), and its conditions that are active and visible (those
 * its buyers would stop seeing).
 */
export type PlanUse = { usuarios: number; emailsPedidos: number; emailsComerciais: number; condicoesVisiveis: number }

/** One thing current use exceeds in the plan asked for, and how much of it to remove. */
export type Excess = { recurso: keyof PlanUse; uso: number; limite: number; remover: number }

/**
 * What keeps an organization from moving to `target` now: each count above the target's limit, and
 * conditions its buyers see when the target keeps conditions from them. Empty: the move is allowed.
 */
export function excessesFor(use: PlanUse, target: PlanCode): Excess[] {
  const plan = PLANS[target]
  const excesses: Excess[] = []
  for (const recurso of ['usuarios', 'emailsPedidos', 'emailsComerciais'] as const) {
    const limite = plan.limites[recurso]
    if (use[recurso] > limite) excesses.push({ recurso, uso: use[recurso], limite, remover: use[recurso] - limite })
  }
  if (!plan.recursos.condicoesVisiveis && use.condicoesVisiveis > 0) {
    excesses.push({ recurso: 'condicoesVisiveis', uso: use.condicoesVisiveis, limite: 0, remover: use.condicoesVisiveis })
  }
  return excesses
}
