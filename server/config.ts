import path from 'node:path'
import { z } from 'zod'
import type { PasswordHashCost } from './security/passwords.ts'

/** A count from the environment: an empty variable keeps the default rather than reading as 0 (a rate limit off). */
const count = (fallback: number) => z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().nonnegative().default(fallback))

/** Every setting the product reads, with its default. README's configuration table mirrors this. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().positive().default(3000),
  APP_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SESSION_SECRET: z.string().optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(12),
  API_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pedidos B2B <nao-responda@pedidos.local>'),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  BILLING_JOB: z.enum(['0', '1']).default('1'),
  IBGE_API_URL: z.string().url().default('https://servicodados.ibge.gov.br/api/v1/localidades'),
  CEP_API_URL: z.string().url().default('https://viacep.com.br/ws'),
  LOOKUP_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  REALTIME_BUILTIN: z.enum(['0', '1']).default('1'),
  PUSHER_APP_ID: z.string().min(1).default('pedidos'),
  PUSHER_APP_KEY: z.string().min(1).default('pedidos-key'),
  PUSHER_APP_SECRET: z.string().optional(),
  PUSHER_HOST: z.string().optional(),
  PUSHER_PORT: z.coerce.number().int().positive().optional(),
  PUSHER_SCHEME: z.enum(['http', 'https']).optional(),
  PUSHER_APP_CLUSTER: z.string().optional(),
  REDIS_URL: z.string().optional(),
  PASSWORD_HASH_COST: z.enum(['production', 'test']).default('production'),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().positive().default(60),
  RATE_LIMIT_PER_TOKEN: count(600),
  RATE_LIMIT_PER_ADDRESS: count(1200),
  RATE_LIMIT_ENUMERATION_PER_TOKEN: count(30),
  RATE_LIMIT_ENUMERATION_PER_ADDRESS: count(60),
})

/** Calls allowed per window to one token and to one client address; 0 turns that count off. */
export type RateLimit = { perToken: number; perAddress: number }

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  appUrl: string
  dataDir: string
  databaseUrl: string | undefined
  sessionSecrets: string[] | undefined
  /** A web session without 'Lembrar de mim' ends after this long without a request (server/sessions). */
  sessionIdleMs: number
  apiUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  mailDir: string
  uploadsDir: string
  trustProxy: boolean
  seedDemo: boolean
  /** The monthly billing job, checked every hour inside the server (server/billing); off with BILLING_JOB=0. */
  billingJob: boolean
  /** Public address services (IBGE, ViaCEP), called by the API (server/api/address). */
  ibgeApiUrl: string
  cepApiUrl: string
  lookupTimeoutMs: number
  /** The built-in Pusher-protocol server (server/realtime); off with REALTIME_BUILTIN=0. */
  realtimeBuiltin: boolean
  pusherAppId: string
  pusherAppKey: string
  /** Without PUSHER_APP_SECRET, server/index.ts generates one into DATA_DIR/pusher-secret. */
  pusherAppSecret: string | undefined
  /**
   * Where the realtime server is when it is not the built-in one (Laravel's names): hosted
   * Pusher by cluster, or Soketi/Reverb/another node of ours by host, port and scheme.
   */
  pusherHost: string | undefined
  pusherPort: number | undefined
  pusherScheme: 'http' | 'https'
  pusherCluster: string | undefined
  /** Realtime fan-out across processes (Redis pub/sub) when set. */
  redisUrl: string | undefined
  /** argon2id cost of new password hashes; `test` only for the test suites, never under NODE_ENV=production. */
  passwordHashCost: PasswordHashCost
  /**
   * The API's rate limits (server/api/rate-limits, docs/decisions/043-rate-limits.md): every call counts in
   * `general`; the calls that could list the platform's companies count in `enumeration` too.
   */
  rateLimits: { windowMs: number; general: RateLimit; enumeration: RateLimit }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.parse(env)
  if (parsed.PASSWORD_HASH_COST === 'test' && parsed.NODE_ENV === 'production') {
    throw new Error('PASSWORD_HASH_COST=test não é permitido com NODE_ENV=production.')
  }
  const dataDir = path.resolve(parsed.DATA_DIR)
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    appUrl: (parsed.APP_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: parsed.DATABASE_URL || undefined,
    sessionSecrets: parsed.SESSION_SECRET?.split(',').filter(Boolean),
    sessionIdleMs: parsed.SESSION_IDLE_HOURS * 3_600_000,
    apiUrl: parsed.API_URL,
    smtpUrl: parsed.SMTP_URL || undefined,
    mailFrom: parsed.MAIL_FROM,
    mailDir: path.join(dataDir, 'mail'),
    uploadsDir: path.join(dataDir, 'uploads'),
    trustProxy: parsed.TRUST_PROXY === '1',
    seedDemo: parsed.SEED_DEMO === '1',
    billingJob: parsed.BILLING_JOB === '1',
    ibgeApiUrl: parsed.IBGE_API_URL.replace(/\/$/, ''),
    cepApiUrl: parsed.CEP_API_URL.replace(/\/$/, ''),
    lookupTimeoutMs: parsed.LOOKUP_TIMEOUT_MS,
    realtimeBuiltin: parsed.REALTIME_BUILTIN === '1',
    pusherAppId: parsed.PUSHER_APP_ID,
    pusherAppKey: parsed.PUSHER_APP_KEY,
    pusherAppSecret: parsed.PUSHER_APP_SECRET || undefined,
    pusherHost: parsed.PUSHER_HOST || undefined,
    pusherPort: parsed.PUSHER_PORT,
    pusherScheme: parsed.PUSHER_SCHEME ?? 'http',
    pusherCluster: parsed.PUSHER_APP_CLUSTER || undefined,
    redisUrl: parsed.REDIS_URL || undefined,
    passwordHashCost: parsed.PASSWORD_HASH_COST,
    rateLimits: {
      windowMs: Math.ceil(parsed.RATE_LIMIT_WINDOW_SECONDS * 1000),
      general: { perToken: parsed.RATE_LIMIT_PER_TOKEN, perAddress: parsed.RATE_LIMIT_PER_ADDRESS },
      enumeration: { perToken: parsed.RATE_LIMIT_ENUMERATION_PER_TOKEN, perAddress: parsed.RATE_LIMIT_ENUMERATION_PER_ADDRESS },
    },
  }
}
