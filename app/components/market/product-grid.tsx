import { CompanyForm } from '~/components/company-form.tsx'
import { ChoiceFilter } from '~/components/ui/choice-filter.tsx'
import { formatBrl, formatUnitPrice } from '~/domain/catalog/money.ts'
import { marketMessages as m } from '~/domain/market/messages.ts'
import { OfferFields, OfferSource, offerLimits, QuantityField } from './offer-parts.tsx'
import type { MarketPage, MarketProduct, MarketState, Verticals } from './types.ts'
import { useListHref } from '~/components/ui/list-href.ts'
import { SUGGESTIONS_ID, SuggestionList } from './search-suggestions.tsx'

function FavoriteForm({ product }: { product: MarketProduct }) {
  return (
    <CompanyForm method="post" preventScrollReset>
      <input type="hidden" name="produto_id" value={product.id} />
      <input type="hidden" name="favorito" value={product.favorito ? '0' : '1'} />
      <button type="submit" name="intent" value="favorito" className={`button flag-button${product.favorito ? ' is-on' : ''}`}>
        <span aria-hidden="true">{product.favorito ? '★' : '☆'}</span> {product.favorito ? m.unfavorite : m.favorite}
        <span className="sr-only"> {product.nome}</span>
      </button>
    </CompanyForm>
  )
}

function ProductCard({ product }: { product: MarketProduct }) {
  const href = useListHref()
  const offer = product.melhor_oferta
  const titleId = `produto-${product.id}`
  return (
    <li className="card market-card" aria-labelledby={titleId}>
      <div className="row-between">
        <h2 id={titleId} className="market-name">
          {product.nome}
        </h2>
        <FavoriteForm product={product} />
      </div>
      <p className="muted market-meta">{[product.marca, product.categoria, product.ean ? `EAN ${product.ean}` : null, product.unidade].filter(Boolean).join(' · ')}</p>
      <p className="market-price">
        <span className="sr-only">{m.bestOffer}: </span>
        <strong>{formatUnitPrice(offer.preco_unitario_centesimos)}</strong>
        {offer.preco_unitario_centesimos < offer.preco_lista_centavos * 100 ? <s className="muted">
            {' '}
            <span className="sr-only">preço de tabela </span>
            {formatBrl(offer.preco_lista_centavos)}
          </s> : null}
        <small className="muted"> / {product.unidade}</small>
      </p>
      <p className="market-source">
        <OfferSource offer={offer} />
      </p>
      {offerLimits(offer) ? <p className="muted market-limits">{offerLimits(offer)}</p> : null}
      {/* The quantity's limits are checked by the server, which says them in the product's words (noValidate). */}
      <CompanyForm method="post" className="market-buy" preventScrollReset noValidate>
        <OfferFields productId={product.id} offer={offer} />
        <QuantityField id={`qtd-${product.id}`} productId={product.id} offer={offer} of={product.nome} />
        <div className="row-actions">
          <button type="submit" name="intent" value="carrinho" className="button primary">
            {m.addToCart}
            <span className="sr-only"> {product.nome}</span>
          </button>
          {/* The list is tied to no offer: any quantity goes, not only this offer's minimum and multiples. */}
          <button type="submit" name="intent" value="lista" className="button" formNoValidate>
            {m.addToList}
            <span className="sr-only"> {product.nome}</span>
          </button>
        </div>
      </CompanyForm>
      {/* The offers modal lists the other offers: with none, the card already shows the only one. */}
      {product.outras_ofertas > 0 ? (
        <p>
          <a href={href({ modal: 'ofertas', ofertas: product.id })} className="market-offers-link">
            {m.seeOffers}
            <span className="sr-only"> de {product.nome}</span>
          </a>{' '}
          <small className="muted">({m.otherOffers(product.outras_ofertas)})</small>
        </p>
      ) : (
        <p className="muted">
          <small>{m.otherOffers(0)}</small>
        </p>
      )}
    </li>
  )
}

export function ProductGrid({ page }: { page: MarketPage }) {
  const href = useListHref()
  return (
    <div className="stack">
      <ul className="market-grid" aria-label={`Produtos, página ${page.current_page} de ${page.last_page}`}>
        {page.data.map((p) => (
          <ProductCard key={p.id} product={p} />
        ))}
      </ul>
      {page.last_page <= 1 ? (
        <p className="muted">{page.total === 1 ? '1 produto' : `${page.total} produtos`}</p>
      ) : (
        <nav className="pagination" aria-label="Paginação de produtos">
          {page.current_page > 1 ? <a href={href({ page: page.current_page - 1, modal: null, ofertas: null })}>Anterior</a> : <span />}
          <span>
            Página {page.current_page} de {page.last_page} ({page.total} produtos)
          </span>
          {page.current_page < page.last_page ? <a href={href({ page: page.current_page + 1, modal: null, ofertas: null })}>Próxima</a> : <span />}
        </nav>
      )}
    </div>
  )
}

/**
 * The search and filters: a GET form, so the address holds them and it works without JavaScript. With it, the box
 * suggests what the company may buy while typing (app/enhance/suggestions.ts fills its list from `data-suggestions`).
 */
export function MarketFilters({ state, verticais, marcas, categorias }: { state: MarketState; verticais: Verticals; marcas: string[]; categorias: string[] }) {
  return (
    <CompanyForm method="get" className="products-filters" role="search" aria-label="Busca e filtros do mercado">
      <div className="field products-search">
        <label htmlFor="mercado-q">{m.searchLabel}</label>
        <input
          id="mercado-q"
          name="q"
          type="search"
          defaultValue={state.q}
          placeholder={m.searchPlaceholder}
          maxLength={255}
          list={SUGGESTIONS_ID}
          autoComplete="off"
          data-suggestions="/mercado/sugestoes"
        />
        <SuggestionList suggestions={[]} />
      </div>
      <ChoiceFilter id="mercado-vertical" name="vertical" label="Vertical" value={state.vertical} choices={verticais.map((v) => ({ value: v.id, label: v.nome }))} />
      <ChoiceFilter id="mercado-marca" name="marca" label="Marca" value={state.marca} choices={marcas} />
      <ChoiceFilter id="mercado-categoria" name="categoria" label="Categoria" value={state.categoria} choices={categorias} />
      <div className="field checkbox-row">
        <input id="mercado-favoritos" name="favoritos" type="checkbox" value="1" defaultChecked={state.favoritos} />
        <label htmlFor="mercado-favoritos">Só favoritos</label>
      </div>
      <button type="submit" className="button">
        Filtrar
      </button>
    </CompanyForm>
  )
}
