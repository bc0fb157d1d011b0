import WebSocket from 'ws'
import { APP, EVENT, SHARED_CHANNEL, roomName, type ServerKind } from './shared.ts'

/** Arrival times of the published events, as latencies from the send timestamp each event carries. */
export class Deliveries {
  private latencies = new Float64Array(0)
  count = 0
  lastAt = 0

  /** Starts a phase; `expected` sizes the buffer so recording never allocates. */
  reset(expected: number) {
    this.latencies = new Float64Array(expected)
    this.count = 0
    this.lastAt = 0
  }

  record(sentAt: number) {
    const now = performance.now()
    if (this.count < this.latencies.length) this.latencies[this.count] = now - sentAt
    this.count++
    this.lastAt = now
  }

  /** Latency percentiles in ms over what arrived. */
  percentiles(...ps: number[]): number[] {
    const sorted = this.latencies.subarray(0, Math.min(this.count, this.latencies.length)).sort()
    if (sorted.length === 0) return ps.map(() => NaN)
    return ps.map((p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!)
  }
}

// Both wire formats carry the payload's "t" as plain JSON, escaped once inside Pusher's string `data`.
// Matching it with a regular expression instead of parsing keeps the single client process from
// becoming the bottleneck, and costs the same for both servers.
const TICK_MARK = `"${EVENT}"`
const SENT_AT = /"t\\?":([0-9.e+-]+)/

type Wire = {
  url(port: number): string
  /** Handles one control frame; returns how many subscriptions it confirmed, or throws on a refusal. */
  control(ws: WebSocket, text: string, channels: string[]): number
}

/** Pusher Channels protocol 7: connection_established, then subscribe, then subscription_succeeded. */
const pusherWire: Wire = {
  url: (port) => `ws://127.0.0.1:${port}/app/${APP.key}?protocol=7&client=bench&version=1.0`,
  control(ws, text, channels) {
    const frame = JSON.parse(text) as { event: string; data?: unknown }
    switch (frame.event) {
      case 'pusher:connection_established':
        for (const channel of channels) ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel } }))
        return 0
      case 'pusher_internal:subscription_succeeded':
        return 1
      case 'pusher:ping':
        ws.send('{"event":"pusher:pong","data":{}}')
        return 0
      case 'pusher:error':
      case 'pusher:subscription_error':
        throw new Error(`${frame.event} ${JSON.stringify(frame.data)}`)
      default:
        return 0
    }
  },
}

/** Engine.IO 4 / Socket.IO 5 over a bare WebSocket: open, namespace connect, subscribe with an ack. */
const socketIoWire: Wire = {
  url: (port) => `ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`,
  control(ws, text, channels) {
    if (text === '2') ws.send('3')
    else if (text.startsWith('0')) ws.send('40')
    else if (text.startsWith('40')) channels.forEach((channel, i) => ws.send(`42${i}${JSON.stringify(['subscribe', channel])}`))
    else if (text.startsWith('43')) return 1
    else if (text.startsWith('44') || text.startsWith('1')) throw new Error(`refused: ${text}`)
    return 0
  },
}

/** N raw WebSocket clients, each on the shared channel and one room (client i in room i mod rooms). */
export class ClientPool {
  private sockets: WebSocket[] = []
  private wire: Wire
  failures: string[] = []

  constructor(
    kind: ServerKind,
    private port: number,
    private deliveries: Deliveries,
  ) {
    this.wire = kind === 'pusher' ? pusherWire : socketIoWire
  }

  /** Opens one client and resolves once both of its subscriptions are confirmed. */
  private open(channels: string[]): Promise<void> {
    return new Promise((resolve, reject) => {
      // The clients only time arrivals: UTF-8 validation is CPU the one client process cannot spare.
      const ws = new WebSocket(this.wire.url(this.port), { perMessageDeflate: false, skipUTF8Validation: true })
      this.sockets.push(ws)
      let confirmed = 0
      ws.on('message', (raw: Buffer) => {
        const text = raw.toString()
        if (text.includes(TICK_MARK)) {
          const sentAt = SENT_AT.exec(text)
          if (sentAt) this.deliveries.record(Number(sentAt[1]))
          return
        }
        try {
          confirmed += this.wire.control(ws, text, channels)
        } catch (error) {
          reject(error as Error)
          ws.terminate()
          return
        }
        if (confirmed === channels.length) resolve()
      })
      ws.on('error', reject)
      ws.on('close', (code) => reject(new Error(`closed ${code}`)))
    })
  }

  /** Opens `n` clients with at most `concurrency` handshakes in flight; failures are kept, not thrown. */
  async connect(n: number, rooms: number, concurrency: number): Promise<void> {
    let next = 0
    const worker = async () => {
      while (next < n) {
        const i = next++
        try {
          await this.open([SHARED_CHANNEL, roomName(i % rooms)])
        } catch (error) {
          this.failures.push((error as Error).message)
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
  }

  openCount(): number {
    return this.sockets.filter((ws) => ws.readyState === WebSocket.OPEN).length
  }

  /** Resolves when every client has closed (the server child closes them by exiting). */
  async closed(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (this.openCount() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
    for (const ws of this.sockets) ws.terminate()
  }
}
