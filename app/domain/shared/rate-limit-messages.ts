/** The API's answer past a rate limit (server/api/rate-limits): Laravel says 'Too Many Attempts.'. */
export const rateLimitMessages = {
  tooManyRequests: (seconds: number) => `Muitas requisições. Tente novamente em ${seconds} segundo${seconds === 1 ? '' : 's'}.`,
} as const
