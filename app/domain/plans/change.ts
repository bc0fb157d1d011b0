import { planMessages as m } from './messages.ts'
import { excessesFor, PLANS, type PlanCode, type PlanUse } from './plans.ts'

/**
 * Why a change from the plan held to `target` is refused now, one sentence each (what to remove first);
 * empty when it is allowed. An upgrade is never refused: no limit of a bigger plan is smaller.
 */
export function planChangeRefusals(held: string, use: PlanUse, target: PlanCode): string[] {
  const plan = PLANS[target]
  if (held === target) return [m.samePlan(plan.nome)]
  return excessesFor(use, target).map((excess) => m.excess(plan, excess))
}
