import { useEffect, useState } from 'react'
import type { Toast } from '~/lib/session.server.ts'

export const TOAST_DEFAULT_MS = 4000

/** Shows the flash toast of the last redirect; it leaves after 4000 ms (spec §9) or when closed. */
export function Toaster({ toast }: { toast: Toast | null }) {
  const [shown, setShown] = useState(toast)
  useEffect(() => {
    setShown(toast)
    if (!toast) return
    const timer = setTimeout(() => setShown(null), TOAST_DEFAULT_MS)
    return () => clearTimeout(timer)
  }, [toast])
  return (
    <div className="toaster" role="status" aria-live="polite">
      {shown ? (
        <div className={`toast toast-${shown.kind}`}>
          <span>{shown.text}</span>
          <button type="button" className="toast-close" aria-label="Fechar aviso" onClick={() => setShown(null)}>
            ×
          </button>
        </div>
      ) : null}
    </div>
  )
}
