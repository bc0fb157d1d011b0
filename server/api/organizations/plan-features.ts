export const TRIAL_DAYS = 14
const DAY_MS = 24 * 60 * 60 * 1000

/**
 * permissions.type of the company in session: 'P' when the organization has paid features (a paid plan,
 * or the 14-day trial running), 'B' on Básico. It gates the BANDEIRA group of the menu.
 */
export function permissionType(plano: string, trialDaysUsed: number, onTrial: boolean) {
  return plano !== 'B' || (onTrial && trialDaysUsed < TRIAL_DAYS) ? 'P' : 'B'
}

export const trialDaysUsed = (o: { trialStartedAt: Date | null }) =>
  o.trialStartedAt ? Math.floor((Date.now() - o.trialStartedAt.getTime()) / DAY_MS) : 0

/** Paid features on: a paid plan or the trial running (permissions.type 'P'). */
export const hasPaidFeatures = (o: { plano: string; trialStartedAt: Date | null }) =>
  permissionType(o.plano, trialDaysUsed(o), o.trialStartedAt !== null) === 'P'
