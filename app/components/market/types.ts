import type { Answer } from '~/domain/shared/contract.ts'
import type * as marketApi from '~/domain/market/contract.ts'

export type MarketPage = Answer<typeof marketApi.restoreProdutosCondicoes>['produtos']
export type MarketProduct = MarketPage['data'][number]
export type ProductOffers = Answer<typeof marketApi.showProduto>['produto']
export type ShoppingList = Answer<typeof marketApi.showPreCheckout>
export type Verticals = Answer<typeof marketApi.showVerticalCategorias>['verticais']

/** The market's address state: search, filters, page, tab, and the product whose offers are open. */
export type MarketState = { q: string; vertical: string; marca: string; categoria: string; favoritos: boolean; page: number; aba: 'produtos' | 'lista' }

/** Parameters the market's address keeps across its forms. */
export const MARKET_PARAMS = ['q', 'vertical', 'marca', 'categoria', 'favoritos', 'page', 'aba'] as const
