import { describe, expect, test, vi } from 'vitest'
import { createModalStack } from '~/lib/ui/modal-stack.ts'
import { lockScrollWhileModalsOpen } from '~/lib/ui/scroll-lock.ts'

describe('modal stack', () => {
  test('each modal opened gets the next level; closing twice counts once', () => {
    const stack = createModalStack()
    const first = stack.open()
    const second = stack.open()
    expect([first.level, second.level, stack.depth()]).toEqual([1, 2, 2])
    second.close()
    second.close()
    expect(stack.depth()).toBe(1)
  })
  test('listeners hear opens and closes', () => {
    const stack = createModalStack()
    const heard = vi.fn()
    stack.subscribe(heard)
    stack.open().close()
    expect(heard).toHaveBeenCalledTimes(2)
  })
})

describe('scroll lock', () => {
  test('showing a modal disables page scroll; closing restores what the page had', () => {
    const stack = createModalStack()
    const page = { style: { overflow: 'auto' } }
    lockScrollWhileModalsOpen(stack, page)
    const modal = stack.open()
    expect(page.style.overflow).toBe('hidden')
    modal.close()
    expect(page.style.overflow).toBe('auto')
  })
  test('stacked modals: the page stays locked until the last one closes', () => {
    const stack = createModalStack()
    const page = { style: { overflow: '' } }
    lockScrollWhileModalsOpen(stack, page)
    const first = stack.open()
    const second = stack.open()
    second.close()
    expect(page.style.overflow).toBe('hidden')
    first.close()
    expect(page.style.overflow).toBe('')
  })
  test('bound while a modal is already open, it locks at once; unbound, it stops following', () => {
    const stack = createModalStack()
    const page = { style: { overflow: '' } }
    const first = stack.open()
    const unbind = lockScrollWhileModalsOpen(stack, page)
    expect(page.style.overflow).toBe('hidden')
    first.close()
    unbind()
    stack.open()
    expect(page.style.overflow).toBe('')
  })
})
