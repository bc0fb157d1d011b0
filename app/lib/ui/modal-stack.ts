/**
 * How many modals are open, one above the other. The level of a modal is its place in
 * the stack (1 for the first); toasts belong to the level that was on top when they were
 * shown, and the page scroll stays locked while the stack is not empty.
 */
export type ModalStack = ReturnType<typeof createModalStack>

export function createModalStack() {
  let depth = 0
  const listeners = new Set<() => void>()
  const notify = () => listeners.forEach((listener) => listener())

  return {
    /** Opens one level; the returned close is safe to call twice (React may run cleanups again). */
    open() {
      depth += 1
      const level = depth
      let closed = false
      notify()
      return {
        level,
        close() {
          if (closed) return
          closed = true
          depth -= 1
          notify()
        },
      }
    },
    depth: () => depth,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export const modalStack = createModalStack()
