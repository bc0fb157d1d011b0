import { useRef, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { useHydrated } from 'remix-utils/use-hydrated'
import { closeDetailsOnEscape } from './details-escape.ts'

/**
 * One more step before a final action, which a <details> gives without JavaScript: the summary opens the
 * question and its answer (the children, a form's submit). With JavaScript, the cancel button closes it and gives
 * the focus back to the summary; without, the summary closes it.
 */
export function ConfirmStep({
  summary,
  question,
  tone,
  cancelLabel,
  children,
}: {
  summary: ReactNode
  question: ReactNode
  tone: 'primary' | 'danger'
  cancelLabel: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const location = useLocation()
  const ref = useRef<HTMLDetailsElement>(null)
  const cancel = () => {
    const details = ref.current
    if (!details) return
    details.open = false
    details.querySelector('summary')?.focus()
  }
  return (
    <details className="confirm-step" ref={ref} onKeyDown={closeDetailsOnEscape}>
      <summary className={`button ${tone}`}>{summary}</summary>
      <div className="card stack">
        <p>{question}</p>
        <div className="button-row">
          {hydrated ? (
            <button type="button" className="button" onClick={cancel}>
              {cancelLabel}
            </button>
          ) : (
            // Without JavaScript: the same page again, with the step closed; with the enhancement layer
            // (app/enhance/confirm-steps.ts) it closes in place, as the button does.
            <a href={`${location.pathname}${location.search}`} className="button" data-confirm-cancel>
              {cancelLabel}
            </a>
          )}
          {children}
        </div>
      </div>
    </details>
  )
}
