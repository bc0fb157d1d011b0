import { formatDate } from '~/components/team/format.ts'
import { formatBrl } from '~/domain/catalog/money.ts'
import type { restorePedidos } from '~/domain/orders/contract.ts'
import { orderMessages as m } from '~/domain/orders/messages.ts'
import type { Answer } from '~/domain/shared/contract.ts'
import { StatusBadge } from './order-detail.tsx'

export type OrderListItem = Answer<typeof restorePedidos>['pedidos']['data'][number]

/**
 * One order of the orders list: the page renders it, and /pedidos/linha renders it alone when an order event reaches
 * the page (app/enhance/realtime.ts puts it in place).
 */
export function OrderRow({ order: o, openHref }: { order: OrderListItem; openHref: string }) {
  return (
    <tr data-order-id={o.id} data-status={o.status}>
      <td className="nowrap" data-label="Nº">
        {o.id}
      </td>
      <td className="nowrap" data-label={m.sentAt}>
        {formatDate(o.created_at)}
      </td>
      <td data-label={o.papel === 'C' ? m.seller : m.buyer}>
        <strong>{o.papel === 'C' ? o.vendedor.nome : o.comprador.nome}</strong>
        {o.ol ? <div className="muted">{`${m.ol}: ${o.ol.nome}`}</div> : null}
      </td>
      <td data-label={m.condition}>{o.condicao_nome}</td>
      <td data-label={m.statusLabel}>
        <StatusBadge status={o.status} />
      </td>
      <td className="numeric nowrap" data-label={m.total}>
        {formatBrl(o.total_faturado_centavos ?? o.total_centavos)}
        {o.total_faturado_centavos !== null ? <div className="muted">{m.invoicedOf(formatBrl(o.total_centavos))}</div> : null}
      </td>
      <td>
        <div className="actions">
          <a href={openHref} className="button" aria-label={m.open(o.id)} data-open-order={o.id} data-opens-panel>
            Ver
          </a>
        </div>
      </td>
    </tr>
  )
}
