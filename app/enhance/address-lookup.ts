import { trackPresses } from '~/components/field-presses.ts'

type CepAnswer = { endereco?: string; bairro?: string; cidade?: string; uf?: string; erro?: string }

const FILLED = ['endereco', 'bairro', 'cidade', 'uf'] as const

/**
 * 'Nova organização' (`data-address-lookup`): a CEP of 8 digits, once its field is left (by Tab, Enter or a click
 * anywhere else), fills the address fields with what the lookup answers; choosing a state, by hand or so, brings its
 * cities as the city field's suggestions, rendered by the server. A failed lookup says so in the note under the CEP
 * and the person types the address, as without JavaScript.
 */
export function startAddressLookup(form: HTMLFormElement) {
  const cep = form.elements.namedItem('cep')
  const uf = form.elements.namedItem('uf')
  const note = form.querySelector<HTMLElement>('[data-lookup-note]')
  if (!(cep instanceof HTMLInputElement) || !(uf instanceof HTMLSelectElement) || !note) return
  const hint = note.textContent ?? ''
  let looked = ''

  const lookUp = async () => {
    const digits = cep.value.replace(/\D/g, '')
    if (digits.length !== 8 || digits === looked) return
    looked = digits
    note.textContent = note.dataset.looking ?? ''
    const answer: CepAnswer = await fetch(`/acoes/endereco?cep=${digits}`, { headers: { accept: 'application/json' } })
      .then((res) => (res.ok ? (res.json() as Promise<CepAnswer>) : { erro: note.dataset.unavailable }))
      .catch(() => ({ erro: note.dataset.unavailable }))
    // Another CEP was typed and left meanwhile: its answer is the one that counts.
    if (looked !== digits || !form.isConnected) return
    if (answer.erro) {
      note.textContent = answer.erro
      // Looked up again once the person leaves the field once more (the service may answer then).
      looked = ''
      return
    }
    note.textContent = hint
    for (const name of FILLED) {
      const field = form.elements.namedItem(name)
      const value = answer[name]
      if (!value || !(field instanceof HTMLInputElement || field instanceof HTMLSelectElement)) continue
      field.value = value
      // Heard as the person's own change: the form's checks follow, and a new state brings its cities.
      field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
    }
  }

  // Left by a press (on another field, the modal, the page), the lookup starts once the press is over: the note's new
  // text must not move what is under the pointer before the click lands.
  const presses = trackPresses()
  cep.addEventListener('focusout', () => {
    if (presses.pressing()) presses.afterPress(() => void lookUp())
    else void lookUp()
  })
  // A CEP the browser's autofill wrote, without the field ever having the focus (a press is the focusout's).
  cep.addEventListener('change', () => {
    if (!presses.pressing()) void lookUp()
  })

  const city = form.elements.namedItem('cidade')
  let citiesOf = ''
  uf.addEventListener('change', async () => {
    const state = (citiesOf = uf.value)
    const list = city instanceof HTMLInputElement ? city.list : null
    if (!state || !list) return
    const html = await fetch(`/acoes/endereco?uf=${encodeURIComponent(state)}`)
      .then((res) => (res.ok ? res.text() : ''))
      .catch(() => '')
    const next = html ? new DOMParser().parseFromString(html, 'text/html').querySelector('datalist') : null
    if (next && citiesOf === state) list.replaceWith(next)
  })
}
