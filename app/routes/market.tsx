import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { Route } from './+types/market'
import { MarketFilters, ProductGrid } from '~/components/market/product-grid.tsx'
import { OffersModal } from '~/components/market/offers-modal.tsx'
import { offerKey, type QuantityRefusal } from '~/components/market/quantity-refusal.ts'
import { ShoppingListSection } from '~/components/market/shopping-list.tsx'
import { MARKET_PARAMS, type MarketState } from '~/components/market/types.ts'
import { useListHref } from '~/components/ui/list-href.ts'
import { ResultsStatus, resultsText } from '~/components/ui/results-status.tsx'
import * as checkoutApi from '~/domain/checkout/contract.ts'
import { quantityProblem } from '~/domain/checkout/quantity.ts'
import * as marketApi from '~/domain/market/contract.ts'
import { marketMessages as m } from '~/domain/market/messages.ts'
import { INVITE_LABELS } from '~/domain/organization/company-messages.ts'
import { AddToCartFormSchema, AddToListFormSchema, FavoriteFormSchema, ListQuantityFormSchema, ListRemoveFormSchema } from '~/domain/market/schemas.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Mercado | Pedidos B2B' }]

const PER_PAGE = 20

function marketState(url: URL): MarketState {
  const get = (key: string) => (url.searchParams.get(key) ?? '').trim()
  const vertical = get('vertical')
  return {
    q: get('q').slice(0, 255),
    vertical: /^\d{1,9}$/.test(vertical) ? vertical : '',
    marca: get('marca').slice(0, 255),
    categoria: get('categoria').slice(0, 255),
    favoritos: get('favoritos') === '1',
    page: Math.max(1, Math.min(100_000, Number.parseInt(get('page'), 10) || 1)),
    aba: get('aba') === 'lista' ? 'lista' : 'produtos',
  }
}

/** /market with its list parameters only (the request may be the data request): where a form comes back to. */
function backAddress(url: URL) {
  const params = new URLSearchParams()
  for (const key of MARKET_PARAMS) {
    const value = url.searchParams.get(key)
    if (value) params.set(key, value)
  }
  const query = params.toString()
  return `/market${query ? `?${query}` : ''}`
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { company } = await requireCompany(request)
  const companyId = company.organizacao_id
  const state = marketState(url)
  const offersOf = Number(url.searchParams.get('ofertas'))
  const [page, facets, verticals, list, offers] = await Promise.all([
    state.aba === 'produtos'
      ? apiRead(request, marketApi.restoreProdutosCondicoes, {
          params: { companyId, regPerPage: PER_PAGE, filterType: 'todos', filter: 'null', search: state.q || 'null' },
          query: { page: state.page, vertical: state.vertical, marca: state.marca, categoria: state.categoria, favoritos: state.favoritos ? '1' : undefined },
        }).then((answer) => answer.produtos)
      : null,
    apiRead(request, marketApi.showMarcasCategorias, { params: { companyId } }),
    apiRead(request, marketApi.showVerticalCategorias, { params: { companyId } }),
    apiRead(request, marketApi.showPreCheckout, { params: { companyId } }),
    Number.isInteger(offersOf) && offersOf > 0 && offersOf <= 2_147_483_647
      ? api(request, marketApi.showProduto, { params: { companyId, productId: offersOf, conditionId: 'null', parceiroId: 'null', quantidade: 'null', ordem: 'preco' } })
      : null,
  ])
  if (page) redirectPastLastPage(request, state.page, page)
  return { state, page, facets, verticais: verticals.verticais, list, offers: offers ? (offers.ok ? offers.data.produto : null) : undefined, tipo: company.tipo }
}

export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const organizacaoId = company.organizacao_id
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  const back = backAddress(new URL(request.url))
  const toastError = (text: string) => redirectWithToast(request, back, { kind: 'error', text })
  const invalid = (error: Record<string, string[] | null> | null | undefined) =>
    toastError(
      Object.values(error ?? {})
        .flat()
        .filter(Boolean)
        .join(' ') || m.productInvalid,
    )

  switch (intent) {
    case 'favorito': {
      const submission = parseWithZod(formData, { schema: FavoriteFormSchema })
      if (submission.status !== 'success') return invalid(submission.error)
      const { produto_id: productId, favorito } = submission.value
      const endpoint = favorito === '1' ? marketApi.favoritarProduto : marketApi.desfavoritarProduto
      const res = await api(request, endpoint, { params: { productId }, query: { organizacao_id: organizacaoId } })
      if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case 'lista': {
      const submission = parseWithZod(formData, { schema: AddToListFormSchema })
      if (submission.status !== 'success') return invalid(submission.error)
      const res = await api(request, marketApi.addProdutoPesquisa, { json: { organizacao_id: organizacaoId, ...submission.value } })
      if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case 'carrinho':
    case 'mover': {
      // A refused quantity of a market offer stays in its field with the reason beside it, with or without
      // JavaScript (a redirect would put the offer's first quantity back). The shopping list's 'mover' says it in a toast.
      const refuseQuantity = (message: string) =>
        intent === 'carrinho'
          ? data<QuantityRefusal>(
              { offer: offerKey(formData.get('produto_id'), formData.get('condicao_id'), formData.get('parceiro_id')), typed: String(formData.get('quantidade') ?? '').slice(0, 12), message },
              { status: 400 },
            )
          : toastError(message)
      const submission = parseWithZod(formData, { schema: AddToCartFormSchema })
      if (submission.status !== 'success') {
        const { quantidade, ...others } = submission.error ?? {}
        return quantidade?.length && !Object.values(others).some((e) => e?.length) ? refuseQuantity(quantidade[0]) : invalid(submission.error)
      }
      const v = submission.value
      // The rule the API applies, said before the call when the page's limits already refuse the quantity.
      const problem = v.qtd_min && v.multiplo ? quantityProblem(v.quantidade, { qtdMin: v.qtd_min, qtdMax: v.qtd_max ?? null, multiplo: v.multiplo }) : null
      if (problem) return refuseQuantity(problem)
      const res = await api(request, checkoutApi.addCheckoutProdutoCondicao, {
        json: { organizacao_id: organizacaoId, condicao_id: v.condicao_id, parceiro_id: v.parceiro_id, produto_id: v.produto_id, quantidade: v.quantidade },
      })
      const quantityError = !res.ok ? res.data.errors?.quantidade?.[0] : undefined
      if (quantityError) return refuseQuantity(quantityError)
      if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
      if (intent === 'mover' && v.pre_item_id) {
        const removed = await api(request, marketApi.removePreCheckoutItem, { params: { companyId: organizacaoId, preItemId: v.pre_item_id } })
        if (!removed.ok && removed.status !== 404) return toastError(apiErrorMessages(removed.data).join(' '))
      }
      // 200: the product was in that cart already, and its quantity is now this one; the API says from what to what.
      const text = res.status === 200 ? res.data.message : intent === 'mover' ? m.movedToCart : m.addedToCart
      return redirectWithToast(request, back, { kind: 'success', text })
    }
    case 'lista-quantidade': {
      const submission = parseWithZod(formData, { schema: ListQuantityFormSchema })
      if (submission.status !== 'success') return invalid(submission.error)
      const res = await api(request, marketApi.updateQtItemPre, { json: { organizacao_id: organizacaoId, ...submission.value } })
      if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    case 'lista-remover': {
      const submission = parseWithZod(formData, { schema: ListRemoveFormSchema })
      if (submission.status !== 'success') return invalid(submission.error)
      const res = await api(request, marketApi.removePreCheckoutItem, { params: { companyId: organizacaoId, preItemId: submission.value.pre_item_id } })
      if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
      return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
    }
    default:
      return toastError(m.unknownAction)
  }
}

export default function Market({ loaderData }: Route.ComponentProps) {
  const { state, page, facets, verticais, list, offers, tipo } = loaderData
  const href = useListHref()
  const filtered = Boolean(state.q || state.vertical || state.marca || state.categoria || state.favoritos)
  return (
    <section className="stack" aria-labelledby="market-title">
      <h1 id="market-title">{m.title}</h1>
      <nav className="team-tabs" aria-label="Seções do mercado">
        <a href={href({ aba: null, ofertas: null })} aria-current={state.aba === 'produtos' ? 'page' : undefined}>
          {m.productsTab}
        </a>
        <a href={href({ aba: 'lista', ofertas: null, page: null })} aria-current={state.aba === 'lista' ? 'page' : undefined}>
          {m.listTab} ({list.itens.length})
        </a>
      </nav>
      {state.aba === 'lista' ? (
        <ShoppingListSection list={list} />
      ) : (
        <>
          <MarketFilters state={state} verticais={verticais} marcas={facets.marcas} categorias={facets.categorias} />
          <ResultsStatus
            listKey={JSON.stringify([state.q, state.vertical, state.marca, state.categoria, state.favoritos, state.page])}
            text={page && page.total > 0 ? resultsText(page.total, 'produto', 'produtos', page.current_page, page.last_page) : filtered ? m.noneFound : m.empty}
          />
          {page && page.total > 0 ? (
            <ProductGrid page={page} />
          ) : (
            <div className="empty-state">
              <p>{filtered ? m.noneFound : m.empty}</p>
              {filtered ? null : (
                // Nothing to buy yet: the two ways in, also in the side menu.
                <p className="toolbar">
                  <a href="?modal=convite" className="button primary">
                    {INVITE_LABELS[tipo]}
                  </a>
                  {tipo === 'v' ? (
                    <a href="?modal=bandeira" className="button">
                      {m.myFlag}
                    </a>
                  ) : null}
                </p>
              )}
            </div>
          )}
        </>
      )}
      {offers !== undefined ? <OffersModal product={offers} /> : null}
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
