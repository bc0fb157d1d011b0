/**
 * A link to hand on (an invite's), in a read-only field: its 'Copiar' button (`data-copy` names the field, hidden
 * without JavaScript) puts it on the clipboard and the field's status says so; the field selects all of it when
 * focused, ready to copy by hand.
 */
export function startCopyLinks() {
  for (const button of document.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    const field = document.getElementById(button.dataset.copy ?? '')
    if (!(field instanceof HTMLInputElement)) continue
    const status = document.querySelector<HTMLElement>(`[data-copy-status="${CSS.escape(field.id)}"]`)
    field.addEventListener('focus', () => field.select())
    if (!navigator.clipboard) continue
    button.hidden = false
    button.addEventListener('click', async () => {
      await navigator.clipboard.writeText(field.value)
      if (status && button.dataset.copied) status.textContent = button.dataset.copied
    })
  }
}
