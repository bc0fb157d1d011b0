const SITE = 'http://site.invalid'

/**
 * A path of this site to go back to after a form; anything else falls back. Browsers drop tabs and new lines from
 * an address and read `\` as `/`, so `/\t/evil.example` is `//evil.example`, another site: such characters are
 * refused, and what is left must resolve on this site.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = '/personal-environment') {
  if (typeof to !== 'string' || !to.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(to)) return fallback
  try {
    const url = new URL(to, SITE)
    return url.origin === SITE ? `${url.pathname}${url.search}${url.hash}` : fallback
  } catch {
    return fallback
  }
}

/** The same address without the given query parameters (e.g. a modal's confirmation step). */
export function withoutParams(to: string, params: string[]) {
  const url = new URL(to, 'http://local')
  for (const key of params) url.searchParams.delete(key)
  return `${url.pathname}${url.search}`
}
