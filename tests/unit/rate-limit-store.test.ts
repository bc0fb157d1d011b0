import { describe, expect, it } from 'vitest'
import { memoryStore } from '../../server/api/rate-limits/store.ts'

// The fixed windows of one process (server/api/rate-limits/store.ts), on a clock the test moves.
function withClock(options: { maxKeys?: number } = {}) {
  const clock = { at: 1_000_000 }
  const store = memoryStore(1000, { ...options, now: () => clock.at })
  const hit = async (key: string) => (await store.hit([key]))[0]
  return { clock, store, hit }
}

describe('memoryStore', () => {
  it('counts each key in a window that starts at its first call', async () => {
    const { clock, store, hit } = withClock()
    expect(await hit('a')).toEqual({ count: 1, resetMs: 1000 })
    clock.at += 300
    expect(await hit('b')).toEqual({ count: 1, resetMs: 1000 })
    expect(await store.hit(['a', 'b', 'a'])).toEqual([
      { count: 2, resetMs: 700 },
      { count: 2, resetMs: 1000 },
      { count: 3, resetMs: 700 },
    ])
  })

  it('starts afresh once the window has ended', async () => {
    const { clock, hit } = withClock()
    await hit('a')
    await hit('a')
    clock.at += 999
    expect(await hit('a')).toEqual({ count: 3, resetMs: 1 })
    clock.at += 1
    expect(await hit('a')).toEqual({ count: 1, resetMs: 1000 })
  })

  it('keeps at most maxKeys counters: the ended windows go first, then the oldest', async () => {
    const { clock, hit } = withClock({ maxKeys: 3 })
    await hit('a')
    await hit('a')
    clock.at += 500
    await hit('b')
    await hit('b')
    await hit('c')
    await hit('c')
    // Full of live windows: the oldest (a) is forgotten for d.
    await hit('d')
    expect(await hit('b')).toMatchObject({ count: 3 })
    expect(await hit('a')).toMatchObject({ count: 1 })
    clock.at += 1000
    // Every window has ended: all dropped for e, so the map holds e alone and f, g fit beside it.
    await hit('e')
    await hit('f')
    await hit('g')
    expect(await hit('e')).toMatchObject({ count: 2 })
  })
})
