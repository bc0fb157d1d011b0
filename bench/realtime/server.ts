import { createServer, type IncomingMessage } from 'node:http'
import { Server as SocketIoServer } from 'socket.io'
import { createRealtimeServer } from '../../server/realtime/index.ts'
import { APP, type FromServer, type ServerKind, type ToServer } from './shared.ts'

// One server under test, alone in this child process so that its memory is measured without the
// clients'. Usage (from run.ts): server.ts <pusher|socketio> <port> <maxConnections>

const [kindArg, portArg, maxArg] = process.argv.slice(2)
const kind = kindArg as ServerKind
const port = Number(portArg)

function reply(message: FromServer) {
  process.send?.(message)
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function startPusher() {
  const realtime = createRealtimeServer({ ...APP, allowedOrigins: [], maxConnections: Number(maxArg) })
  const http = createServer((req, res) => {
    if (req.url?.startsWith('/apps/')) void realtime.httpHandler(req, res)
    else res.writeHead(404).end()
  })
  http.on('upgrade', (req, socket, head) => {
    if (!realtime.handleUpgrade(req, socket, head)) socket.destroy()
  })
  return {
    http,
    connections: () => realtime.connectionCount(),
    close: async () => {
      await realtime.close()
    },
  }
}

/** The smallest Socket.IO equivalent: rooms are the channels, POST /publish is the HTTP API. */
function startSocketIo() {
  const http = createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/publish') {
      res.writeHead(404).end()
      return
    }
    readBody(req).then(
      (body) => {
        const { channel, event, data } = JSON.parse(body) as { channel: string; event: string; data: unknown }
        io.to(channel).emit(event, data)
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}')
      },
      () => res.writeHead(400).end(),
    )
  })
  const io = new SocketIoServer(http, { transports: ['websocket'], serveClient: false })
  io.on('connection', (socket) => {
    socket.on('subscribe', (room: unknown, ack: unknown) => {
      if (typeof room !== 'string') return
      void socket.join(room)
      if (typeof ack === 'function') ack()
    })
  })
  return {
    http,
    connections: () => io.engine.clientsCount,
    close: async () => {
      await io.close()
    },
  }
}

const server = kind === 'pusher' ? startPusher() : startSocketIo()

process.on('message', (message: ToServer) => {
  if (message.type === 'sample') {
    if (message.collect) {
      // Two passes: the first may only queue finalizers that free more on the second.
      gc?.()
      gc?.()
    }
    const usage = process.memoryUsage()
    const cpu = process.cpuUsage()
    reply({
      type: 'sample',
      rss: usage.rss,
      heapUsed: usage.heapUsed,
      external: usage.external,
      connections: server.connections(),
      cpuMicros: cpu.user + cpu.system,
    })
  } else {
    // The server closes first so the TIME_WAIT sockets land on its side, not on the clients' ephemeral ports.
    void server.close().finally(() => process.exit(0))
  }
})

// A backlog above the clients' connect concurrency, so no SYN is dropped while handshakes queue.
server.http.listen({ port, host: '127.0.0.1', backlog: 4096 }, () => reply({ type: 'ready' }))
