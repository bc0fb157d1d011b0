/** Who a condition's buyers list holds. */

/** 'C' customers, 'B' flags, 'T' both. */
export const BUYER_TYPES = ['C', 'B', 'T'] as const
export type BuyerType = (typeof BUYER_TYPES)[number]
