/**
 * What a list now shows, said in a polite live region: a search, a filter or another page of the same screen changes
 * the list, and a screen reader heard nothing of it. Served empty, the words in `data-results-text`:
 * app/enhance/results-status.ts says them when the page is the same screen's list changed (`listKey`, the list's
 * filters and page, differs from the one shown before), so a page opened anew says nothing twice.
 */
export function ResultsStatus({ listKey, text }: { listKey: string; text: string }) {
  return <p className="sr-only" role="status" data-results-key={listKey} data-results-text={text} />
}

/** '1 produto', '27 produtos', '27 produtos, página 1 de 2': the words of a list's count. */
export function resultsText(total: number, one: string, many: string, page: number, lastPage: number) {
  const count = total === 1 ? `1 ${one}` : `${total.toLocaleString('pt-BR')} ${many}`
  return lastPage > 1 ? `${count}, página ${page} de ${lastPage}.` : `${count}.`
}
