import { sql, type SQL } from 'drizzle-orm'
import { likePattern } from '../pagination.ts'

/**
 * Words of a product search, each of which must appear (accents and case aside); at most 8. Commas and semicolons
 * part words as spaces do ('dipirona, ems'), except a decimal comma ('0,5 mg'); so does a number followed by letters,
 * so that '750mg' finds '750 mg' as well as '750mg'.
 */
export function searchWords(search: string | null | undefined) {
  return (search ?? '')
    .trim()
    .split(/[\s;]+|,(?!\d)|(?<=\d)(?=\p{L})/u)
    .filter(Boolean)
    .slice(0, 8)
}

/**
 * A product search on a `busca` column (the name, brand, category and codes without accents or case, decision
 * 015): every word must appear, in any order, so 'amoxicilina ems' finds 'Amoxicilina 500 mg 21 cápsulas EMS'.
 * A word of three letters or more is a LIKE the trigram index answers; one of one or two letters has no trigram:
 * as a LIKE it would make the index read every entry ('vitamina c'), so it filters the rows the longer words
 * found instead. Undefined when there is no word.
 */
export function productSearch(busca: SQL, search: string | null | undefined): SQL | undefined {
  const words = searchWords(search)
  if (!words.length) return undefined
  return sql.join(
    words.map((word) => wordIn(busca, word)),
    sql` and `,
  )
}

/** Whether `text` (already without accents or case) holds `word`. */
const wordIn = (text: SQL, word: string) =>
  word.length >= 3 ? sql`${text} like f_unaccent(lower(${likePattern(word)}))` : sql`strpos(${text}, f_unaccent(lower(${word}))) > 0`

/**
 * How many of the search's words a product's name holds (accents and case aside): what ranks the matches, so a name
 * that says what was searched comes before a product that matched only inside its codes ('dipirona sodica 500':
 * 'Dipirona Sódica 500 mg' before 'Dipirona Sódica 1 g' of EAN 7891…500…). Undefined when there is no word.
 */
export function wordsInName(nome: SQL, search: string | null | undefined): SQL | undefined {
  const words = searchWords(search)
  if (!words.length) return undefined
  const name = sql`f_unaccent(lower(${nome}))`
  return sql.join(
    words.map((word) => sql`(${wordIn(name, word)})::int`),
    sql` + `,
  )
}
