import { PLANS, type PaidPlanCode } from './plans.ts'

/**
 * The invoices (títulos): which month, what a month of a plan costs, how an invoice is named and labelled.
 * Rules and the reasons behind them: docs/decisions/051-billing.md.
 */

/** The invoice list's plan label: P Pro, U Plus, anything else Max. */
export function invoicePlanLabel(plano: string) {
  return plano === 'P' ? 'Pro' : plano === 'U' ? 'Plus' : 'Max'
}

// ---------------------------------------------------------------------------
// Months

/** A month as 'yyyy-mm'. */
export const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/

/** Months are São Paulo's: an invoice of November is made from 1 November 00:00 there. */
const TIME_ZONE = 'America/Sao_Paulo'

let monthFormat: Intl.DateTimeFormat | undefined

/** The month ('yyyy-mm') of an instant, in São Paulo. */
export function monthAt(instant: Date) {
  monthFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit' })
  const parts = monthFormat.formatToParts(instant)
  const part = (type: string) => parts.find((p) => p.type === type)!.value
  return `${part('year')}-${part('month')}`
}

/** The month's first day, as the database's `date` holds it ('2026-11-01'). */
export const monthStart = (month: string) => `${month}-01`

/** '2026-11-01' (a `date` read back) → '2026-11'. */
export const monthOfDate = (date: string) => date.slice(0, 7)

let monthNameFormat: Intl.DateTimeFormat | undefined

/** 'novembro de 2026'. */
export function monthName(month: string) {
  const [, year, mm] = MONTH.exec(month) ?? []
  if (!year) throw new Error(`Mês inválido: ${month}`)
  monthNameFormat ??= new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', month: 'long', year: 'numeric' })
  return monthNameFormat.format(new Date(Date.UTC(Number(year), Number(mm) - 1, 15)))
}

/** Whether a month can be billed at `now`: a real month, not after the current one (a month is billed once it began). */
export function isBillableMonth(month: string, now: Date) {
  return MONTH.test(month) && month <= monthAt(now)
}

/** '11/2026'. */
export const monthShort = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`

// ---------------------------------------------------------------------------
// Amounts

/** What one month of a plan costs an organization: the plan, the users counted and billed, the unit price and the total. */
export type InvoiceAmount = {
  plano: PaidPlanCode
  /** Active members when the invoice was made. */
  usuarios: number
  /** The users charged: the active members, or the plan's minimum when there are fewer. */
  usuariosCobrados: number
  /** Per user per month; null for Pro ∞, whose amount is negotiated per organization. */
  precoUsuarioCentavos: number | null
  centavos: number
}

/**
 * One month of the plan held, or null when nothing is billed: Básico (a running trial is on Básico, so it pays
 * nothing either), and Pro ∞ without an amount negotiated for the organization. Per-user plans charge at least
 * their minimum of users (Pro 6, Pro + 12); Pro ∞ charges its negotiated monthly amount, whatever the users.
 */
export function invoiceAmount(plano: string, usuarios: number, negotiatedCentavos: number | null): InvoiceAmount | null {
  if (plano !== 'P' && plano !== 'U' && plano !== 'M') return null
  const { preco } = PLANS[plano]
  if (preco.tipo === 'por_usuario') {
    const usuariosCobrados = Math.max(usuarios, preco.usuariosMinimos)
    return { plano, usuarios, usuariosCobrados, precoUsuarioCentavos: preco.centavos, centavos: usuariosCobrados * preco.centavos }
  }
  if (preco.tipo === 'negociado' && negotiatedCentavos !== null && negotiatedCentavos > 0) {
    return { plano, usuarios, usuariosCobrados: usuarios, precoUsuarioCentavos: null, centavos: negotiatedCentavos }
  }
  return null
}

/** Centavos as the API's `valor` says them: reais, a number with at most two decimals (29400 → 294, 123456 → 1234.56). */
export const centavosAsReais = (centavos: number) => centavos / 100

/** The invoice's number, as the receipt and the mail write it: the month and the invoice's id ('202611-000123'). */
export const invoiceNumber = (id: number, month: string) => `${month.replace('-', '')}-${String(id).padStart(6, '0')}`
