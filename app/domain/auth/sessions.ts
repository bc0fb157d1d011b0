/** 'Lembrar de mim': the cookie and its server session last this long after the last change. */
export const REMEMBER_ME_DAYS = 30
export const REMEMBER_ME_MS = REMEMBER_ME_DAYS * 24 * 60 * 60 * 1000
