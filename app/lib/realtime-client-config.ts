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
