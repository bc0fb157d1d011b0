import { formatBrl } from './money.ts'

/**
 * A Tokenbase option's amount beside a total: '− R$ 8,96' takes it off; a formula that adds (a negative
 * discount) shows '+ R$ 8,96' instead of '− -R$ 8,96'.
 */
export const formatAdjustment = (discountCentavos: number) => (discountCentavos < 0 ? `+ ${formatBrl(-discountCentavos)}` : `− ${formatBrl(discountCentavos)}`)

/** The same in words: 'desconto de R$ 8,96', or 'acréscimo de R$ 8,96' when the formula adds. */
export const adjustmentInWords = (discountCentavos: number) =>
  discountCentavos < 0 ? `acréscimo de ${formatBrl(-discountCentavos)}` : `desconto de ${formatBrl(discountCentavos)}`
