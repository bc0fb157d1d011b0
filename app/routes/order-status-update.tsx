import { Link } from 'react-router'
import type { Route } from './+types/order-status-update'
import { ORDER_STATUS_LABELS } from '~/domain/orders/order-status.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Atualizar pedido | Pedidos B2B' }]

/** Where the order e-mail's deep link lands after login; the orders issue makes it change the status. */
export default function OrderStatusUpdate({ params }: Route.ComponentProps) {
  const label = ORDER_STATUS_LABELS[params.orderStatus.toUpperCase()]
  return (
    <section className="stack" aria-labelledby="osu-title">
      <h1 id="osu-title">Pedido {params.orderId}</h1>
      <div className="empty-state">
        <p>
          {label
            ? `A mudança para “${label}” ainda não está disponível: a tela de pedidos está em construção.`
            : 'Situação de pedido desconhecida.'}
        </p>
        <Link to="/personal-environment">Voltar às minhas organizações</Link>
      </div>
    </section>
  )
}
