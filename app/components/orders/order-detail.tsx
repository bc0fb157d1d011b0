import { CompanyForm } from '~/components/company-form.tsx'
import { formatDateTime } from '~/components/team/format.ts'
import { formatPercent } from '~/domain/conditions/percent.ts'
import { formatAdjustment } from '~/domain/catalog/adjustment.ts'
import { formatBrl, formatUnitPrice } from '~/domain/catalog/money.ts'
import { termLabel } from '~/domain/shared/payment-term.ts'
import type { Answer } from '~/domain/shared/contract.ts'
import type * as ordersApi from '~/domain/orders/contract.ts'
import { orderMessages as m } from '~/domain/orders/messages.ts'
import { ORDER_STATUS_LABELS } from '~/domain/orders/order-status.ts'
import { invoicedTokenbaseCentavos } from '~/domain/orders/invoiced.ts'
import { ConfirmStep } from '~/components/ui/confirm-step.tsx'

export type OrderDetail = Answer<typeof ordersApi.showPedido>['pedido']
export type OrderRow = Answer<typeof ordersApi.restorePedidos>['pedidos']['data'][number]
/** Errors of a form post, by field as the API or Conform names them (`quantidades.0.quantidade`). */
export type FormErrors = Record<string, string[]>
/** Invoiced quantities as a refused post had them, by the line's item id. */
export type TypedQuantities = Record<string, string>

const STATUS_BADGE: Record<string, string> = {
  A: 'badge-warning',
  F: 'badge-success',
  N: 'badge-danger',
  Q: 'badge-success',
}

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${STATUS_BADGE[status] ?? ''}`}>{ORDER_STATUS_LABELS[status] ?? status}</span>
}

/** The errors of `quantidades[i].quantidade` whether Conform (brackets) or the API (dots) named them. */
const fieldErrors = (errors: FormErrors | null, name: string) => errors?.[name] ?? errors?.[name.replace(/\[(\d+)\]/g, '.$1')] ?? null

/** An order as its parties read it: its lines as sent, payment, tokenbase, totals, history. */
export function OrderSummary({ order, headingLevel = 2 }: { order: OrderDetail; headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as 'h2'
  const Sub = `h${headingLevel + 1}` as 'h3'
  const hasInvoiced = order.itens_lista.some((i) => i.quantidade_faturada !== null)
  const invoicedTokenbase = invoicedTokenbaseCentavos(order)
  return (
    <>
      <H id={`pedido-${order.id}-title`}>
        {m.orderTitle(order.id)} <StatusBadge status={order.status} />
      </H>
      <dl className="order-facts">
        <div>
          <dt>{m.sentAt}</dt>
          <dd>{formatDateTime(order.created_at)}</dd>
        </div>
        <div>
          <dt>{m.buyer}</dt>
          <dd>{order.comprador.nome}</dd>
        </div>
        <div>
          <dt>{m.seller}</dt>
          <dd>{order.vendedor.nome}</dd>
        </div>
        {order.ol ? (
          <div>
            <dt>{m.ol}</dt>
            <dd>{order.ol.nome}</dd>
          </div>
        ) : null}
        <div>
          <dt>{m.condition}</dt>
          <dd>{order.condicao_nome}</dd>
        </div>
        {order.pagamento_nome ? (
          <div>
            <dt>{m.payment}</dt>
            <dd>
              {termLabel(order.pagamento_nome, order.pagamento_prazo_dias)}
            </dd>
          </div>
        ) : null}
        {order.tokenbase ? (
          <div>
            <dt>{m.tokenbase}</dt>
            <dd>{m.tokenbaseValue(order.tokenbase.token, order.tokenbase.valor)}</dd>
          </div>
        ) : null}
        {order.usuario ? (
          <div>
            <dt>{m.sentBy}</dt>
            <dd>{order.usuario}</dd>
          </div>
        ) : null}
      </dl>
      <Sub>{m.items}</Sub>
      <div className="table-scroll" role="region" aria-label={`${m.items} do ${m.orderTitle(order.id).toLowerCase()}`} tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{m.product}</th>
              <th scope="col" className="numeric">
                {m.quantity}
              </th>
              {hasInvoiced ? (
                <th scope="col" className="numeric">
                  {m.invoiced}
                </th>
              ) : null}
              <th scope="col" className="numeric">
                {m.unitPrice}
              </th>
              <th scope="col" className="numeric">
                {m.lineTotal}
              </th>
              {hasInvoiced ? (
                <th scope="col" className="numeric">
                  {m.invoicedTotal}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {order.itens_lista.map((i) => (
              <tr key={i.id}>
                <td data-label={m.product}>
                  <strong>{i.nome}</strong>
                  <div className="muted">{[i.codigo, i.marca, i.regra_nome].filter(Boolean).join(' · ')}</div>
                </td>
                <td className="numeric nowrap" data-label={m.quantity}>
                  {i.quantidade.toLocaleString('pt-BR')} {i.unidade}
                </td>
                {hasInvoiced ? (
                  <td className="numeric" data-label={m.invoiced}>
                    {i.quantidade_faturada === null ? '—' : `${i.quantidade_faturada.toLocaleString('pt-BR')} ${i.unidade}`}
                  </td>
                ) : null}
                <td className="numeric nowrap" data-label={m.unitPrice}>
                  {formatUnitPrice(i.preco_unitario_centesimos)}
                </td>
                <td className="numeric nowrap" data-label={m.lineTotal}>
                  {formatBrl(i.total_centavos)}
                </td>
                {hasInvoiced ? (
                  <td className="numeric nowrap" data-label={m.invoicedTotal}>
                    {i.total_faturado_centavos === null ? '—' : formatBrl(i.total_faturado_centavos)}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="order-facts order-totals">
        <div>
          <dt>{m.subtotal}</dt>
          <dd>{formatBrl(order.subtotal_centavos)}</dd>
        </div>
        {order.tokenbase ? (
          // What takes the subtotal to the total, as the cart showed it.
          <div>
            <dt>{m.tokenbase}</dt>
            <dd>{`${formatPercent(order.tokenbase.percent)}% (${formatAdjustment(order.tokenbase.valor)})`}</dd>
          </div>
        ) : null}
        <div>
          <dt>{m.total}</dt>
          <dd>
            <strong>{formatBrl(order.total_centavos)}</strong>
          </dd>
        </div>
        {invoicedTokenbase !== null ? (
          // Said, so that the buyer can check the invoiced total against the invoiced lines.
          <div>
            <dt>{m.invoicedTokenbase}</dt>
            <dd>{formatAdjustment(invoicedTokenbase)}</dd>
          </div>
        ) : null}
        {order.total_faturado_centavos !== null ? (
          <div>
            <dt>{m.invoicedTotal}</dt>
            <dd>
              <strong>{formatBrl(order.total_faturado_centavos)}</strong>
            </dd>
          </div>
        ) : null}
      </dl>
      <Sub>{m.history}</Sub>
      <ol className="order-history">
        {order.historico.map((h, i) => (
          <li key={i}>
            <time dateTime={h.created_at}>{formatDateTime(h.created_at)}</time>{' '}
            {h.de === null
              ? m.historyCreated(h.usuario ?? m.someone, h.organizacao ?? '')
              : m.historyMoved(ORDER_STATUS_LABELS[h.de], ORDER_STATUS_LABELS[h.para], h.usuario ?? m.someone, h.organizacao ?? '')}
          </li>
        ))}
      </ol>
    </>
  )
}

/** Why a status change was refused, beyond a line's quantity: the order's, the status's, the form's. */
export function StatusRefusal({ errors }: { errors: FormErrors | null }) {
  const general = [...(errors?.status ?? []), ...(errors?.quantidades ?? []), ...(errors?.pedido_id ?? []), ...(errors?.form ?? [])]
  // autoFocus: without JavaScript the refused page opens on the reason, not at its top.
  return general.length ? (
    <ul className="notice notice-error" role="alert" tabIndex={-1} autoFocus>
      {general.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  ) : null
}

/** The seller's or the OL's three moves, each a form post (works without JavaScript); Q asks each line's quantity. */
export function StatusActions({ order, action, errors, typed }: { order: OrderDetail; action?: string; errors: FormErrors | null; typed?: TypedQuantities | null }) {
  return (
    <section className="order-actions card" aria-labelledby={`pedido-${order.id}-acoes`}>
      <h3 id={`pedido-${order.id}-acoes`}>{m.actions}</h3>
      <StatusRefusal errors={errors} />
      {/* Invoicing and refusing are final and tell the buyer: one more step each, which a <details> gives without JavaScript. */}
      <div className="toolbar">
        <ConfirmStep summary={m.markF} question={m.confirmF(order.id)} tone="primary" cancelLabel={m.cancelStep}>
          <StatusForm order={order} action={action} status="F" className="button primary" label={m.confirmFButton} />
        </ConfirmStep>
        <ConfirmStep summary={m.markN} question={m.confirmN(order.id)} tone="danger" cancelLabel={m.cancelStep}>
          <StatusForm order={order} action={action} status="N" className="button danger" label={m.confirmNButton} />
        </ConfirmStep>
      </div>
      <QuantitiesForm order={order} action={action} errors={errors} typed={typed} />
    </section>
  )
}

function StatusForm({ order, action, status, className, label }: { order: OrderDetail; action?: string; status: 'F' | 'N'; className: string; label: string }) {
  return (
    <CompanyForm method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="pedido_id" value={order.id} />
      <input type="hidden" name="status" value={status} />
      <button type="submit" className={className}>
        {label}
      </button>
    </CompanyForm>
  )
}

/** 'Faturado com quebra': the invoiced quantity of each line, a form post. */
export function QuantitiesForm({
  order,
  action,
  errors,
  typed,
  label = m.markQ,
  confirm = true,
}: {
  order: OrderDetail
  action?: string
  errors: FormErrors | null
  /** What a refused post had in each line (by item id), shown again. */
  typed?: TypedQuantities | null
  label?: string
  /** Asked once more, as F and N are; not where the page itself is the confirmation (the e-mail's link). */
  confirm?: boolean
}) {
  return (
    <CompanyForm method="post" action={action} className="order-q" preventScrollReset>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="pedido_id" value={order.id} />
      <input type="hidden" name="status" value="Q" />
      <fieldset>
        <legend>{m.qLegend}</legend>
        <p className="muted" id={`pedido-${order.id}-q-hint`}>
          {m.qHint}
        </p>
        {order.itens_lista.map((item, i) => {
          const name = `quantidades[${i}].quantidade`
          const fieldId = `q-${order.id}-${item.id}`
          const itemErrors = [...(fieldErrors(errors, name) ?? []), ...(fieldErrors(errors, `quantidades[${i}].item_id`) ?? [])]
          return (
            <div className="field" key={item.id}>
              <input type="hidden" name={`quantidades[${i}].item_id`} value={item.id} />
              <label htmlFor={fieldId}>{m.qQuantityLabel(item.nome, item.quantidade)}</label>
              <input
                id={fieldId}
                name={name}
                // Text, not number: a number field turned '2,5' into 25 without a word; the server says what a count must be.
                type="text"
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                required
                defaultValue={typed?.[item.id] ?? item.quantidade}
                aria-invalid={itemErrors.length ? true : undefined}
                aria-describedby={itemErrors.length ? `${fieldId}-erro` : `pedido-${order.id}-q-hint`}
              />
              {itemErrors.length ? (
                <p id={`${fieldId}-erro`} className="field-errors">
                  {itemErrors.join(' ')}
                </p>
              ) : null}
            </div>
          )
        })}
      </fieldset>
      {confirm ? (
        <ConfirmStep summary={label} question={m.confirmQ(order.id)} tone="primary" cancelLabel={m.cancelStep}>
          <button type="submit" className="button primary">
            {m.confirmQButton}
          </button>
        </ConfirmStep>
      ) : (
        <button type="submit" className="button">
          {label}
        </button>
      )}
    </CompanyForm>
  )
}

export function RepeatOrder({ order, action }: { order: OrderDetail; action?: string }) {
  return (
    <CompanyForm method="post" action={action} className="toolbar" preventScrollReset>
      <input type="hidden" name="intent" value="repeat" />
      <input type="hidden" name="pedido_id" value={order.id} />
      <button type="submit" className="button primary" aria-describedby={`pedido-${order.id}-repetir`}>
        {m.repeat}
      </button>
      <span className="muted" id={`pedido-${order.id}-repetir`}>
        {m.repeatHint}
      </span>
    </CompanyForm>
  )
}

export function CloseOrderLink({ to, orderId }: { to: string; orderId: number }) {
  // The list it goes back to gives the focus to the order's own 'Ver' (app/enhance/dialogs.ts).
  return (
    <a href={to} className="button" data-focus-after={`[data-open-order="${orderId}"]`}>
      {m.close}
    </a>
  )
}
