import { Agent, request } from 'node:http'
import Pusher from 'pusher'
import { APP, EVENT, type ServerKind } from './shared.ts'

/** Publishes one event to one channel over HTTP; resolves when the server has answered. */
export type Publish = (channel: string) => Promise<void>

// About the size of a chat message event, so frames are not unrealistically tiny.
const TEXT = 'Pedido 4711 confirmado: 12 caixas, entrega amanhã entre 8h e 12h.'

/** The send timestamp travels in the event; the clients live in this process, so one clock serves both ends. */
const payload = () => ({ t: performance.now(), text: TEXT })

export function createPublish(kind: ServerKind, port: number, inflight: number): Publish {
  // Keep-alive for both, so neither pays a TCP handshake per event.
  const agent = new Agent({ keepAlive: true, maxSockets: inflight })
  if (kind === 'pusher') {
    const pusher = new Pusher({ ...APP, host: '127.0.0.1', port: String(port), useTLS: false, agent })
    return async (channel) => {
      await pusher.trigger(channel, EVENT, payload())
    }
  }
  return (channel) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ channel, event: EVENT, data: payload() })
      const req = request(
        { host: '127.0.0.1', port, method: 'POST', path: '/publish', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
        (res) => {
          res.resume()
          res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`publish: HTTP ${res.statusCode}`))))
        },
      )
      req.on('error', reject)
      req.end(body)
    })
}
