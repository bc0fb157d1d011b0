import { sql } from 'drizzle-orm'
import { plansWith, TRIAL_DAYS, type PlanFeature } from '../../../app/domain/plans/plans.ts'

/**
 * The plan rules of app/domain/plans/plans.ts written in SQL, for the reads that decide plan features over many
 * organizations at once (the market: which sellers' conditions buyers see). `alias` is the organizations row's
 * alias in the enclosing query.
 */

/** 14 × 24 hours, as TRIAL_MS: not '14 days', which PostgreSQL would stretch over a daylight saving change. */
const TRIAL_LENGTH = sql.raw(`interval '${TRIAL_DAYS * 24} hours'`)

const column = (alias: string, name: string) => sql`${sql.identifier(alias)}.${sql.identifier(name)}`

/** When the organization's trial ends (null without one). */
export const trialEndSql = (alias: string) => sql`(${column(alias, 'trial_started_at')} + ${TRIAL_LENGTH})`

/** effectivePlan: the plan tried while the trial runs on Básico, else the plan held. */
export const effectivePlanSql = (alias: string) =>
  sql`(case when ${column(alias, 'plano')} = 'B' and ${column(alias, 'trial_started_at')} > now() - ${TRIAL_LENGTH}
    then ${column(alias, 'trial_plano')} else ${column(alias, 'plano')} end)`

/** planAllows: the effective plan is one of those that switch the feature on (constants of the table, inlined). */
export const planAllowsSql = (alias: string, feature: PlanFeature) =>
  sql`${effectivePlanSql(alias)} in (${sql.raw(plansWith(feature).map((code) => `'${code}'`).join(', '))})`
