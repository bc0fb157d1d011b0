/** The headers of an API file answer that the browser needs as the API set them (type, size, name, caching, sandbox). */
const FILE_HEADERS = ['content-type', 'content-length', 'content-disposition', 'cache-control', 'x-content-type-options', 'content-security-policy']

/** An API file answer (a private attachment, an invoice's file) handed on to the browser with its own headers. */
export function forwardedFile(res: Response) {
  const headers = new Headers()
  for (const key of FILE_HEADERS) {
    const value = res.headers.get(key)
    if (value) headers.set(key, value)
  }
  return new Response(res.body, { status: 200, headers })
}
