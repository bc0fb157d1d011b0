import { useEffect, useRef, useState } from 'react'

/**
 * What a list now shows, said in a polite live region: a search, a filter or another page changes the list
 * without moving the focus, and a screen reader heard nothing of it. Empty until the list changes (`listKey`,
 * the list's filters and page), so a page's first render says nothing twice; the same words said again after
 * another search are said again.
 */
export function ResultsStatus({ listKey, text }: { listKey: string; text: string }) {
  const [said, say] = useState('')
  const shownKey = useRef(listKey)
  useEffect(() => {
    if (shownKey.current === listKey) return
    shownKey.current = listKey
    say((before) => (before === text ? `${text}\u00a0` : text))
  }, [listKey, text])
  return (
    <p className="sr-only" role="status">
      {said}
    </p>
  )
}

/** '1 produto', '27 produtos', '27 produtos, página 1 de 2': the words of a list's count. */
export function resultsText(total: number, one: string, many: string, page: number, lastPage: number) {
  const count = total === 1 ? `1 ${one}` : `${total.toLocaleString('pt-BR')} ${many}`
  return lastPage > 1 ? `${count}, página ${page} de ${lastPage}.` : `${count}.`
}
