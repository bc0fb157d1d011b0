import { idOf } from '~/domain/shared/fields.ts'

/**
 * A list screen's state lives in its address (`?q=…&filtro=…&ordem=…&page=…`), so that links, the Back button and a
 * page posted without JavaScript all come back to the same list. Each list declares its parameters once (a
 * definition); the loader parses them with `parseListState`, and every link or redirect that changes them is built by
 * `listAddress`. Pure: the server and the components use the same module.
 */

/**
 * One parameter of a list: its value when the address has none or one it does not accept (`fallback`), how it reads
 * the address's text (undefined: not accepted) and, when the value is not that text, how it writes it back.
 */
export type ParamSpec<T> = {
  readonly fallback: T
  readonly read: (raw: string) => T | undefined
  readonly write?: (value: T) => string
}

// `any`: one definition holds specs of different value types; each value's type is read back from its own spec.
type AnySpec = ParamSpec<any>

export type ListDefinition<P extends Record<string, AnySpec> = Record<string, AnySpec>> = {
  readonly params: P
  /** Parameters every address of the list carries as they are, before its own: the tab of a page with several lists. */
  readonly fixed: Readonly<Record<string, string>>
  /** The highest page the address may ask for: past it an address is no list's, and the API need not count so far. */
  readonly maxPage: number
}

type ValueOf<S> = S extends ParamSpec<infer T> ? T : never

/** The list's state: its page and each of its parameters, typed by its definition. */
export type ListState<D extends ListDefinition> = { page: number } & { -readonly [K in keyof D['params']]: ValueOf<D['params'][K]> }

/** A change of the list's state: any of its parameters, the page included. */
export type ListChanges<D extends ListDefinition> = Partial<ListState<D>>

export const MAX_PAGE = 100_000

export function defineList<const P extends Record<string, AnySpec>>(params: P, options: { fixed?: Record<string, string>; maxPage?: number } = {}): ListDefinition<P> {
  return { params, fixed: options.fixed ?? {}, maxPage: options.maxPage ?? MAX_PAGE }
}

/** A search box's words: trimmed, at most `maxLength` characters (the API's own limit). */
export const search = (maxLength = 255): ParamSpec<string> => ({ fallback: '', read: (raw) => raw.trim().slice(0, maxLength) })

/** One of a fixed set of values (a filter's options, a sortable column); anything else is the fallback. */
export const oneOf = <const V extends string>(values: readonly V[], fallback: NoInfer<V>): ParamSpec<V> => ({
  fallback,
  read: (raw) => values.find((v) => v === raw),
})

/** The sort direction beside a sortable column. */
export const direction = (fallback: 'asc' | 'desc' = 'asc') => oneOf(['asc', 'desc'], fallback)

/** Text that must match `pattern` whole (a filter of the form 'marca:Medley'), else none. */
export const matching = (pattern: RegExp): ParamSpec<string> => ({ fallback: '', read: (raw) => (pattern.test(raw.trim()) ? raw.trim() : undefined) })

/** An id of ours (digits, within PostgreSQL's integer), else none. */
export const optionalId = (): ParamSpec<number | null> => ({ fallback: null, read: (raw) => idOf(raw) || undefined })

/** A value the address shows as another word (`aba=feitos` for the orders placed, role 'C'). */
export const named = <const V extends string>(names: Readonly<Record<V, string>>, fallback: NoInfer<V>): ParamSpec<V> => {
  const entries = Object.entries(names) as [V, string][]
  return { fallback, read: (raw) => entries.find(([, name]) => name === raw)?.[0], write: (value) => names[value] }
}

/** The page asked for: a whole number from 1 to `maxPage`; anything else is the first page. */
export function pageOf(raw: string | null, maxPage = MAX_PAGE) {
  const page = Number.parseInt(raw ?? '', 10)
  return Number.isFinite(page) ? Math.max(1, Math.min(maxPage, page)) : 1
}

/** The list's state from an address's parameters; a missing or unaccepted value is its parameter's fallback. */
export function parseListState<D extends ListDefinition>(definition: D, params: URLSearchParams): ListState<D> {
  const state: Record<string, unknown> = { page: pageOf(params.get('page'), definition.maxPage) }
  for (const [key, spec] of Object.entries(definition.params)) {
    const raw = params.get(key)
    const value = raw === null ? undefined : spec.read(raw)
    state[key] = value === undefined ? spec.fallback : value
  }
  return state as ListState<D>
}

/**
 * `path` with the list in `state` and `changes` applied, and `extra` parameters after it (a modal, an open order).
 * Values equal to their fallback, and page 1, are left out: one list, one address. Changing anything but the page
 * (a search, a filter, the sort) starts again at page 1, unless the change names the page too.
 */
export function listAddress<D extends ListDefinition>(
  definition: D,
  path: string,
  state: ListState<D>,
  changes: ListChanges<D> = {},
  extra: Record<string, string | number | null | undefined> = {},
): string {
  const current = state as Record<string, unknown>
  const changed = Object.entries(changes).some(([key, value]) => key !== 'page' && value !== undefined && value !== current[key])
  const next: Record<string, unknown> = { ...current, ...definedOnly(changes) }
  if (changed && changes.page === undefined) next.page = 1
  const query = new URLSearchParams(definition.fixed)
  for (const [key, spec] of Object.entries(definition.params)) {
    const value = next[key]
    if (value === spec.fallback || value === null || value === undefined || value === '') continue
    query.set(key, spec.write ? spec.write(value) : String(value))
  }
  const page = Number(next.page)
  if (page > 1) query.set('page', String(page))
  for (const [key, value] of Object.entries(extra)) if (value !== null && value !== undefined && value !== '') query.set(key, String(value))
  const text = query.toString()
  return `${path}${text ? `?${text}` : ''}`
}

/**
 * The list's parameters a filter form does not ask for, as its hidden fields: a search keeps the sort, the tab and
 * the filters the form leaves alone, and never a page (a new search starts at page 1). Those at their fallback are
 * left out, as in `listAddress`.
 */
export function listFields<D extends ListDefinition>(definition: D, state: ListState<D>, asked: readonly (keyof D['params'])[]): [string, string][] {
  const fields = Object.entries(definition.fixed)
  for (const [key, spec] of Object.entries(definition.params)) {
    const value = (state as Record<string, unknown>)[key]
    if (asked.includes(key) || value === spec.fallback || value === null || value === '') continue
    fields.push([key, spec.write ? spec.write(value) : String(value)])
  }
  return fields
}

/**
 * Where a list asking for a page past its last goes (an old link, a list that shrank meanwhile): the same address on
 * its last page, every other parameter kept. Null when the page is one of the list's, or the list is empty.
 */
export function lastPageAddress(path: string, params: URLSearchParams, requested: number, answer: { total: number; last_page: number }): string | null {
  if (answer.total === 0 || requested <= answer.last_page) return null
  const kept = new URLSearchParams(params)
  // React Router's own parameter of a data request (`/orders.data?_routes=…`), not the page's.
  kept.delete('_routes')
  kept.set('page', String(answer.last_page))
  return `${path}?${kept}`
}

const definedOnly = (changes: object) => Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
