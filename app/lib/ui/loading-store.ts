import { parseLoaderLock, type LoaderLock } from './loader-lock.ts'

export type LoadingState = { pending: number; lock: LoaderLock }

/**
 * Work the browser waits for outside a navigation (fetchers of the islands, for instance),
 * and the loader lock. Navigations are counted by the overlay itself.
 */
export function createLoadingStore() {
  let state: LoadingState = { pending: 0, lock: null }
  const listeners = new Set<() => void>()
  const set = (next: LoadingState) => {
    state = next
    listeners.forEach((listener) => listener())
  }

  return {
    /** Throws a Portuguese error (INVALID_LOADER_LOCK_MESSAGE) for anything but 'on', 'off' or null. */
    setLock(value: unknown) {
      set({ ...state, lock: parseLoaderLock(value) })
    },
    /** Marks one piece of work as started; the returned function ends it, once. */
    start() {
      set({ ...state, pending: state.pending + 1 })
      let ended = false
      return () => {
        if (ended) return
        ended = true
        set({ ...state, pending: Math.max(0, state.pending - 1) })
      }
    },
    /** After a failed API call the loading indicator turns off and the lock is cleared. */
    resetAfterApiError() {
      set({ pending: 0, lock: null })
    },
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export const loading = createLoadingStore()
