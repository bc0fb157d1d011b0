import { billingMessages as m } from '../../app/domain/plans/billing-messages.ts'
import { monthAt } from '../../app/domain/plans/invoices.ts'
import { runBilling, type BillingDeps } from './job.ts'

/** How often the server checks for organizations to bill: one that took a paid plan is billed within the hour. */
export const BILLING_EVERY_MS = 60 * 60_000
/** The first check, a little after the start: not in the way of the start itself. */
export const BILLING_FIRST_AFTER_MS = 60_000

/**
 * Bills the current month (São Paulo's) every hour inside the server. Each check costs one read when every
 * paying organization has its invoice already; a month is billed once, whatever the number of checks and of
 * nodes (runBilling's unique key). One check at a time on this node.
 */
export function scheduleBilling(deps: BillingDeps, options: { everyMs?: number; firstAfterMs?: number } = {}) {
  let running = false
  const check = async () => {
    if (running) return
    running = true
    try {
      const report = await runBilling(deps, { month: monthAt(new Date()) })
      if (report.criados || report.entregues || report.falhas) console.log(m.jobSummary(report))
    } catch (error) {
      console.error(m.jobFailed, error)
    } finally {
      running = false
    }
  }
  const first = setTimeout(check, options.firstAfterMs ?? BILLING_FIRST_AFTER_MS)
  const every = setInterval(check, options.everyMs ?? BILLING_EVERY_MS)
  first.unref()
  every.unref()
  return {
    stop() {
      clearTimeout(first)
      clearInterval(every)
    },
  }
}
