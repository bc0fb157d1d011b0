/**
 * A form whose answer is one of its radios (`data-requires-choice` names them, the token selection): its submit button
 * is disabled until one is chosen. Without JavaScript the button posts and the server says that a choice is missing.
 */
export function startRequiredChoices() {
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-requires-choice]')) {
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    if (!button) continue
    const chosen = `input[name="${CSS.escape(form.dataset.requiresChoice!)}"]:checked`
    const update = () => {
      button.disabled = !form.querySelector(chosen)
    }
    update()
    form.addEventListener('change', update)
  }
}
