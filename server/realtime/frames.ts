/** Frames the server sends: `data` double-encoded, except pusher:error's. */

export function frame(event: string, data: unknown, channel?: string): string {
  const body: Record<string, unknown> = { event }
  if (channel !== undefined) body.channel = channel
  body.data = typeof data === 'string' ? data : JSON.stringify(data)
  return JSON.stringify(body)
}

/** pusher:error keeps `data` as an object, as Pusher, Soketi and Reverb send it. */
export function errorFrame(code: number, message: string): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } })
}

export function memberAddedFrame(channel: string, userId: string, userInfo: unknown): string {
  return frame('pusher_internal:member_added', { user_id: userId, user_info: userInfo }, channel)
}

export function memberRemovedFrame(channel: string, userId: string): string {
  return frame('pusher_internal:member_removed', { user_id: userId }, channel)
}
