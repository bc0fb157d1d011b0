import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Redis } from 'ioredis'
import type Echo from 'laravel-echo'
import PusherServer from 'pusher'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectEcho, startAuthServer, TEST_REDIS_URL, type TestUser } from './realtime-harness.ts'

// Two real processes of `npm run realtime` sharing Redis; one is killed (no goodbye to Redis) and the
// other removes its members once its heartbeat lapses.
const root = fileURLToPath(new URL('../..', import.meta.url))
const app = { appId: `test-${randomUUID()}`, key: 'process-key', secret: 'process-secret' }
const ana: TestUser = { id: '1', name: 'Ana' }
const bia: TestUser = { id: '2', name: 'Bia' }
type Node = { child: ChildProcess; port: number; exited: Promise<unknown> }
const nodes: Node[] = []
const clients: Array<Echo<'pusher'>> = []
let auth: Awaited<ReturnType<typeof startAuthServer>>

/**
 * What `npm run realtime` runs: a build step, then the compiled entry, started here with node itself so that
 * a signal reaches the server, not a wrapper.
 */
function realtimeCommands() {
  const script = (JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as { scripts: Record<string, string> }).scripts.realtime
  const steps = (script ?? '').split(' && ').map((step) => /^node (.+)$/.exec(step)?.[1].split(' '))
  if (steps.length !== 2 || steps.some((step) => !step)) throw new Error(`unexpected realtime script: ${script}`)
  return { build: steps[0]!, run: steps[1]! }
}
const commands = realtimeCommands()

async function startNode(): Promise<Node> {
  const child = spawn(process.execPath, commands.run, {
    cwd: root,
    env: {
      ...process.env,
      PUSHER_APP_ID: app.appId,
      PUSHER_APP_KEY: app.key,
      PUSHER_APP_SECRET: app.secret,
      REDIS_URL: TEST_REDIS_URL,
      REALTIME_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const port = await new Promise<number>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /porta (\d+)/.exec(output)
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`realtime process exited (${code}): ${output}`)))
  })
  const node = { child, port, exited }
  nodes.push(node)
  return node
}

beforeAll(async () => {
  execFileSync(process.execPath, commands.build, { cwd: root, stdio: 'ignore' })
  auth = await startAuthServer(app, [ana, bia])
})

afterAll(async () => {
  for (const client of clients) client.disconnect()
  for (const node of nodes) if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGTERM')
  await Promise.all(nodes.map((node) => node.exited))
  await auth?.stop()
})

async function echoOn(node: Node, user: TestUser) {
  const echo = await connectEcho(app, node.port, auth.url, user)
  clients.push(echo)
  return echo
}

describe('npm run realtime, two processes with Redis', () => {
  it('carries events and presence across processes, and a killed process loses its members', async () => {
    const [a, b] = await Promise.all([startNode(), startNode()])
    const anaOnA = await echoOn(a, ana)
    const biaOnB = await echoOn(b, bia)

    const anaRoom = anaOnA.join('room.1')
    const joined = new Promise((resolve) => anaRoom.joining(resolve))
    const left = new Promise((resolve) => anaRoom.leaving(resolve))
    await new Promise((resolve) => anaRoom.here(resolve))
    const here = await new Promise<unknown[]>((resolve) => biaOnB.join('room.1').here(resolve))
    expect(here).toHaveLength(2)
    expect(await joined).toEqual({ id: '2', name: 'Bia' })

    const received = new Promise((resolve) => biaOnB.join('room.1').listen('.order.shipped', resolve))
    const viaA = new PusherServer({ ...app, host: '127.0.0.1', port: String(a.port), useTLS: false })
    await viaA.trigger('presence-room.1', 'order.shipped', { id: 5 })
    expect(await received).toEqual({ id: 5 })

    // No shutdown handler runs: only the heartbeat lapsing tells node A that Bia is gone.
    b.child.kill('SIGKILL')
    await b.exited
    expect(await left).toEqual({ id: '2', name: 'Bia' })
    expect(await (await viaA.get({ path: '/channels/presence-room.1/users' })).json()).toEqual({ users: [{ id: '1' }] })

    // A stopped with SIGTERM leaves the cluster cleanly: nothing of this app stays in Redis.
    a.child.kill('SIGTERM')
    await a.exited
    const redis = new Redis(TEST_REDIS_URL)
    expect(await redis.keys(`realtime:${app.appId}:*`)).toEqual([])
    redis.disconnect()
  })
})
