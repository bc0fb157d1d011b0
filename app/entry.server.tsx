import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type EntryContext } from 'react-router'
import { CSP_NONCE_HEADER } from '../server/web-bridge.ts'
import { formSchemasLoaded } from './components/form-schema.ts'
import { htmlChunks } from './lib/html-chunks.server.ts'
import { NonceProvider } from './lib/nonce.tsx'
import { StaticPageScriptProvider } from './lib/static-pages.tsx'
import { STATIC_PAGE_SCRIPT } from './lib/static-pages.server.ts'

export const streamTimeout = 5_000

/**
 * React Router's default Node entry, plus the CSP nonce: React Router's scripts (ServerRouter),
 * React's streaming scripts (renderToPipeableStream) and the app's own inline ones (useNonce) carry it.
 */
export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, routerContext: EntryContext) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  // The forms' schemas, which the browser loads after hydration, are rendered from on the server (form-schema.ts).
  await formSchemasLoaded()

  // Set by the host with the page's Content-Security-Policy (server/http/security-headers.ts).
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? ''
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Bots and SPA mode wait for all the content before the answer starts.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StaticPageScriptProvider value={STATIC_PAGE_SCRIPT}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StaticPageScriptProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true
          const body = htmlChunks(() => {
            clearTimeout(timeoutId)
            timeoutId = undefined
          })
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors of the shell itself are rejected above and logged by React Router.
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
