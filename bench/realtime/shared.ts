/** What the bench process and the server child agree on. */

export type ServerKind = 'pusher' | 'socketio'

/** Credentials of the built-in server under test; loopback only, so fixed values are fine. */
export const APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret' }

export const EVENT = 'tick'
/** Every client subscribes to this channel (fan-out phases) and to one of the rooms (spread phase). */
export const SHARED_CHANNEL = 'bench-all'
export const roomName = (i: number) => `bench-room-${i}`

/** `collect`: run a full GC first, for a memory reading (it costs CPU, so not for CPU readings). */
export type ToServer = { type: 'sample'; collect: boolean } | { type: 'stop' }

export type ServerSample = { rss: number; heapUsed: number; external: number; connections: number; cpuMicros: number }

export type FromServer = { type: 'ready' } | ({ type: 'sample' } & ServerSample)
