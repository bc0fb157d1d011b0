/** The mail of a new order, in Portuguese, to the seller's and the OL's order e-mails (addEmailPedido). */
import { formatAdjustment } from '../../app/domain/catalog/adjustment.ts'
import { formatBrl, formatUnitPrice } from '../../app/domain/catalog/money.ts'
import { orderMessages as m } from '../../app/domain/orders/messages.ts'
import { ORDER_STATUS_LABELS } from '../../app/domain/orders/order-status.ts'
import { formatPercent } from '../../app/domain/conditions/percent.ts'
import { termLabel } from '../../app/domain/shared/payment-term.ts'
import { mailLayout } from './templates.ts'

export type OrderMailData = {
  id: number
  comprador: string
  vendedor: string
  condicao: string
  /** The OL that serves the order, when bought through one: its own order e-mails get this mail too. */
  ol: string | null
  pagamento: { nome: string; prazoDias: number | null } | null
  subtotalCentavos: number
  /** The tokenbase option chosen at sending (with the code its formula came with): what takes the subtotal to the total. */
  tokenbase: { token: string | null; percent: string; valor: number } | null
  totalCentavos: number
  itens: { nome: string; unidade: string; quantidade: number; precoUnitarioCentesimos: number; totalCentavos: number }[]
}

/** The deep links of the mail: Login first when there is no session, then the confirmation form. */
export const orderStatusLink = (appUrl: string, orderId: number, status: 'F' | 'N' | 'Q') => `${appUrl}/login/update-order-status/${orderId}/${status}`

export function newOrderMail(to: string, order: OrderMailData, appUrl: string) {
  const lines = order.itens.map((i) => m.mailLine(i.quantidade, i.unidade, i.nome, formatUnitPrice(i.precoUnitarioCentesimos), formatBrl(i.totalCentavos)))
  // The HTML part has buttons; the text part only its links, each after its label.
  const blocks = (actionsText: string) => [
    m.mailIntro(order.comprador, order.vendedor, order.condicao),
    ...(order.ol ? [m.mailThroughOl(order.ol)] : []),
    ...lines,
    ...(order.pagamento ? [m.mailPayment(termLabel(order.pagamento.nome, order.pagamento.prazoDias))] : []),
    ...(order.tokenbase?.token ? [m.mailToken(order.tokenbase.token)] : []),
    order.tokenbase
      ? m.mailTotalsTokenbase(formatBrl(order.subtotalCentavos), formatPercent(order.tokenbase.percent), formatAdjustment(order.tokenbase.valor), formatBrl(order.totalCentavos))
      : m.mailTotals(formatBrl(order.subtotalCentavos), formatBrl(order.totalCentavos)),
    actionsText,
  ]
  const actions = (['F', 'Q', 'N'] as const).map((status, i) => ({ label: ORDER_STATUS_LABELS[status], url: orderStatusLink(appUrl, order.id, status), secondary: i > 0 }))
  const title = m.mailTitle(order.id)
  return { to, subject: m.mailSubject(order.id, order.comprador), html: mailLayout(title, blocks(m.mailActions), actions).html, text: mailLayout(title, blocks(m.mailActionsText), actions).text }
}
