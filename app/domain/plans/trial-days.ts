/** The free trial lasts 14 days. */
export const TRIAL_DAYS = 14
