import { CompanyForm } from '~/components/company-form.tsx'
import { ErrorList } from '~/components/error-list.tsx'
import { formatBrl } from '~/domain/catalog/money.ts'
import { nearestQuantity } from '~/domain/checkout/quantity.ts'
import type { Oferta } from '~/domain/market/contract.ts'
import { marketMessages as m } from '~/domain/market/messages.ts'
import { useQuantityRefusal } from './quantity-refusal.ts'

/** Who sells the offer: the seller, and the OL that serves it when there is one. */
export function OfferSource({ offer }: { offer: Oferta }) {
  return (
    <span>
      {offer.vendedor.nome} · {offer.ol ? m.through(offer.ol.nome) : m.direct}
      <small className="muted"> · {offer.condicao_nome}</small>
    </span>
  )
}

/** Who sells the offer, in words: what tells one offer's controls from another's for a screen reader. */
export function offerSourceText(offer: Oferta) {
  return `${offer.vendedor.nome}, ${offer.ol ? m.through(offer.ol.nome) : m.direct}, ${offer.condicao_nome}`
}

/** The limits of an offer's line and of its condition, in words. */
export function offerLimits(offer: Oferta) {
  const parts: string[] = []
  if (offer.qtd_min > 1) parts.push(`mín. ${offer.qtd_min}`)
  if (offer.qtd_max !== null) parts.push(`máx. ${offer.qtd_max}`)
  if (offer.multiplo > 1) parts.push(`múltiplos de ${offer.multiplo}`)
  if (offer.minimo_valor_centavos > 0) parts.push(m.minimumOrder(formatBrl(offer.minimo_valor_centavos)))
  if (offer.fim) parts.push(m.validUntil(offer.fim.split('-').reverse().join('/')))
  return parts.join(' · ')
}

const limitsOf = (offer: Oferta) => ({ qtdMin: offer.qtd_min, qtdMax: offer.qtd_max, multiplo: offer.multiplo })

/**
 * The quantity field of an offer: min, max and step say the offer's limits (the arrows keep to its pack); its form
 * does not let the browser refuse a quantity (noValidate), the server does, in the product's words.
 * `of` completes its name for a screen reader (which product, which offer) where a list repeats the field. A quantity
 * the server refused for this offer stays in it, with the reason.
 */
export function QuantityField({ id, productId, offer, label = 'Quantidade', of }: { id: string; productId: number; offer: Oferta; label?: string; of?: string }) {
  // The first multiple of the pack at or above the minimum: the browser's step counts from `min`.
  const first = nearestQuantity(1, limitsOf(offer)) ?? offer.qtd_min
  const refusal = useQuantityRefusal(productId, offer)
  const errorId = `${id}-erro`
  return (
    <div className="field market-qty">
      <label htmlFor={id}>
        {label}
        {of ? <span className="sr-only"> de {of}</span> : null}
      </label>
      <input
        id={id}
        name="quantidade"
        type="number"
        inputMode="numeric"
        required
        min={first}
        max={offer.qtd_max ?? undefined}
        step={offer.multiplo}
        defaultValue={refusal ? refusal.typed : first}
        aria-invalid={refusal ? true : undefined}
        aria-describedby={errorId}
        // Without JavaScript the refused page opens on this field and its reason, not at its top far above them.
        autoFocus={refusal ? true : undefined}
      />
      <ErrorList id={errorId} errors={refusal ? [refusal.message] : null} />
    </div>
  )
}

/** The hidden fields that name an offer and its limits in a cart form. */
export function OfferFields({ productId, offer }: { productId: number; offer: Oferta }) {
  return (
    <>
      <input type="hidden" name="produto_id" value={productId} />
      <input type="hidden" name="condicao_id" value={offer.condicao_id} />
      <input type="hidden" name="parceiro_id" value={offer.parceiro_id ?? ''} />
      <input type="hidden" name="qtd_min" value={offer.qtd_min} />
      <input type="hidden" name="qtd_max" value={offer.qtd_max ?? ''} />
      <input type="hidden" name="multiplo" value={offer.multiplo} />
    </>
  )
}

/** 'Adicionar ao carrinho' for one offer, with its quantity. */
export function AddToCartForm({ productId, productName, offer, idPrefix }: { productId: number; productName: string; offer: Oferta; idPrefix: string }) {
  return (
    <CompanyForm method="post" className="market-buy" preventScrollReset noValidate>
      <OfferFields productId={productId} offer={offer} />
      <QuantityField id={`${idPrefix}-qtd`} productId={productId} offer={offer} of={`${productName}, ${offerSourceText(offer)}`} />
      <button type="submit" name="intent" value="carrinho" className="button primary">
        {m.addToCart}
        <span className="sr-only">
          {' '}
          {productName}, {offerSourceText(offer)}
        </span>
      </button>
    </CompanyForm>
  )
}
