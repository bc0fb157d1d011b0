import { data, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router'
import type { Route } from './+types/root'
import { UiHost } from './components/ui/ui-host.tsx'
import { refuseForeignOrigins, refuseUnreadableForms } from './lib/form-guard.server.ts'
import { useNonce } from './lib/nonce.tsx'
import { usePageScript } from './lib/hydration.tsx'
import { takeToast } from './lib/session.server.ts'
import './styles.css'

export const middleware: Route.MiddlewareFunction[] = [refuseForeignOrigins, refuseUnreadableForms]

export async function loader({ request }: Route.LoaderArgs) {
  const flash = await takeToast(request)
  return data({ toast: flash?.toast ?? null }, flash ? { headers: { 'Set-Cookie': flash.setCookie } } : undefined)
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce()
  const script = usePageScript()
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links nonce={nonce} />
      </head>
      <body>
        {children}
        {!script.hydrate ? (
          <script type="module" src={script.src} nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  )
}

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Outlet />
      <UiHost flash={loaderData.toast} />
    </>
  )
}

export function ErrorBoundary() {
  const error = useRouteError()
  const title = isRouteErrorResponse(error) ? `Erro ${error.status}` : 'Erro inesperado'
  return (
    <main className="auth-page">
      <title>{`${title} | Pedidos B2B`}</title>
      <section className="card" role="alert">
        <h1>{title}</h1>
        <p>Algo deu errado ao abrir esta página. Tente novamente em instantes.</p>
        <a className="button" href="/">
          Voltar ao início
        </a>
      </section>
    </main>
  )
}
