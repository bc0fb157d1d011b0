export type Suggestion = { id: number; nome: string; marca: string | null; vendedor: string }

/** The id of the market search box's list of suggestions, which its `list` attribute names. */
export const SUGGESTIONS_ID = 'mercado-sugestoes'

/**
 * The market search box's suggestions: products the company may buy, shown by the browser's own list under the box
 * (a datalist, so the box is a combobox whose keys and announcements are the browser's). Served empty with the page;
 * /mercado/sugestoes renders it again for what is typed, and app/enhance/suggestions.ts puts its options in.
 */
export function SuggestionList({ suggestions }: { suggestions: Suggestion[] }) {
  // One entry per name: the same product sold by several sellers is one suggestion of what to search.
  const names = [...new Map(suggestions.map((s) => [s.nome, s])).values()]
  return (
    <datalist id={SUGGESTIONS_ID}>
      {names.map((s) => (
        <option key={s.id} value={s.nome}>
          {[s.marca, s.vendedor].filter(Boolean).join(' · ')}
        </option>
      ))}
    </datalist>
  )
}
