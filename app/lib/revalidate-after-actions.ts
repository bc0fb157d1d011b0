import type { ShouldRevalidateFunction } from 'react-router'

/**
 * A refused action answers 4xx, after which React Router keeps the loader's data. On a screen whose refusals come
 * from a change elsewhere (prices changed, a cart sent from another tab, an order already invoiced by someone else)
 * that would leave the old state on screen beside the reason; read again after every action, the page shows what
 * the refusal is about.
 */
export const revalidateAfterActions: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod ? true : defaultShouldRevalidate)
