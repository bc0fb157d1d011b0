import { describe, expect, test } from 'vitest'
import { INVALID_LOADER_LOCK_MESSAGE, isLoadingOverlayVisible, parseLoaderLock } from '~/lib/ui/loader-lock.ts'
import { createLoadingStore } from '~/lib/ui/loading-store.ts'

describe('loader lock', () => {
  test("accepts 'on', 'off' and null", () => {
    expect([parseLoaderLock('on'), parseLoaderLock('off'), parseLoaderLock(null)]).toEqual(['on', 'off', null])
  })
  test.each([undefined, '', 'ON', 'true', true, 0, {}])('refuses %j with a Portuguese error naming the allowed values', (value) => {
    expect(() => parseLoaderLock(value)).toThrow(Error)
    expect(() => parseLoaderLock(value)).toThrow("Valor inválido para o bloqueio do carregamento: use 'on', 'off' ou null.")
  })
  test("'on' forces the overlay visible, 'off' hides it, null follows the loading", () => {
    expect(isLoadingOverlayVisible(false, 'on')).toBe(true)
    expect(isLoadingOverlayVisible(true, 'off')).toBe(false)
    expect(isLoadingOverlayVisible(true, null)).toBe(true)
    expect(isLoadingOverlayVisible(false, null)).toBe(false)
  })
})

describe('loading store', () => {
  test('counts work in progress; each end counts once', () => {
    const store = createLoadingStore()
    const endA = store.start()
    const endB = store.start()
    expect(store.getSnapshot().pending).toBe(2)
    endA()
    endA()
    expect(store.getSnapshot().pending).toBe(1)
    endB()
    expect(store.getSnapshot().pending).toBe(0)
  })
  test('setting an invalid lock throws and keeps the lock it had', () => {
    const store = createLoadingStore()
    store.setLock('off')
    expect(() => store.setLock('sim')).toThrow(INVALID_LOADER_LOCK_MESSAGE)
    expect(store.getSnapshot().lock).toBe('off')
  })
  test('after an API error loading stops and the lock is cleared', () => {
    const store = createLoadingStore()
    const end = store.start()
    store.start()
    store.setLock('on')
    store.resetAfterApiError()
    expect(store.getSnapshot()).toEqual({ pending: 0, lock: null })
    end()
    expect(store.getSnapshot().pending).toBe(0)
  })
})
