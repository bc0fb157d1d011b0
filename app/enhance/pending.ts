/** How long a button waits for the answer before it sends again: a post the person stopped (Esc) gives no event. */
const STOPPED_POST_MS = 15_000

/**
 * Every post of the page, with or without checks: once it leaves, its button is disabled (a second click posts
 * nothing) and says its `data-pending` text; the form posts once. A button marked `data-keep-focus` (a row's switch)
 * is marked aria-disabled instead: disabled, it would lose the focus, and the keyboard its place in the list. Back to
 * the page from the browser's history, the buttons send again.
 */
export function startPending() {
  document.addEventListener('submit', (event) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement) || form.method.toLowerCase() !== 'post') return
    // The form's own checks (form-checks.ts) ran first, on the form: act only on a post that leaves.
    if (event.defaultPrevented) return
    form.dataset.sending = ''
    const button = event.submitter instanceof HTMLButtonElement ? event.submitter : form.querySelector<HTMLButtonElement>('button[type="submit"], button:not([type])')
    if (button) sending(button, form)
  })
  // A second submit while the first is on its way: stopped before it leaves (capture runs before the post).
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target
      if (form instanceof HTMLFormElement && form.dataset.sending !== undefined) event.preventDefault()
    },
    true,
  )
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return
    for (const form of document.forms) delete form.dataset.sending
    for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-idle], button[data-sending]')) restore(button)
  })
}

function sending(button: HTMLButtonElement, form: HTMLFormElement) {
  const pending = button.dataset.pending
  // After the submit event, so the post still carries the button's own name and value when it has them.
  window.setTimeout(() => {
    if (button.dataset.keepFocus === undefined) button.disabled = true
    else button.setAttribute('aria-disabled', 'true')
    button.dataset.sending = ''
    if (pending) {
      button.dataset.idle = button.textContent ?? ''
      button.textContent = pending
    }
    window.setTimeout(() => {
      restore(button)
      delete form.dataset.sending
    }, STOPPED_POST_MS)
  })
}

function restore(button: HTMLButtonElement) {
  button.disabled = false
  if (button.dataset.keepFocus !== undefined) button.removeAttribute('aria-disabled')
  delete button.dataset.sending
  if (button.dataset.idle !== undefined) {
    button.textContent = button.dataset.idle
    delete button.dataset.idle
  }
}
