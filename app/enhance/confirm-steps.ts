/**
 * The confirmation steps (`details.confirm-step`, ConfirmStep) of a page that is not an island: Escape closes the
 * open one it is pressed in, and its cancel link (which without JavaScript loads the page again, the step closed)
 * becomes the button it acts as, closing the step in place; either way the focus goes back to its summary, as a menu
 * or a dialog gives it back. A modal around it stays open.
 */
export function startConfirmSteps() {
  const close = (details: HTMLDetailsElement) => {
    details.open = false
    details.querySelector('summary')?.focus()
  }
  for (const cancel of document.querySelectorAll<HTMLElement>('details.confirm-step [data-confirm-cancel]')) {
    cancel.setAttribute('role', 'button')
    // A button answers Space as well as Enter.
    cancel.addEventListener('keydown', (event) => {
      if (event.key !== ' ') return
      event.preventDefault()
      cancel.click()
    })
  }
  // In the capture phase: before the modal's own Escape (dialogs.ts), which then sees it handled.
  document.addEventListener(
    'keydown',
    (event) => {
      const details = event.key === 'Escape' && event.target instanceof Element ? event.target.closest<HTMLDetailsElement>('details.confirm-step') : null
      if (!details?.open) return
      event.preventDefault()
      close(details)
    },
    true,
  )
  document.addEventListener('click', (event) => {
    const cancel = event.target instanceof Element ? event.target.closest('[data-confirm-cancel]') : null
    const details = cancel?.closest<HTMLDetailsElement>('details.confirm-step')
    if (!details || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    close(details)
  })
}
