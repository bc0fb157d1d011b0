import { data } from 'react-router'
import type { Route } from './+types/virtual-store'
import { Avatar } from '~/components/ui/avatar.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import * as storeApi from '~/domain/virtual-store/contract.ts'
import { virtualStoreMessages as m } from '~/domain/virtual-store/messages.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'

export const meta: Route.MetaFunction = ({ data: page }) => [{ title: `${page && 'loja' in page ? page.loja.nome : m.notFound} | Pedidos B2B` }]

/** The page's list, as its address says it: the page number (clamped to the API's range) and the search. */
function listOf(url: URL) {
  const page = Math.min(100_000, Math.max(1, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1))
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 100)
  return { page, q }
}

/**
 * A company's virtual store (`/loja/{slug}`): its public catalogue, for anyone with the link, logged in or not —
 * the active products with search and pages, never a price (those are for customers, inside the platform).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const list = listOf(new URL(request.url))
  const res = await api(request, storeApi.showStore, { params: { slug: params.slug.toLowerCase() }, query: { page: list.page, search: list.q || undefined } })
  if (!res.ok) return data({ missing: apiErrorMessages(res.data).join(' ') }, { status: res.status === 404 ? 404 : res.status })
  return { ...res.data, list, slug: params.slug.toLowerCase() }
}

export default function VirtualStore({ loaderData }: Route.ComponentProps) {
  if ('missing' in loaderData) {
    return (
      <main className="auth-page">
        <section className="card stack" role="alert">
          <h1>{m.notFound}</h1>
          <p>{loaderData.missing}</p>
          <a href="/" className="button">
            {m.login}
          </a>
        </section>
      </main>
    )
  }
  const { loja, produtos, list, slug } = loaderData
  const href = (page: number) => `/loja/${slug}?${new URLSearchParams({ ...(list.q ? { q: list.q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`
  return (
    <main className="store-page stack" id="conteudo">
      <header className="store-head">
        <Avatar name={loja.nome} photo={loja.avatar} size={56} />
        <div>
          <h1>{loja.nome}</h1>
          {loja.cidade ? <p className="muted">{[loja.cidade, loja.uf].filter(Boolean).join(' - ')}</p> : null}
        </div>
      </header>
      {loja.texto ? <p className="store-welcome">{loja.texto}</p> : null}
      <p className="notice notice-info">
        {m.pricesAfterLogin}{' '}
        <a href="/">{m.login}</a>
      </p>
      <section className="stack" aria-labelledby="store-products">
        <h2 id="store-products">{m.products}</h2>
        <form method="get" role="search" aria-label={m.search} className="toolbar">
          <label htmlFor="store-search" className="sr-only">
            {m.search}
          </label>
          <input id="store-search" name="q" type="search" defaultValue={list.q} maxLength={100} />
          <button type="submit" className="button">
            {m.searchButton}
          </button>
        </form>
        {produtos.data.length === 0 ? (
          <p role="status">{m.empty}</p>
        ) : (
          <ul className="store-products" role="list">
            {produtos.data.map((p) => (
              <li key={p.id} className="card store-product">
                <h3>{p.nome}</h3>
                <p className="muted">{[p.marca, p.categoria].filter(Boolean).join(' · ')}</p>
                <p className="muted">{[p.ean ? `EAN ${p.ean}` : null, p.codigo ? `Cód. ${p.codigo}` : null, p.unidade].filter(Boolean).join(' · ')}</p>
                {p.embalagem > 1 ? <p className="muted">{m.packs(p.embalagem)}</p> : null}
              </li>
            ))}
          </ul>
        )}
        <Pagination page={produtos} label="Paginação dos produtos da loja" count={{ one: 'produto', many: 'produtos' }} countAlone href={href} />
      </section>
    </main>
  )
}
