import type { z } from 'zod'
import type { FormValidator } from '~/components/form-validation.ts'
import { isNamedField, trackPresses } from '~/components/field-presses.ts'
import { announce } from './announce.ts'

type FieldErrors = Record<string, string[] | null | undefined>

/**
 * A server-rendered form of a page that is not hydrated, checked in the browser as useValidatedForm checks a
 * hydrated one, with the same schema and Conform's parser: a field's message shows when it is left,
 * then follows every keystroke; a submit attempt shows every message (and the form's `data-submit-error`) and
 * focuses the first wrong field; the submit button is marked disabled while the form is invalid, and says it is
 * sending once the post leaves. The markup it writes is the one forms.tsx renders (`{form}-{field}-error` lists,
 * aria-invalid, aria-describedby), so the server's answer to a post and these checks look alike.
 *
 * Until the schema arrives the form is as without JavaScript: the server checks the post.
 */
export function checkForm(form: HTMLFormElement, loadSchema: () => Promise<z.ZodType>) {
  let validator: FormValidator<z.ZodType> | null = null
  const checked = new Set<string>()
  const submitError = form.dataset.submitError
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')

  // Rendered from a refused post, a message of the server stays until its own field changes (the schema cannot tell
  // an e-mail already in use), the form's message until a submit.
  const serverFound = new Set<string>()
  for (const element of form.elements) if (isNamedField(element) && element.getAttribute('aria-invalid') === 'true') serverFound.add(element.name)
  // The server's answer to a refused post (a new page, whose first field has `autofocus`): the person goes on where
  // the answer asks, the first wrong field or else the first empty one (the password the server never sends back),
  // and a screen reader hears the form's message, which was already there when the page loaded.
  if (serverFound.size || form.hasAttribute('aria-describedby')) {
    focusAtEnd(firstInvalidField(form) ?? firstEmptyField(form))
    announce(form.querySelector('[role="alert"]'))
  }
  // Fields left before the schema arrived: checked as soon as it has.
  const leftEarly = new Set<string>()
  const parse = () => validator!.parse(new FormData(form))
  const refresh = (names: Iterable<string>) => {
    if (!validator) return
    const result = parse()
    const errors: FieldErrors = result.status === 'success' ? {} : (result.error ?? {})
    for (const name of names) showFieldErrors(form, name, errors[name])
    if (result.status === 'success') {
      button?.removeAttribute('aria-disabled')
      // 'Preencha todos os campos corretamente.' goes once they are; a message only the server can give stays.
      if (submitError && document.getElementById(`${form.id}-error`)?.textContent === submitError) showFormErrors(form, [])
    } else button?.setAttribute('aria-disabled', 'true')
  }

  const onLeave = (name: string) => {
    if (serverFound.has(name)) return
    checked.add(name)
    if (validator) refresh([name])
    else leftEarly.add(name)
  }
  const pressed = holdWhilePressed(form, onLeave)
  form.addEventListener('focusout', (event) => {
    const field = event.target
    if (isNamedField(field) && !pressed(field.name)) onLeave(field.name)
  })
  // Typing follows every field already checked, and the one typed in when the server had found it wrong (or any
  // field typed in, for a form checked as it is typed: `data-validate-on="onInput"`).
  const onInput = form.dataset.validateOn === 'onInput'
  const onChange = (event: Event) => {
    const field = event.target
    if (isNamedField(field) && (serverFound.delete(field.name) || onInput)) checked.add(field.name)
    if (!validator && isNamedField(field) && onInput) leftEarly.add(field.name)
    refresh(checked)
  }
  form.addEventListener('input', onChange)
  form.addEventListener('change', onChange)

  form.addEventListener('submit', (event) => {
    if (!validator) {
      // Sent before the schema arrived: the server checks every field, and its answer is what the person reads.
      leftEarly.clear()
      return
    }
    const result = parse()
    if (result.status === 'success') return
    event.preventDefault()
    const errors: FieldErrors = result.error ?? {}
    for (const name of fieldNames(form)) {
      // A message of the server whose field the schema finds right (an e-mail in use) stays.
      if (serverFound.has(name) && !errors[name]?.length) continue
      serverFound.delete(name)
      checked.add(name)
      showFieldErrors(form, name, errors[name])
    }
    showFormErrors(form, submitError ? [submitError] : (errors[''] ?? []))
    firstInvalidField(form)?.focus()
  })
  // A submit button's press must not blur the field first: its message would push the button away before the click lands.
  button?.addEventListener('mousedown', (event) => event.preventDefault())

  // The checks arrive when the form is first used (its first focus), not with the page; a refused post's answer needs
  // them at once, the person being about to correct it. A chunk that fails to load leaves the form as without
  // JavaScript: the server checks it.
  let asked = false
  const load = () => {
    if (asked) return
    asked = true
    import('~/components/form-validation.ts')
      .then(async ({ formValidator }) => {
        validator = formValidator(await loadSchema())
        refresh(leftEarly)
      })
      .catch(() => {})
  }
  form.addEventListener('focusin', load)
  if (serverFound.size || form.contains(document.activeElement)) load()
}

function fieldNames(form: HTMLFormElement) {
  const names = new Set<string>()
  for (const element of form.elements) if (isNamedField(element) && element.type !== 'hidden') names.add(element.name)
  return names
}

/** A field left by a press is checked once the press is over (trackPresses); answers whether its check waits. */
function holdWhilePressed(form: HTMLFormElement, check: (name: string) => void) {
  const presses = trackPresses()
  return (name: string) => {
    if (!presses.pressing()) return false
    presses.afterPress(() => form.isConnected && check(name))
    return true
  }
}

function showFieldErrors(form: HTMLFormElement, name: string, messages: string[] | null | undefined) {
  const field = form.elements.namedItem(name)
  const input = field instanceof RadioNodeList ? (field[0] as HTMLInputElement | undefined) : (field as HTMLInputElement | null)
  if (!input) return
  const errorId = `${form.id}-${name}-error`
  const shown = messages?.filter(Boolean) ?? []
  const others = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter((id) => id && id !== errorId)
  const list = document.getElementById(errorId)
  if (!shown.length) {
    input.removeAttribute('aria-invalid')
    // Emptied, not removed: the server rendered it as a live region, which says the next message as it appears.
    list?.replaceChildren()
    setOrRemove(input, 'aria-describedby', others.join(' '))
    return
  }
  input.setAttribute('aria-invalid', 'true')
  setOrRemove(input, 'aria-describedby', [errorId, ...others].join(' '))
  if (list) list.replaceChildren(...items(shown))
  else input.closest('.field')?.append(errorList(errorId, shown))
}

function showFormErrors(form: HTMLFormElement, messages: string[]) {
  const errorId = `${form.id}-error`
  const region = form.querySelector('[role="alert"]')
  document.getElementById(errorId)?.remove()
  setOrRemove(form, 'aria-describedby', messages.length ? errorId : '')
  if (messages.length) region?.append(errorList(errorId, messages))
}

function errorList(id: string, messages: string[]) {
  const list = document.createElement('ul')
  list.id = id
  list.className = 'field-errors'
  list.append(...items(messages))
  return list
}

function items(messages: string[]) {
  return messages.map((text) => {
    const item = document.createElement('li')
    item.textContent = text
    return item
  })
}

function setOrRemove(element: Element, attribute: string, value: string) {
  if (value) element.setAttribute(attribute, value)
  else element.removeAttribute(attribute)
}

const firstEmptyField = (form: HTMLFormElement) =>
  [...form.elements].find((element): element is HTMLInputElement => element instanceof HTMLInputElement && element.name !== '' && element.type !== 'hidden' && element.type !== 'checkbox' && element.value === '')

/** Focus with the caret after what the field holds (the browser's autofocus leaves it at the start). */
function focusAtEnd(field: HTMLInputElement | undefined) {
  if (!field) return
  field.focus()
  if (field.type === 'text' || field.type === 'password') field.setSelectionRange(field.value.length, field.value.length)
  // An e-mail field has no caret to place: what it holds is selected, so typing replaces it.
  else if (field.type === 'email') field.select()
}

const firstInvalidField = (form: HTMLFormElement) =>
  [...form.elements].find((element): element is HTMLInputElement => isNamedField(element) && element.getAttribute('aria-invalid') === 'true')
