import Pusher from 'pusher'
import type { Config } from '../config.ts'

/** How the API publishes events: the official `pusher` SDK over the Pusher HTTP API. */
export type Publisher = {
  /** Sends `event` to every channel (any number: sent 100 at a time, the protocol's limit). */
  publish(channels: string[], event: string, data: unknown, options?: { socketId?: string }): Promise<void>
}

export type PublisherTarget = {
  appId: string
  key: string
  secret: string
  host?: string
  port?: number
  useTLS: boolean
  cluster?: string
}

const CHANNELS_PER_EVENT = 100

/**
 * Where the API publishes: the built-in server on this process's own port, else the configured
 * host (Soketi, Reverb, another node) or hosted Pusher's cluster. None when realtime is off.
 */
export function publisherTarget(config: Config): PublisherTarget | undefined {
  if (!config.pusherAppSecret) return undefined
  const base = { appId: config.pusherAppId, key: config.pusherAppKey, secret: config.pusherAppSecret }
  if (config.pusherHost) {
    return { ...base, host: config.pusherHost, port: config.pusherPort, useTLS: config.pusherScheme === 'https' }
  }
  if (config.realtimeBuiltin) return { ...base, host: '127.0.0.1', port: config.port, useTLS: false }
  if (config.pusherCluster) return { ...base, cluster: config.pusherCluster, useTLS: true }
  return undefined
}

export function createPublisher(target: PublisherTarget): Publisher {
  const common = { appId: target.appId, key: target.key, secret: target.secret, useTLS: target.useTLS, timeout: 5000 }
  const pusher = target.host
    ? new Pusher({ ...common, host: target.host, ...(target.port === undefined ? {} : { port: String(target.port) }) })
    : new Pusher({ ...common, cluster: target.cluster ?? 'mt1' })
  return {
    async publish(channels, event, data, options = {}) {
      const params = options.socketId ? { socket_id: options.socketId } : undefined
      for (let i = 0; i < channels.length; i += CHANNELS_PER_EVENT) {
        await pusher.trigger(channels.slice(i, i + CHANNELS_PER_EVENT), event, data, params)
      }
    },
  }
}
