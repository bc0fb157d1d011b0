import { createReadableStreamFromReadable } from '@react-router/node'
import { renderToPipeableStream, renderToString } from 'react-dom/server'
import { ServerRouter, type EntryContext } from 'react-router'
import { CSP_NONCE_HEADER } from '../server/web-bridge.ts'
import { formSchemasLoaded } from './components/form-schema.ts'
import { htmlChunks } from './lib/html-chunks.server.ts'
import { NonceProvider } from './lib/nonce.tsx'
import { ENHANCE_SCRIPTS } from './lib/enhance-script.server.ts'
import { EnhanceScriptsProvider } from './lib/hydration.tsx'

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
  const island = hydrates(routerContext)
  // The loaders' data for hydration: a page that does not hydrate never sends it.
  if (!island) withoutHydrationData(routerContext)
  const page = (
    <NonceProvider value={nonce}>
      <EnhanceScriptsProvider value={ENHANCE_SCRIPTS}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </EnhanceScriptsProvider>
    </NonceProvider>
  )
  const whole = island ? null : renderWhole(page)
  if (whole !== null) {
    responseHeaders.set('Content-Type', 'text/html')
    return new Response(whole, { headers: responseHeaders, status: responseStatusCode })
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Every page is sent whole, an island's too: a page that does not hydrate has no React to fill in a part
    // streamed after the shell (a lazy part, such as the shell's modals, is in place when the answer starts), and
    // without JavaScript nothing would. The loaders' data is all there before the render, so waiting costs only
    // those parts.
    const readyOption = 'onAllReady'
    // Abort after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // A finished part of the page is written where it stands, whatever the size of what came before it: React
      // otherwise sends a big page's later Suspense boundary apart, to be put in place by a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
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
    })
  })
}

/** An island's page: one of its matched routes asks to hydrate (app/lib/hydration.tsx). */
function hydrates(context: EntryContext) {
  return context.staticHandlerContext.matches.some((match) => (context.routeModules[match.route.id]?.handle as { hydrate?: unknown } | undefined)?.hydrate === true)
}

function withoutHydrationData(context: EntryContext) {
  void context.serverHandoffStream?.cancel().catch(() => undefined)
  context.serverHandoffStream = undefined
}

/**
 * A page that does not hydrate, rendered to one string: React's stream encodes its output in 2 KB views, each a
 * text encoding and a write through the stream, which cost a long list a tenth of its server time (bench/ssr).
 * The string renderer does not wait for a part that is not ready (a lazy module's first use, such as the shell's
 * modals): it writes that part's fallback, marked `<!--$!-->`; such a page is left to the stream (null), which
 * waits for it.
 */
function renderWhole(page: React.ReactElement) {
  const html = renderToString(page)
  return html.includes('<!--$!') ? null : `<!DOCTYPE html>${html}`
}
