const LOOPBACK = ['localhost', '127.0.0.1', '[::1]']

/**
 * The origins whose pages may open a realtime connection: the product's own (APP_URL). When that is this machine's
 * loopback (the default, http://localhost:PORT), the same port under its other loopback names too: the app answers
 * at http://127.0.0.1:PORT as well, and there the live updates stopped without a word (the connection refused, 403).
 */
export function realtimeOrigins(appUrl: string) {
  const url = new URL(appUrl)
  if (!LOOPBACK.includes(url.hostname)) return [url.origin]
  return LOOPBACK.map((host) => {
    const alias = new URL(url.origin)
    alias.hostname = host
    return alias.origin
  })
}
