import { useSyncExternalStore } from 'react'
import { isLoadingOverlayVisible } from '~/lib/ui/loader-lock.ts'
import { loading, type LoadingState } from '~/lib/ui/loading-store.ts'

const IDLE: LoadingState = { pending: 0, lock: null }

/**
 * The loading overlay, which the loader lock can force on or off. `busy` is the page's own
 * loading (a navigation or form submission); work started with loading.start() counts too.
 */
export function LoadingOverlay({ busy }: { busy: boolean }) {
  const { pending, lock } = useSyncExternalStore(loading.subscribe, loading.getSnapshot, () => IDLE)
  if (!isLoadingOverlayVisible(busy || pending > 0, lock)) return null
  // Left to itself the overlay fades in late, so quick page changes do not flash it; forced on, it shows at once.
  return (
    <div className={lock === 'on' ? 'loading-overlay' : 'loading-overlay loading-overlay-late'} role="progressbar" aria-label="Carregando">
      <span className="loading-spinner" aria-hidden="true" />
    </div>
  )
}
