import { execFileSync, fork, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, loadavg, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { ClientPool, Deliveries } from './clients.ts'
import { createPublish } from './publishers.ts'
import { SHARED_CHANNEL, roomName, type FromServer, type ServerSample, type ServerKind, type ToServer } from './shared.ts'

// Benchmark of the built-in Pusher-protocol server against a minimal Socket.IO server, same workload,
// both on loopback: `npm run bench:realtime -- --sizes 1000,5000`. See bench/realtime/README.md.

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,5000,10000' },
    serial: { type: 'string', default: '20' },
    fanout: { type: 'string', default: '50' },
    spread: { type: 'string', default: '2000' },
    rooms: { type: 'string', default: '100' },
    port: { type: 'string', default: '4510' },
    concurrency: { type: 'string', default: '200' },
    inflight: { type: 'string', default: '4' },
  },
})
const options = {
  sizes: args.sizes.split(',').map(Number),
  /** events to the shared channel one at a time (the next once all N got the last): latency without queueing */
  serial: Number(args.serial),
  /** events to the shared channel in a burst */
  fanout: Number(args.fanout),
  /** events spread round-robin over the rooms in a burst */
  spread: Number(args.spread),
  rooms: Number(args.rooms),
  port: Number(args.port),
  /** WebSocket handshakes in flight while connecting */
  concurrency: Number(args.concurrency),
  /** HTTP publishes in flight during the burst phases */
  inflight: Number(args.inflight),
}

for (const [name, value] of Object.entries(options)) {
  const values = Array.isArray(value) ? value : [value]
  if (!values.every((v) => Number.isInteger(v) && v > 0)) {
    console.error(`--${name}: expected positive integers, got ${args[name as keyof typeof args]}`)
    process.exit(2)
  }
}

const KINDS: ServerKind[] = ['pusher', 'socketio']
const LABEL: Record<ServerKind, string> = { pusher: 'ours (Pusher 7)', socketio: 'Socket.IO' }
/** Descriptors a process needs besides its sockets (stdio, IPC, listening socket, libuv, publisher). */
const FD_MARGIN = 100
/** A phase is over when every delivery arrived, or when none arrived for this long. */
const IDLE_MS = 3000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Node raises its soft descriptor limit to the hard one at start-up, so this is the cap of both processes. */
function fileLimit(): number {
  const text = execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()
  return text === 'unlimited' ? Infinity : Number(text)
}

type ServerChild = { sample(collect: boolean): Promise<ServerSample>; stop(): Promise<void> }

async function startServer(kind: ServerKind, port: number, maxConnections: number): Promise<ServerChild> {
  const child: ChildProcess = fork(new URL('./server.ts', import.meta.url), [kind, String(port), String(maxConnections)], {
    execArgv: [...process.execArgv, '--expose-gc'],
  })
  const next = () =>
    new Promise<FromServer>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`${kind} server exited (${code})`))
      child.once('exit', onExit)
      child.once('message', (message) => {
        child.off('exit', onExit)
        resolve(message as FromServer)
      })
    })
  const send = (message: ToServer) => child.send(message)
  await next()
  return {
    async sample(collect) {
      const reply = next()
      send({ type: 'sample', collect })
      return (await reply) as ServerSample
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      send({ type: 'stop' })
      await exited
    },
  }
}

type Phase = {
  events: number
  expected: number
  delivered: number
  seconds: number
  perSecond: number
  p50: number
  p99: number
  /** CPU the server process spent per 1000 deliveries: its own cost, whichever side was the bottleneck */
  serverCpuMsPerThousand: number
  /** CPU time / wall time of each side: the one near 1 set the pace */
  serverBusy: number
  clientsBusy: number
}

/** Resolves once `target` deliveries arrived, or when none arrived for IDLE_MS. */
async function arrived(deliveries: Deliveries, target: number) {
  let seen = -1
  let seenAt = performance.now()
  while (deliveries.count < target && performance.now() - seenAt < IDLE_MS) {
    if (deliveries.count !== seen) {
      seen = deliveries.count
      seenAt = performance.now()
    }
    await sleep(5)
  }
}

async function measure(server: ServerChild, deliveries: Deliveries, events: number, expected: number, publishAll: () => Promise<void>): Promise<Phase> {
  deliveries.reset(expected)
  const cpuBefore = (await server.sample(false)).cpuMicros
  const clientCpuBefore = process.cpuUsage()
  const start = performance.now()
  await publishAll()
  await arrived(deliveries, expected)
  const seconds = (deliveries.lastAt - start) / 1000
  const clientCpu = process.cpuUsage(clientCpuBefore)
  const cpuSeconds = ((await server.sample(false)).cpuMicros - cpuBefore) / 1e6
  const [p50, p99] = deliveries.percentiles(50, 99)
  return {
    events,
    expected,
    delivered: deliveries.count,
    seconds,
    perSecond: deliveries.count / seconds,
    p50: p50!,
    p99: p99!,
    serverCpuMsPerThousand: (cpuSeconds * 1e6) / deliveries.count,
    serverBusy: cpuSeconds / seconds,
    clientsBusy: (clientCpu.user + clientCpu.system) / 1e6 / seconds,
  }
}

/** `count` publishes with at most `inflight` awaiting their HTTP answer: the server sets the pace. */
async function burst(count: number, inflight: number, publishOne: (i: number) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < count) await publishOne(next++)
  }
  await Promise.all(Array.from({ length: inflight }, worker))
}

type Run = {
  kind: ServerKind
  n: number
  connectFailures: number
  firstFailure?: string
  connectSeconds: number
  connected: number
  heldAtEnd: number
  rssPerConnection: number
  heapPerConnection: number
  serial: Phase
  fanout: Phase
  spread: Phase
}

async function runOne(kind: ServerKind, n: number, port: number): Promise<Run> {
  // One above N: the built-in server refuses (4004) at its limit, and the limit is not what is measured.
  const server = await startServer(kind, port, n + 1)
  const deliveries = new Deliveries()
  const pool = new ClientPool(kind, port, deliveries)
  try {
    const before = await server.sample(true)
    const connectStart = performance.now()
    await pool.connect(n, options.rooms, options.concurrency)
    const connectSeconds = (performance.now() - connectStart) / 1000
    const after = await server.sample(true)
    const publish = createPublish(kind, port, options.inflight)
    const roomSize = (r: number) => Math.floor(n / options.rooms) + (r < n % options.rooms ? 1 : 0)
    let spreadExpected = 0
    for (let i = 0; i < options.spread; i++) spreadExpected += roomSize(i % options.rooms)

    const serial = await measure(server, deliveries, options.serial, options.serial * n, async () => {
      for (let i = 1; i <= options.serial; i++) {
        await publish(SHARED_CHANNEL)
        await arrived(deliveries, i * n)
      }
    })
    const fanout = await measure(server, deliveries, options.fanout, options.fanout * n, () =>
      burst(options.fanout, options.inflight, () => publish(SHARED_CHANNEL)),
    )
    const spread = await measure(server, deliveries, options.spread, spreadExpected, () =>
      burst(options.spread, options.inflight, (i) => publish(roomName(i % options.rooms))),
    )
    const end = await server.sample(false)
    return {
      kind,
      n,
      connectFailures: pool.failures.length,
      firstFailure: pool.failures[0],
      connectSeconds,
      connected: after.connections,
      heldAtEnd: end.connections,
      rssPerConnection: (after.rss - before.rss) / n,
      heapPerConnection: (after.heapUsed + after.external - before.heapUsed - before.external) / n,
      serial,
      fanout,
      spread,
    }
  } finally {
    await server.stop()
    await pool.closed(10_000)
  }
}

type Row = { label: string; better: 'higher' | 'lower' | ''; value: (r: Run) => number; format: (v: number) => string }

const int = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : '-')
const fixed = (digits: number) => (v: number) => (Number.isFinite(v) ? v.toFixed(digits) : '-')
const kb = (v: number) => fixed(1)(v / 1024)

const ROWS: Row[] = [
  { label: 'connections held (after phases)', better: 'higher', value: (r) => r.heldAtEnd, format: int },
  { label: 'connect + subscribe time (s)', better: 'lower', value: (r) => r.connectSeconds, format: fixed(2) },
  { label: 'RSS per connection (KB)', better: 'lower', value: (r) => r.rssPerConnection, format: kb },
  { label: 'heap+external per connection (KB)', better: 'lower', value: (r) => r.heapPerConnection, format: kb },
  { label: 'one event at a time p50 (ms)', better: 'lower', value: (r) => r.serial.p50, format: fixed(1) },
  { label: 'one event at a time p99 (ms)', better: 'lower', value: (r) => r.serial.p99, format: fixed(1) },
  { label: 'fan-out msgs/s delivered', better: 'higher', value: (r) => r.fanout.perSecond, format: int },
  { label: 'fan-out p50 (ms)', better: 'lower', value: (r) => r.fanout.p50, format: fixed(1) },
  { label: 'fan-out p99 (ms)', better: 'lower', value: (r) => r.fanout.p99, format: fixed(1) },
  { label: 'fan-out server CPU ms / 1k msgs', better: 'lower', value: (r) => r.fanout.serverCpuMsPerThousand, format: fixed(1) },
  { label: 'fan-out server busy (CPU/wall)', better: '', value: (r) => r.fanout.serverBusy, format: fixed(2) },
  { label: 'fan-out clients busy (CPU/wall)', better: '', value: (r) => r.fanout.clientsBusy, format: fixed(2) },
  { label: 'spread msgs/s delivered', better: 'higher', value: (r) => r.spread.perSecond, format: int },
  { label: 'spread p50 (ms)', better: 'lower', value: (r) => r.spread.p50, format: fixed(1) },
  { label: 'spread p99 (ms)', better: 'lower', value: (r) => r.spread.p99, format: fixed(1) },
  { label: 'spread server CPU ms / 1k msgs', better: 'lower', value: (r) => r.spread.serverCpuMsPerThousand, format: fixed(1) },
  { label: 'spread server busy (CPU/wall)', better: '', value: (r) => r.spread.serverBusy, format: fixed(2) },
  { label: 'spread clients busy (CPU/wall)', better: '', value: (r) => r.spread.clientsBusy, format: fixed(2) },
  { label: 'deliveries lost', better: 'lower', value: (r) => lost(r), format: int },
]

const lost = (r: Run) => [r.serial, r.fanout, r.spread].reduce((sum, p) => sum + Math.max(0, p.expected - p.delivered), 0)

function table(n: number, ours: Run, theirs: Run): string {
  const header = [`N = ${n.toLocaleString('en-US')}`, LABEL.pusher, LABEL.socketio, 'ours/Socket.IO', 'better']
  const lines = ROWS.map((row) => {
    const a = row.value(ours)
    const b = row.value(theirs)
    return [row.label, row.format(a), row.format(b), b === 0 ? '-' : fixed(2)(a / b), row.better]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  const render = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)].join('\n')
}

const socketIoVersion = (createRequire(import.meta.url)('socket.io/package.json') as { version: string }).version
const limit = fileLimit()
const machine = {
  cores: cpus().length,
  cpu: cpus()[0]?.model.trim(),
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  socketIo: socketIoVersion,
  fileLimit: limit,
  date: new Date().toISOString(),
  /** other work on the machine skews everything; recorded so a noisy run can be told apart */
  loadAverage1m: loadavg()[0],
}
const fits = (n: number) => n + FD_MARGIN <= limit
const skipped = options.sizes.filter((n) => !fits(n))
console.log(
  `realtime bench: ${machine.cores} cores (${machine.cpu}), ${machine.memoryGiB} GiB, Node ${machine.node}, Socket.IO ${machine.socketIo}, ulimit -n ${limit}, load ${machine.loadAverage1m.toFixed(2)}`,
)
console.log(
  `workload per N: ${options.serial} events one at a time to the shared channel, then bursts of ${options.fanout} to it ` +
    `and of ${options.spread} over ${options.rooms} rooms (${options.inflight} publishes in flight)`,
)
if (skipped.length) console.log(`skipped N = ${skipped.join(', ')}: above ulimit -n ${limit} minus ${FD_MARGIN} (raise the hard limit)`)

const runs: Run[] = []
for (const [index, n] of options.sizes.filter(fits).entries()) {
  // The order alternates so that neither server always runs first on a machine that is warming up.
  const order = index % 2 === 0 ? KINDS : [...KINDS].reverse()
  const pair = new Map<ServerKind, Run>()
  for (const kind of order) {
    process.stdout.write(`N = ${n}, ${LABEL[kind]}... `)
    const run = await runOne(kind, n, options.port + KINDS.indexOf(kind))
    console.log(`${run.connected} connected, ${lost(run)} deliveries lost${run.firstFailure ? `, first failure: ${run.firstFailure}` : ''}`)
    pair.set(kind, run)
    runs.push(run)
  }
  console.log(`\n${table(n, pair.get('pusher')!, pair.get('socketio')!)}\n`)
}

const resultsDir = new URL('./results/', import.meta.url)
mkdirSync(resultsDir, { recursive: true })
const file = new URL(`realtime-${machine.date.replace(/[:.]/g, '-')}.json`, resultsDir)
writeFileSync(file, JSON.stringify({ machine, options, runs }, null, 2))
console.log(`results: bench/realtime/results/${file.pathname.split('/').pop()}`)
