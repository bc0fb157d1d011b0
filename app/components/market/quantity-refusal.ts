import { useActionData } from 'react-router'
import type { Oferta } from '~/domain/market/contract.ts'

/** A quantity the market's action refused for one offer: what was typed and why, shown in that offer's field. */
export type QuantityRefusal = { offer: string; typed: string; message: string }

/** One offer of one product, as its form posts it (an offer without an OL posts an empty parceiro_id). */
export const offerKey = (produtoId: unknown, condicaoId: unknown, parceiroId: unknown) => `${String(produtoId ?? '')}-${String(condicaoId ?? '')}-${String(parceiroId || 0)}`

/** The refusal of this offer's quantity in the last post, if it was this offer's. */
export function useQuantityRefusal(productId: number, offer: Oferta) {
  const refusal = useActionData() as QuantityRefusal | undefined
  return refusal?.offer === offerKey(productId, offer.condicao_id, offer.parceiro_id) ? refusal : null
}
