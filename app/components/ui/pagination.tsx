import type { ReactNode } from 'react'

/** What a Laravel page (LengthAwarePaginator) says of where it is. */
export type PageInfo = { current_page: number; last_page: number; total: number }

type Steps =
  /** Each page is a link to its address. */
  | { href: (page: number) => string; submitName?: never }
  /** Each page is a submit button of the enclosing form, named so: a picker's pages carry what is ticked with them. */
  | { submitName: string; href?: never }

/**
 * The pages of a list: where it is ('Página 2 de 5 (93 produtos)'), the previous and next pages and the pages around
 * this one, the first and the last, the current one marked for screen readers. Links (or a form's buttons), so that
 * they work without JavaScript.
 */
export function Pagination({
  page,
  label,
  count,
  countAlone = false,
  ...steps
}: {
  page: PageInfo
  /** The navigation's name, apart from any other on the page ('Paginação de produtos'). */
  label: string
  /** The list's items in words, one and many ('produto', 'produtos'). */
  count: { one: string; many: string }
  /** A list of one page shows its count alone; otherwise nothing. */
  countAlone?: boolean
} & Steps) {
  const { current_page: current, last_page: last, total } = page
  const counted = total === 1 ? `1 ${count.one}` : `${total} ${count.many}`
  if (last <= 1) return countAlone ? <p className="muted">{counted}</p> : null
  const step = (to: number, content: ReactNode, isCurrent = false) =>
    steps.submitName !== undefined ? (
      <button type="submit" className="button" name={steps.submitName} value={to} aria-current={isCurrent ? 'page' : undefined}>
        {content}
      </button>
    ) : (
      <a href={steps.href(to)} aria-current={isCurrent ? 'page' : undefined}>
        {content}
      </a>
    )
  return (
    <nav className="pagination" aria-label={label}>
      <p>
        Página {current} de {last} ({counted})
      </p>
      <ul>
        {current > 1 ? <li className="pagination-step">{step(current - 1, 'Anterior')}</li> : null}
        {pagesAround(current, last).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {step(
                n,
                <>
                  <span className="sr-only">Página </span>
                  {n}
                </>,
                n === current,
              )}
            </li>
          ),
        )}
        {current < last ? <li className="pagination-step">{step(current + 1, 'Próxima')}</li> : null}
      </ul>
    </nav>
  )
}

/** The first and last pages and those beside the current one; null where pages are left out (a gap of one is shown). */
export function pagesAround(current: number, last: number): (number | null)[] {
  const shown = [...new Set([1, current - 1, current, current + 1, last])].filter((n) => n >= 1 && n <= last).sort((a, b) => a - b)
  const pages: (number | null)[] = []
  for (const n of shown) {
    const previous = pages.at(-1)
    if (typeof previous === 'number' && n - previous === 2) pages.push(n - 1)
    else if (typeof previous === 'number' && n - previous > 2) pages.push(null)
    pages.push(n)
  }
  return pages
}
