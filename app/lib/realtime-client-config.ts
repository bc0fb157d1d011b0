/** What the browser's laravel-echo/pusher-js need to connect: public settings only (the secret stays on the server). */
export type RealtimeClientConfig = {
  key: string
  cluster: string
  /**
   * `same-origin`: the built-in server on the page's own host and port; `host`: Soketi, Reverb
   * or another node at wsHost/wsPort; `cluster`: hosted Pusher.
   */
  mode: 'same-origin' | 'host' | 'cluster'
  wsHost: string | null
  wsPort: number | null
  forceTLS: boolean
}

/**
 * laravel-echo's options for a config, on this page's address (without `broadcaster` and the Pusher class, which the
 * caller gives): the chat island's provider and the enhancement layer connect alike.
 */
export function echoOptions(config: RealtimeClientConfig, page: { protocol: string; port: string; hostname: string }) {
  const secure = config.mode === 'same-origin' ? page.protocol === 'https:' : config.forceTLS
  const port = config.mode === 'same-origin' ? Number(page.port) || (secure ? 443 : 80) : (config.wsPort ?? (secure ? 443 : 80))
  return {
    key: config.key,
    cluster: config.cluster,
    ...(config.mode === 'cluster' ? {} : { wsHost: config.wsHost ?? page.hostname, wsPort: port, wssPort: port }),
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'] as ('ws' | 'wss')[],
    // When the browser goes offline pusher-js pings and waits this long for the answer before it
    // shows the connection as unavailable (its default, 30 s, leaves people typing into the void).
    pongTimeout: 10_000,
    authEndpoint: '/broadcasting/auth',
  }
}

/** What the layer needs to connect a company page (rendered by the company layout as JSON, app/routes/_app.tsx). */
export type LiveConnection = { userId: number; organizationId: number; readsOrders: boolean; realtime: RealtimeClientConfig }
