import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createToastStore, toastReducer, toastsForLevel, type Toast } from '~/lib/ui/toast-store.ts'
import { TOAST_DEFAULT_MS, TOAST_RESUME_MIN_MS } from '~/lib/ui/ui-timing.ts'

const toast = (over: Partial<Toast>): Toast => ({ id: 1, kind: 'info', body: 'Olá', duration: 4000, level: 0, ...over })

describe('toast reducer', () => {
  test('a toast whose body is already shown is dropped', () => {
    const state = toastReducer([], { type: 'show', toast: toast({ id: 1, body: 'Email inválido' }) })
    const again = toastReducer(state, { type: 'show', toast: toast({ id: 2, body: 'Email inválido', kind: 'error' }) })
    expect(again).toBe(state)
    expect(toastReducer(state, { type: 'show', toast: toast({ id: 3, body: 'Outro' }) })).toHaveLength(2)
  })
  test('dismiss removes by id; an unknown id changes nothing', () => {
    const state = [toast({ id: 1 }), toast({ id: 2, body: 'B' })]
    expect(toastReducer(state, { type: 'dismiss', id: 1 }).map((t) => t.id)).toEqual([2])
    expect(toastReducer(state, { type: 'dismiss', id: 9 })).toBe(state)
  })
})

describe('toasts for a modal level', () => {
  const list = [toast({ id: 1, body: 'page', level: 0 }), toast({ id: 2, body: 'first modal', level: 1 }), toast({ id: 3, body: 'second', level: 2 })]
  test('with no modal open the page shows every toast', () => {
    expect(toastsForLevel(list, 0, 0).map((t) => t.id)).toEqual([1, 2, 3])
  })
  test('while a modal is open the page shows none', () => {
    expect(toastsForLevel(list, 0, 1)).toEqual([])
  })
  test('a modal shows only the toasts of its own level', () => {
    expect(toastsForLevel(list, 1, 2).map((t) => t.id)).toEqual([2])
    expect(toastsForLevel(list, 2, 2).map((t) => t.id)).toEqual([3])
  })
})

describe('toast store', () => {
  let level = 0
  let store = createToastStore(() => level)
  beforeEach(() => {
    vi.useFakeTimers()
    level = 0
    store = createToastStore(() => level)
  })
  afterEach(() => vi.useRealTimers())

  test(`leaves after the default ${TOAST_DEFAULT_MS} ms`, () => {
    store.success('Cadastro efetuado com sucesso!')
    expect(store.getSnapshot()).toMatchObject([{ kind: 'success', body: 'Cadastro efetuado com sucesso!', duration: 4000 }])
    vi.advanceTimersByTime(3999)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toHaveLength(0)
  })
  test('a given duration is used', () => {
    store.error('Erro inesperado', 1000)
    vi.advanceTimersByTime(1000)
    expect(store.getSnapshot()).toHaveLength(0)
  })
  test('a duration of 0 or less stays until closed', () => {
    store.info('fica', 0)
    store.info('também fica', -5)
    vi.advanceTimersByTime(60_000)
    expect(store.getSnapshot().map((t) => t.body)).toEqual(['fica', 'também fica'])
    store.dismiss(store.getSnapshot()[0].id)
    expect(store.getSnapshot().map((t) => t.body)).toEqual(['também fica'])
  })
  test('kinds success, error and info; info by default', () => {
    store.success('a')
    store.error('b')
    store.info('c')
    store.show({ body: 'd' })
    expect(store.getSnapshot().map((t) => t.kind)).toEqual(['success', 'error', 'info', 'info'])
  })
  test('the same body twice shows once, and the first keeps its own timer', () => {
    store.info('Bandeira adicionada com sucesso!')
    vi.advanceTimersByTime(3000)
    store.info('Bandeira adicionada com sucesso!')
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1000)
    expect(store.getSnapshot()).toHaveLength(0)
  })
  test('once gone, the same body can be shown again', () => {
    store.info('de novo', 100)
    vi.advanceTimersByTime(100)
    store.info('de novo', 100)
    expect(store.getSnapshot()).toHaveLength(1)
  })
  test('a toast belongs to the modal level on top when it was shown', () => {
    store.info('na página')
    level = 2
    store.info('no segundo modal')
    expect(store.getSnapshot().map((t) => t.level)).toEqual([0, 2])
  })
  test('closing early cancels the timer, and listeners hear every change', () => {
    const heard = vi.fn()
    const unsubscribe = store.subscribe(heard)
    store.info('x')
    store.dismiss(store.getSnapshot()[0].id)
    vi.advanceTimersByTime(TOAST_DEFAULT_MS)
    expect(heard).toHaveBeenCalledTimes(2)
    unsubscribe()
    store.info('y')
    expect(heard).toHaveBeenCalledTimes(2)
  })
  test('a new route closes every toast, those kept until closed included', () => {
    store.info('a')
    store.error('b', 0)
    store.dismissAll()
    expect(store.getSnapshot()).toEqual([])
    store.info('a')
    expect(store.getSnapshot().map((t) => t.body)).toEqual(['a'])
  })
  test('held (pointer over the toasts, focus in them), none closes; each then keeps the time it had left', () => {
    store.info('lido devagar')
    vi.advanceTimersByTime(1000)
    store.pause()
    store.info('chegou durante a pausa')
    vi.advanceTimersByTime(60_000)
    expect(store.getSnapshot()).toHaveLength(2)
    store.resume()
    vi.advanceTimersByTime(2999)
    expect(store.getSnapshot().map((t) => t.body)).toEqual(['lido devagar', 'chegou durante a pausa'])
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot().map((t) => t.body)).toEqual(['chegou durante a pausa'])
    vi.advanceTimersByTime(1000)
    expect(store.getSnapshot()).toEqual([])
  })
  test(`a toast almost gone when held gets ${TOAST_RESUME_MIN_MS} ms once left`, () => {
    store.info('quase')
    vi.advanceTimersByTime(3900)
    store.pause()
    store.resume()
    vi.advanceTimersByTime(TOAST_RESUME_MIN_MS - 1)
    expect(store.getSnapshot()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.getSnapshot()).toHaveLength(0)
  })
  test('two toasters holding: the timers wait for both to let go; a resume without a pause changes nothing', () => {
    store.info('x')
    store.resume()
    store.pause()
    store.pause()
    store.resume()
    vi.advanceTimersByTime(10_000)
    expect(store.getSnapshot()).toHaveLength(1)
    store.resume()
    vi.advanceTimersByTime(TOAST_DEFAULT_MS)
    expect(store.getSnapshot()).toHaveLength(0)
  })
  test('show answers the new toast\'s id, or undefined for a body already shown', () => {
    const id = store.info('uma vez')
    expect(store.getSnapshot()[0].id).toBe(id)
    expect(store.info('uma vez')).toBeUndefined()
  })
  test('a toast that stays until closed stays through a pause, shown before or during it', () => {
    store.info('fica', 0)
    store.pause()
    store.info('também fica', 0)
    store.resume()
    vi.advanceTimersByTime(60_000)
    expect(store.getSnapshot()).toHaveLength(2)
  })
})
