import type { RealtimeClientConfig } from './realtime-client-config.ts'

/** Same variables as server/config.ts (Laravel's names); null when there is no realtime server to reach. */
export function realtimeClientConfig(env: NodeJS.ProcessEnv = process.env): RealtimeClientConfig | null {
  const key = env.PUSHER_APP_KEY || 'pedidos-key'
  const cluster = env.PUSHER_APP_CLUSTER || 'mt1'
  const forceTLS = env.PUSHER_SCHEME === 'https'
  if (env.PUSHER_HOST) {
    return { key, cluster, mode: 'host', wsHost: env.PUSHER_HOST, wsPort: env.PUSHER_PORT ? Number(env.PUSHER_PORT) : null, forceTLS }
  }
  if (env.REALTIME_BUILTIN !== '0') return { key, cluster, mode: 'same-origin', wsHost: null, wsPort: null, forceTLS: false }
  if (env.PUSHER_APP_CLUSTER) return { key, cluster, mode: 'cluster', wsHost: null, wsPort: null, forceTLS: true }
  return null
}
