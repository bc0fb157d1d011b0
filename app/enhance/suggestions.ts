import { companyFetch } from './company-fetch.ts'

/** A pause after the last key before asking, so typing a word asks once. */
const PAUSE_MS = 200
/** Fewer letters than this ask nothing: too many products would match. */
const MIN_LENGTH = 2

/**
 * A search box that suggests while typing (the market's, `data-suggestions` naming the resource route): after a pause,
 * what is typed is sent there and the options of its answer, the same list the page rendered (a datalist), replace
 * the box's. The browser shows them under the box and gives it the keys and the words of a combobox. A key typed
 * meanwhile drops the question on its way; offline or refused, the box searches as without JavaScript.
 */
export function startSuggestions() {
  for (const input of document.querySelectorAll<HTMLInputElement>('input[data-suggestions][list]')) suggest(input)
}

function suggest(input: HTMLInputElement) {
  const address = new URL(input.dataset.suggestions!, window.location.href)
  const listId = input.getAttribute('list')!
  let timer: ReturnType<typeof setTimeout> | undefined
  let asking: AbortController | undefined
  input.addEventListener('input', () => {
    clearTimeout(timer)
    asking?.abort()
    const q = input.value.trim()
    if (q.length < MIN_LENGTH) {
      document.getElementById(listId)?.replaceChildren()
      return
    }
    timer = setTimeout(() => {
      const controller = (asking = new AbortController())
      address.searchParams.set('q', q)
      companyFetch(address, { headers: { accept: 'text/html' }, signal: controller.signal })
        .then((res) => (res.ok ? res.text() : null))
        .then((html) => {
          if (html === null || controller.signal.aborted) return
          const answer = document.createElement('template')
          answer.innerHTML = html
          // An answer that is not the list (the Login page, once the session has ended) leaves the box as it is.
          const fresh = answer.content.getElementById(listId)
          if (fresh) document.getElementById(listId)?.replaceChildren(...fresh.childNodes)
        })
        .catch(() => undefined)
    }, PAUSE_MS)
  })
}
