/**
 * The file fields (FileInput) of a page that is not an island: the chosen file's name, which the server rendered
 * hidden (nothing can tell it without JavaScript), shows beside the Portuguese button and describes the input; a file
 * picked while the page loaded shows too, and a reset form says again that none is chosen.
 */
export function startFileInputs() {
  for (const name of document.querySelectorAll<HTMLElement>('.file-input [data-file-name]')) {
    const input = name.parentElement?.querySelector<HTMLInputElement>('input[type="file"]')
    if (!input) continue
    const none = name.dataset.fileName ?? ''
    const show = () => {
      name.textContent = input.files?.length ? Array.from(input.files, (f) => f.name).join(', ') : none
    }
    input.setAttribute('aria-describedby', [input.getAttribute('aria-describedby'), name.id].filter(Boolean).join(' '))
    name.hidden = false
    show()
    input.addEventListener('change', show)
    // A reset empties the input without a change event; its value is gone only after the event.
    input.form?.addEventListener('reset', () => window.setTimeout(show))
  }
}
