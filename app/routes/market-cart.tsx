import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import type { Route } from './+types/market-cart'
import { RouteModal, useModalCloseHref } from '~/components/route-modal.tsx'
import { adjustmentInWords, formatAdjustment } from '~/domain/catalog/adjustment.ts'
import { formatBrl, formatUnitPrice } from '~/domain/catalog/money.ts'
import { termLabel } from '~/domain/shared/payment-term.ts'
import { formatPercent } from '~/domain/conditions/percent.ts'
import * as cartApi from '~/domain/checkout/contract.ts'
import { cartScreenMessages as m, checkoutMessages } from '~/domain/checkout/messages.ts'
import { quantityRule } from '~/domain/checkout/quantity-rule.ts'
import { ChooseTermFormSchema, UpdateQuantityFormSchema } from '~/domain/checkout/schemas.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

/**
 * The buyer's carts (decision 027): one per condition and OL, priced by the API; quantities, the payment
 * method picker and the token selection modal as `?modal=` states, and sending with the
 * idempotency key the page was rendered with (a double submit makes one order). Works without JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: `${m.title} | Pedidos B2B` }]

const BASE = '/market/carrinho'

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { company } = await requireCompany(request)
  const orgId = company.organizacao_id
  const { carrinhos } = await apiRead(request, cartApi.showCheckoutItens, { params: { organizacaoId: orgId } })
  const modal = url.searchParams.get('modal')
  const cartId = Number(url.searchParams.get('carrinho')) || 0
  let payments: Awaited<ReturnType<typeof apiRead<typeof cartApi.RestoreCondicoesPagamentos>>> | null = null
  if ((modal === 'pagamento' || modal === 'token') && carrinhos.some((c) => c.id === cartId)) {
    const res = await api(request, cartApi.RestoreCondicoesPagamentos, { params: { checkoutId: cartId } })
    if (res.ok) payments = res.data
  }
  const sent = Number(url.searchParams.get('enviado')) || null
  // The term picked in the payment picker, proposed in the token selection.
  const proposed = Number(url.searchParams.get('pagamento')) || null
  // One key per page view: the same form sent twice is the same order.
  return { carrinhos, modal, cartId, payments, proposed, sent, chave: crypto.randomUUID() }
}

/**
 * A refused quantity (`itemId`) is said on its row, with what was typed kept (`typed`); a refused send (`sentCartId`,
 * its reasons in `reasons`) beside its cart's 'Enviar pedido'.
 */
type PriceChanges = { alterados: { item_id: number; nome: string; preco_visto_centavos: number; preco_atual_centavos: number }[]; total_visto_centavos: number | null }
type ActionData = { error?: string; itemId?: number; typed?: string; sentCartId?: number; reasons?: string[]; changed?: PriceChanges & { cartId: number; chave: string } }

export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const orgId = company.organizacao_id
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const cartId = Number(form.get('checkout_id')) || 0
  const done = (text: string, to = BASE) => redirectWithToast(request, to, { kind: 'success', text })
  const refused = (error: string, extra: Partial<ActionData> = {}) => data<ActionData>({ error, ...extra }, { status: 400 })

  switch (intent) {
    case 'quantity': {
      const submission = parseWithZod(form, { schema: UpdateQuantityFormSchema })
      const typed = String(form.get('quantidade') ?? '').slice(0, 12)
      if (submission.status !== 'success') return refused(Object.values(submission.error ?? {}).flat()[0] ?? m.cartGone, { itemId: Number(form.get('item_id')), typed })
      const res = await api(request, cartApi.updateQtItem, { json: { organizacao_id: orgId, ...submission.value } })
      // The toast is what a screen reader hears: the cart's new total with it, not only that something changed.
      return res.ok ? done(`${res.data.message} ${m.totalNow(formatBrl(res.data.carrinho.total_centavos))}`) : refused(apiErrorMessages(res.data)[0], { itemId: submission.value.item_id, typed })
    }
    case 'remove': {
      const res = await api(request, cartApi.removecheckoutitem, { params: { organizacaoId: orgId, itemId: Number(form.get('item_id')) || 0 } })
      return res.ok ? done(res.data.message) : refused(apiErrorMessages(res.data)[0])
    }
    case 'delete': {
      const res = await api(request, cartApi.deleteCheckoutPedido, { params: { checkoutId: cartId } })
      return res.ok ? done(res.data.message) : refused(apiErrorMessages(res.data)[0])
    }
    case 'term':
    case 'token': {
      const submission = parseWithZod(form, { schema: ChooseTermFormSchema })
      if (submission.status !== 'success') return refused(intent === 'token' ? m.tokenRequired : (Object.values(submission.error ?? {}).flat()[0] ?? m.cartGone))
      if (intent === 'term') {
        // A term with a formula goes on to the token selection and is kept only once an option is
        // chosen there: its 'Cancelar' leaves the cart's term as it was.
        const options = await api(request, cartApi.RestoreCondicoesPagamentos, { params: { checkoutId: cartId } })
        const chosen = options.ok ? options.data.pagamentos.find((p) => p.id === submission.value.pagamento_id) : undefined
        if (chosen?.tem_formula && chosen.tokenbase) throw redirect(`${BASE}?modal=token&carrinho=${cartId}&pagamento=${chosen.id}`)
      }
      const res = await api(request, cartApi.definePagamentoCheckout, { json: { organizacao_id: orgId, checkout_id: cartId, pagamento_id: submission.value.pagamento_id } })
      if (!res.ok) return refused(apiErrorMessages(res.data)[0])
      return done(`${res.data.message} ${m.totalNow(formatBrl(res.data.carrinho.total_centavos))}`)
    }
    case 'send': {
      const chave = String(form.get('chave') ?? '')
      // The total the page showed beside this button: a send at another total is shown first (decision 027).
      const seen = /^\d{1,10}$/.exec(String(form.get('total_visto_centavos') ?? ''))
      const json = { organizacao_id: orgId, checkout_id: cartId, chave, confirmar_precos: form.get('confirmar_precos') === '1', total_visto_centavos: seen ? Number(seen[0]) : null }
      const res = await api(request, cartApi.enviaPedido, { json })
      if (res.ok) return done(res.data.message, `${BASE}?enviado=${res.data.pedido.id}`)
      const body = res.data as unknown as Partial<PriceChanges>
      if (res.status === 409 && body.alterados)
        return refused(apiErrorMessages(res.data)[0], { changed: { cartId, chave, alterados: body.alterados, total_visto_centavos: body.total_visto_centavos ?? null } })
      const messages = apiErrorMessages(res.data)
      // Sent meanwhile from another tab (another key): the order exists, this page's cart is gone.
      if (messages.includes(checkoutMessages.cartNotFound)) return refused(m.sentElsewhere)
      return refused(messages.join(' '), { sentCartId: cartId, reasons: messages })
    }
    default:
      return refused(m.cartGone)
  }
}

type Cart = Route.ComponentProps['loaderData']['carrinhos'][number]

export default function MarketCart({ loaderData, actionData }: Route.ComponentProps) {
  const { carrinhos, modal, cartId, payments, proposed, sent, chave } = loaderData
  const modalCart = carrinhos.find((c) => c.id === cartId) ?? null
  const rowError = actionData?.error && actionData.itemId && carrinhos.some((c) => c.itens.some((i) => i.id === actionData.itemId)) ? actionData : null
  const sendError = actionData?.error && actionData.sentCartId && carrinhos.some((c) => c.id === actionData.sentCartId) ? actionData : null
  return (
    <section className="stack" aria-labelledby="cart-title">
      <div className="row-between">
        <h1 id="cart-title">{m.title}</h1>
        <a href="/market" className="button">
          {m.toMarket}
        </a>
      </div>
      <p className="muted">{m.intro}</p>
      {/* Not a live region: the toast already says it, and a reader heard it twice. */}
      {sent ? (
        <p className="notice notice-success">
          Pedido nº {sent} enviado com sucesso. <a href="/orders">{m.sentLink}</a>
        </p>
      ) : null}
      {actionData?.error && !actionData.changed && !rowError && !sendError ? (
        <p className="notice notice-error" role="alert">
          {actionData.error}
        </p>
      ) : null}
      {carrinhos.length === 0 ? (
        <div className="empty-state" role="status">
          <p>{m.empty}</p>
        </div>
      ) : (
        carrinhos.map((cart) => (
          <CartCard
            key={cart.id}
            cart={cart}
            // One key per cart: the page's key alone made a second cart's send answer with the first cart's order.
            chave={`${chave}-${cart.id}`}
            changed={actionData?.changed?.cartId === cart.id ? actionData.changed : null}
            rowError={rowError}
            sendError={sendError?.sentCartId === cart.id ? (sendError.reasons ?? []) : null}
          />
        ))
      )}
      {modal === 'pagamento' && modalCart && payments ? <TermModal cart={modalCart} payments={payments} /> : null}
      {modal === 'token' && modalCart && payments ? <TokenModal cart={modalCart} payments={payments} proposed={proposed} error={actionData?.error ?? null} /> : null}
    </section>
  )
}

function CartCard({ cart, chave, changed, rowError, sendError }: { cart: Cart; chave: string; changed: ActionData['changed'] | null; rowError: ActionData | null; sendError: string[] | null }) {
  const titleId = `carrinho-${cart.id}-titulo`
  // Two carts may share a condition (direct and through an OL): their buttons' names tell them apart.
  const cartName = `${cart.condicao.nome}, ${cart.parceiro ? m.through(cart.parceiro.nome) : m.fromSeller}`
  // The button says why the cart cannot be sent yet: each of its problems, read as its description.
  const problemsId = `carrinho-${cart.id}-problema`
  // A refused send is said where it was pressed, and takes the focus (`autoFocus`: the page opens on it, with or
  // without JavaScript): at the top of the page it was off screen on a phone. A reason the list of the cart's
  // problems already says (a minimum not reached) is said there, the list becoming the alert, not a second time.
  const listed = sendError?.filter((reason) => cart.problemas.includes(reason)) ?? []
  const unlisted = sendError?.filter((reason) => !cart.problemas.includes(reason)) ?? []
  return (
    <article className="card stack" aria-labelledby={titleId} data-cart={cart.id}>
      <div className="row-between">
        <h2 id={titleId}>
          {cart.condicao.nome} — {cart.condicao.vendedor_nome}, {cart.parceiro ? m.through(cart.parceiro.nome) : m.fromSeller}
        </h2>
        {/* Deleting drops every line of the cart: one more step, which a <details> gives without JavaScript. */}
        <details className="confirm-step">
          <summary className="button danger">
            Excluir carrinho<span className="sr-only"> {cartName}</span>
          </summary>
          <div className="card stack">
            <p>{m.confirmDelete(cart.itens.length)}</p>
            <CompanyForm method="post" preventScrollReset>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="checkout_id" value={cart.id} />
              <button type="submit" className="button danger">
                {m.confirmDeleteButton}
                <span className="sr-only"> {cartName}</span>
              </button>
            </CompanyForm>
          </div>
        </details>
      </div>
      <div className="table-scroll">
        <table className="data-table">
          <caption className="sr-only">Itens do carrinho {cartName}</caption>
          <thead>
            <tr>
              <th scope="col">Produto</th>
              <th scope="col">Quantidade</th>
              <th scope="col" className="numeric">
                Preço unitário
              </th>
              <th scope="col" className="numeric">
                Total
              </th>
              <th scope="col">
                <span className="sr-only">Ações</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cart.itens.map((item) => {
              const refused = rowError?.itemId === item.id ? rowError : null
              const rule = quantityRule({ qtdMin: item.qtd_min, qtdMax: item.qtd_max, multiplo: item.multiplo })
              return (
                <tr key={item.id}>
                  <td>
                    {item.nome}
                    {item.regra ? <small className="muted"> · {item.regra.nome}</small> : null}
                    {!item.disponivel ? <small className="notice-error"> · {m.unavailable}</small> : null}
                    {item.preco_alterado && item.preco_atual_centavos !== null ? (
                      <small className="notice-warning"> · {m.priceWas(formatBrl(item.preco_visto_centavos), formatBrl(item.preco_atual_centavos))}</small>
                    ) : null}
                    {item.problema ? <small className="field-error"> · {item.problema}</small> : null}
                  </td>
                  <td data-label="Quantidade">
                    {/* The server says what is wrong with a quantity, in the product's words: the browser's own bubble
                        ('Value must be greater than or equal to 1.') is not. */}
                    <CompanyForm method="post" preventScrollReset className="inline-form" noValidate>
                      <input type="hidden" name="intent" value="quantity" />
                      <input type="hidden" name="item_id" value={item.id} />
                      <label className="sr-only" htmlFor={`qt-${item.id}`}>
                        Quantidade de {item.nome}
                      </label>
                      <input
                        id={`qt-${item.id}`}
                        name="quantidade"
                        type="number"
                        inputMode="numeric"
                        min={item.qtd_min}
                        step={item.multiplo}
                        max={item.qtd_max ?? undefined}
                        defaultValue={refused ? refused.typed : item.quantidade}
                        className="qty-input"
                        aria-invalid={refused ? true : undefined}
                        // The refused page opens on this field, not at its top far from the reason.
                        autoFocus={refused ? true : undefined}
                        aria-describedby={[rule ? `qt-${item.id}-regra` : '', refused ? `qt-${item.id}-erro` : ''].join(' ').trim() || undefined}
                      />
                      <button type="submit" className="button small">
                        Atualizar<span className="sr-only"> {item.nome}</span>
                      </button>
                    </CompanyForm>
                    {rule ? (
                      <small id={`qt-${item.id}-regra`} className="muted qty-rule">
                        {rule}
                      </small>
                    ) : null}
                    {refused ? (
                      <p id={`qt-${item.id}-erro`} className="field-error" role="alert">
                        {refused.error}
                      </p>
                    ) : null}
                  </td>
                  <td className="numeric" data-label="Preço unitário">
                    {item.preco_unitario_centesimos === null ? '—' : formatUnitPrice(item.preco_unitario_centesimos)}
                  </td>
                  <td className="numeric" data-label="Total">
                    {item.total_centavos === null ? '—' : formatBrl(item.total_centavos)}
                  </td>
                  <td>
                    <CompanyForm method="post" preventScrollReset>
                      <input type="hidden" name="intent" value="remove" />
                      <input type="hidden" name="item_id" value={item.id} />
                      <button type="submit" className="button small" aria-label={`Remover ${item.nome}`}>
                        Remover
                      </button>
                    </CompanyForm>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <dl className="cart-totals">
        <div>
          <dt>Subtotal</dt>
          <dd>{formatBrl(cart.subtotal_centavos)}</dd>
        </div>
        <div>
          <dt>Forma de pagamento</dt>
          <dd>
            {cart.pagamento ? termLabel(cart.pagamento.nome, cart.pagamento.prazo_dias) : cart.tem_pagamentos ? 'Não escolhida' : m.noTerms}{' '}
            {cart.tem_pagamentos ? (
              <a href={`?modal=pagamento&carrinho=${cart.id}`} aria-label={`${cart.pagamento ? m.switchTerm : m.changeTerm}: ${cartName}`}>
                {cart.pagamento ? m.switchTerm : m.changeTerm}
              </a>
            ) : null}
          </dd>
        </div>
        {cart.tokenbase ? (
          <div>
            <dt>Tokenbase</dt>
            <dd>{cart.tokenbase.erro ?? `${formatPercent(cart.tokenbase.percent ?? '')}% (${formatAdjustment(cart.tokenbase.valor ?? 0)})`}</dd>
          </div>
        ) : null}
        <div>
          <dt>Total</dt>
          <dd>
            <strong>{formatBrl(cart.total_centavos)}</strong>
          </dd>
        </div>
        {cart.minimos.valor_centavos > 0 || cart.minimos.quantidade > 0 || cart.minimos.pagamento_centavos > 0 ? (
          <div>
            <dt>Mínimos</dt>
            <dd>
              {[
                cart.minimos.valor_centavos > 0 ? `pedido ${formatBrl(cart.minimos.valor_centavos)}` : null,
                cart.minimos.quantidade > 0 ? `${cart.minimos.quantidade} unidades` : null,
                cart.minimos.pagamento_centavos > 0 ? `forma de pagamento ${formatBrl(cart.minimos.pagamento_centavos)}` : null,
              ]
                .filter(Boolean)
                .join('; ')}
            </dd>
          </div>
        ) : null}
      </dl>
      {cart.problemas.length > 0 ? (
        <ProblemList problems={cart.problemas} idPrefix={problemsId} refused={listed.length > 0 && !unlisted.length} />
      ) : null}
      {changed ? (
        // Prices changed since the cart was built: the list and its confirmation take the focus, as a refusal does.
        <div className="notice notice-warning stack" role="alert" tabIndex={-1} autoFocus>
          <h3>{m.changedTitle}</h3>
          <ul>
            {changed.alterados.map((a) => (
              <li key={a.item_id}>
                {a.nome}: {m.priceWas(formatBrl(a.preco_visto_centavos), formatBrl(a.preco_atual_centavos))}
              </li>
            ))}
            {changed.total_visto_centavos !== null && changed.total_visto_centavos !== cart.total_centavos ? (
              <li>{m.totalWas(formatBrl(changed.total_visto_centavos), formatBrl(cart.total_centavos))}</li>
            ) : null}
          </ul>
          <CompanyForm method="post" preventScrollReset>
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="checkout_id" value={cart.id} />
            <input type="hidden" name="chave" value={changed.chave} />
            <input type="hidden" name="confirmar_precos" value="1" />
            <input type="hidden" name="total_visto_centavos" value={cart.total_centavos} />
            <button type="submit" className="button primary">
              {m.confirmPrices}
              <span className="sr-only"> {cartName}</span>
            </button>
          </CompanyForm>
        </div>
      ) : (
        <>
          {unlisted.length ? (
            <p className="notice notice-error" role="alert" tabIndex={-1} autoFocus>
              {unlisted.join(' ')}
            </p>
          ) : null}
          <CompanyForm method="post" preventScrollReset>
            <input type="hidden" name="intent" value="send" />
            <input type="hidden" name="checkout_id" value={cart.id} />
            <input type="hidden" name="chave" value={chave} />
            <input type="hidden" name="total_visto_centavos" value={cart.total_centavos} />
            <button type="submit" className="button primary" aria-describedby={cart.problemas.map((_, i) => `${problemsId}-${i}`).join(' ') || undefined}>
              {m.send}
              <span className="sr-only"> {cartName}</span>
            </button>
          </CompanyForm>
        </>
      )}
    </article>
  )
}

/** What keeps the cart from being sent, before 'Enviar pedido'; once a send was refused for it, said as the refusal. */
function ProblemList({ problems, idPrefix, refused }: { problems: string[]; idPrefix: string; refused: boolean }) {
  const list = (
    <ul className={`notice ${refused ? 'notice-error' : 'notice-warning'}`} aria-label="Antes de enviar">
      {problems.map((p, i) => (
        <li key={p} id={`${idPrefix}-${i}`}>
          {p}
        </li>
      ))}
    </ul>
  )
  return refused ? (
    <div role="alert" tabIndex={-1} autoFocus>
      {list}
    </div>
  ) : (
    list
  )
}

type Payments = NonNullable<Route.ComponentProps['loaderData']['payments']>

/** The payment method modal: 'Selecione a forma de pagamento', radio options, the first selected, 'Cancelar' and 'Confirmar'. */
function TermModal({ cart, payments }: { cart: Cart; payments: Payments }) {
  const closeHref = useModalCloseHref(['carrinho'])
  // A radio once chosen stays chosen: with the first option selected, Confirm is disabled only when there is none.
  const initial = payments.pagamento_id ?? payments.pagamentos[0]?.id ?? null
  return (
    <RouteModal title={m.pickTermTitle} closeParams={['carrinho']}>
      <CompanyForm method="post" action={BASE} className="stack" preventScrollReset>
        <input type="hidden" name="intent" value="term" />
        <input type="hidden" name="checkout_id" value={cart.id} />
        <fieldset className="stack">
          <legend className="sr-only">{m.pickTermTitle}</legend>
          {payments.pagamentos.map((p) => (
            <label key={p.id} className="radio-option">
              <input type="radio" name="pagamento_id" value={p.id} defaultChecked={p.id === initial} />
              {termLabel(p.nome, p.prazo_dias)}
              {p.minimo_centavos > 0 ? `, mínimo ${formatBrl(p.minimo_centavos)}` : ''}
              {p.tem_formula ? ' (Tokenbase)' : ''}
            </label>
          ))}
        </fieldset>
        <div className="row-end">
          <a href={closeHref} className="button">
            Cancelar
          </a>
          <button type="submit" className="button primary" disabled={initial === null}>
            Confirmar
          </button>
        </div>
      </CompanyForm>
    </RouteModal>
  )
}

/** The token selection: one option per term with a formula, computed for this cart; Confirm disabled until one is chosen. */
function TokenModal({ cart, payments, proposed, error }: { cart: Cart; payments: Payments; proposed: number | null; error: string | null }) {
  const closeHref = useModalCloseHref(['carrinho', 'pagamento'])
  const options = payments.pagamentos.filter((p) => p.tokenbase)
  const initial = options.find((p) => p.id === proposed && p.tokenbase!.erro === null)?.id ?? null
  return (
    <RouteModal title={m.tokenTitle} closeParams={['carrinho', 'pagamento']}>
      {/* Posted to the modal's own address: a refusal (no option chosen, without JavaScript) is said inside it. With
          JavaScript, Confirm waits for an option (data-requires-choice, app/enhance/required-choice.ts). */}
      <CompanyForm method="post" className="stack" preventScrollReset data-requires-choice="pagamento_id">
        <input type="hidden" name="intent" value="token" />
        <input type="hidden" name="checkout_id" value={cart.id} />
        <p>{m.tokenIntro(formatPercent(cart.desconto))}</p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
        <fieldset className="stack">
          <legend className="sr-only">{m.tokenTitle}</legend>
          {options.map((p) => (
            <label key={p.id} className="radio-option">
              <input type="radio" name="pagamento_id" value={p.id} disabled={p.tokenbase!.erro !== null} defaultChecked={p.id === initial} />
              {p.nome}: {p.tokenbase!.erro ?? `${formatPercent(p.tokenbase!.percent ?? '')}% — ${adjustmentInWords(p.tokenbase!.valor ?? 0)}, total ${formatBrl(p.tokenbase!.valor_total ?? 0)}`}
            </label>
          ))}
        </fieldset>
        <div className="row-end">
          <a href={closeHref} className="button">
            Cancelar
          </a>
          <button type="submit" className="button primary">
            Confirmar
          </button>
        </div>
      </CompanyForm>
    </RouteModal>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
