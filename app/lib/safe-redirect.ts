/** A path of this site to go back to after a form; anything else (another site, `//host`) falls back. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/personal-environment') {
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback
  return to
}

/** The same address without the given query parameters (e.g. a modal's confirmation step). */
export function withoutParams(to: string, params: string[]) {
  const url = new URL(to, 'http://local')
  for (const key of params) url.searchParams.delete(key)
  return `${url.pathname}${url.search}`
}
