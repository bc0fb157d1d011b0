import { TRIAL_DAYS } from '../plans/trial-days.ts'
import type { OrgTypeCode } from './org-types.ts'

export type TrialBanner = { days: number; text: string }

/**
 * The header's trial countdown, the product specification's rule word for word:
 * "Trial banner: type F when trial_days > 0. Trial length 14 days; the banner shows
 * the day count if more than one, otherwise a value computed from 14 minus the days."
 *
 * Read literally, because the spec gives no other source:
 * - shown only for type f and only when trial_days > 0 (0, negative or not a number: no banner);
 * - trial_days > 1 → the banner shows trial_days itself;
 * - otherwise (trial_days is 1, or a fraction up to 1) → 14 − trial_days, so day 1 shows 13.
 * The wording stays neutral ('Teste grátis: N dias') because the rule does not say
 * whether N counts days left or days used. Note the plans modal counts
 * differently: 'acaba em N dias' with N = 14 − days used. Our API sends trial_days
 * as days used (server/api/organizations/company-profile.ts), so from day 2 on the
 * literal banner counts up while the modal counts down; changing either is a
 * product decision, not a silent fix here.
 */
export function trialBanner(company: { tipo: OrgTypeCode; trial_days: number }): TrialBanner | null {
  const raw = company.trial_days
  if (company.tipo !== 'f' || typeof raw !== 'number' || !Number.isFinite(raw) || raw <= 0) return null
  const days = raw > 1 ? raw : TRIAL_DAYS - raw
  return { days, text: `Teste grátis: ${days} ${days === 1 ? 'dia' : 'dias'}` }
}
