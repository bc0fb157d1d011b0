import { useEffect, useState } from 'react'

export type Suggestion = { id: number; nome: string; marca: string | null; vendedor: string }

/** A pause after the last key before asking, so typing a word asks once. */
const PAUSE_MS = 200

/**
 * The market search box's suggestions for what is typed (two letters or more): products the company may buy,
 * from /mercado/sugestoes, shown by the browser's own list under the box (a datalist). Without JavaScript the
 * box searches as before.
 */
export function useSearchSuggestions(text: string) {
  const [suggestions, setSuggestions] = useState<Suggestion[]>([])
  useEffect(() => {
    const q = text.trim()
    if (q.length < 2) {
      setSuggestions([])
      return
    }
    const controller = new AbortController()
    const timer = setTimeout(() => {
      fetch(`/mercado/sugestoes?q=${encodeURIComponent(q)}`, { headers: { accept: 'application/json' }, signal: controller.signal })
        .then((res) => (res.ok ? (res.json() as Promise<{ sugestoes?: Suggestion[] }>) : null))
        .then((body) => setSuggestions(body?.sugestoes ?? []))
        // Aborted by the next key, or offline: the box keeps working without suggestions.
        .catch(() => undefined)
    }, PAUSE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [text])
  return suggestions
}
