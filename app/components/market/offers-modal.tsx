import { RouteModal } from '~/components/route-modal.tsx'
import { formatBrl, formatUnitPrice } from '~/domain/catalog/money.ts'
import { marketMessages as m } from '~/domain/market/messages.ts'
import { AddToCartForm, OfferSource, offerLimits } from './offer-parts.tsx'
import type { ProductOffers } from './types.ts'

/** 'Ver ofertas': every offer of one product, best first, each with its own 'Adicionar ao carrinho'. Opened by `?ofertas={id}`. */
export function OffersModal({ product }: { product: ProductOffers | null }) {
  return (
    <RouteModal title={product ? m.offersTitle(product.nome) : m.seeOffers} closeParams={['ofertas']}>
      {product ? (
        <ul className="market-offers">
          {product.ofertas.map((offer) => (
            <li key={`${offer.condicao_id}-${offer.parceiro_id ?? 0}`} className="market-offer">
              <p>
                <strong>{formatUnitPrice(offer.preco_unitario_centesimos)}</strong> <small className="muted">/ {product.unidade}</small>
                {offer.melhor ? <span className="badge"> {m.bestOffer}</span> : null}
              </p>
              <p>
                <OfferSource offer={offer} />
              </p>
              {offerLimits(offer) ? <p className="muted">{offerLimits(offer)}</p> : null}
              <AddToCartForm productId={product.id} productName={product.nome} offer={offer} idPrefix={`oferta-${offer.condicao_id}-${offer.parceiro_id ?? 0}`} />
            </li>
          ))}
        </ul>
      ) : (
        <p role="status">{m.offerGone}</p>
      )}
    </RouteModal>
  )
}
