import { and, asc, eq, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { priceCart, type CartItemInput, type LineOffer } from '../../../app/domain/checkout/cart-price.ts'
import { checkoutMessages as m } from '../../../app/domain/checkout/messages.ts'
import { parseDecimal, ZERO } from '../../../app/domain/pricing/decimal.ts'
import { parseFormula } from '../../../app/domain/pricing/formula.ts'
import { tokenbaseOption } from '../../../app/domain/pricing/tokenbase.ts'
import type { ConditionRule, RuleType } from '../../../app/domain/pricing/rules.ts'
import type { Db, Tx } from '../../db/client.ts'
import { checkoutItems, checkouts, conditionPartners, conditionPaymentTerms, conditionProducts, conditionRules, conditions, customers, organizations, products } from '../../db/schema/index.ts'
import { abort } from '../http.ts'
import { findOffer } from '../market/offers.ts'
import { findMembership, requireMembership } from '../organizations/membership.ts'

export type CheckoutRow = typeof checkouts.$inferSelect
type TermRow = typeof conditionPaymentTerms.$inferSelect

/**
 * A cart is its member's alone (decision 025): the caller must be an active member of the buyer
 * organization (403 otherwise) and the cart must be theirs in it (404 otherwise, the same answer as for
 * a cart that does not exist). `lock` holds the row for the rest of the transaction (sending).
 */
export async function cartOf(db: Db | Tx, userId: number, organizationId: number, checkoutId: number, options: { lock?: boolean } = {}) {
  await requireMembership(db, userId, organizationId)
  const query = db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, checkoutId), eq(checkouts.organizationId, organizationId), eq(checkouts.userId, userId)))
  const [cart] = options.lock ? await query.for('update') : await query
  if (!cart) abort(404, m.cartNotFound)
  return cart
}

/** A cart named only by its id (limpaCheckout, deleteCheckoutPedido...): the caller's own, in an organization they still belong to. */
export async function ownCart(db: Db | Tx, userId: number, checkoutId: number) {
  const [cart] = await db.select().from(checkouts).where(and(eq(checkouts.id, checkoutId), eq(checkouts.userId, userId)))
  if (!cart) abort(404, m.cartNotFound)
  if (!(await findMembership(db, userId, cart.organizationId))) abort(404, m.cartNotFound)
  return cart
}

const termAnswer = (t: TermRow) => ({ id: t.id, nome: t.nome, prazo_dias: t.prazoDias, minimo_centavos: t.minimoCentavos, tem_formula: t.formula !== null })

export async function termsOf(db: Db | Tx, conditionId: number) {
  return db.select().from(conditionPaymentTerms).where(eq(conditionPaymentTerms.conditionId, conditionId)).orderBy(asc(conditionPaymentTerms.prazoDias), asc(conditionPaymentTerms.id))
}

/** Each term of the cart's condition with the tokenbase option it would give this cart today (the token selection modal). */
export function paymentOptions(loaded: LoadedCart) {
  const desconto = parseDecimal(loaded.priced.desconto) ?? ZERO
  return loaded.terms.map((term) => {
    if (!term.formula || !loaded.token) return { ...termAnswer(term), tokenbase: null }
    const parsed = parseFormula(term.formula)
    const option = parsed.ok ? tokenbaseOption(parsed.formula, desconto, loaded.priced.subtotalCentavos) : parsed
    const base = { token: loaded.token, formula: term.formula, desconto: loaded.priced.desconto }
    return {
      ...termAnswer(term),
      tokenbase: option.ok ? { ...base, ...option.option, erro: null } : { ...base, percent: null, fator: null, valor: null, valor_total: null, erro: option.message },
    }
  })
}

const seller = alias(organizations, 'seller')
const ol = alias(organizations, 'ol')

/** Everything a cart is priced from, read in a handful of queries (one per table, never per line). */
export async function loadCart(db: Db | Tx, cart: CheckoutRow) {
  const [head] = await db
    .select({ condition: conditions, sellerNome: seller.nome, token: seller.tokenbase })
    .from(conditions)
    .innerJoin(seller, eq(seller.id, conditions.organizationId))
    .where(eq(conditions.id, cart.conditionId))
  const [partner] = cart.conditionPartnerId
    ? await db
        .select({ row: conditionPartners, nome: ol.nome })
        .from(conditionPartners)
        .innerJoin(ol, eq(ol.id, conditionPartners.partnerId))
        .where(eq(conditionPartners.id, cart.conditionPartnerId))
    : []
  const lines = await db
    .select({ item: checkoutItems, product: products, line: conditionProducts })
    .from(checkoutItems)
    .innerJoin(products, eq(products.id, checkoutItems.productId))
    .leftJoin(conditionProducts, and(eq(conditionProducts.conditionId, cart.conditionId), eq(conditionProducts.productId, checkoutItems.productId)))
    .where(eq(checkoutItems.checkoutId, cart.id))
    .orderBy(asc(checkoutItems.id))
  const ruleRows = await db.select().from(conditionRules).where(and(eq(conditionRules.conditionId, cart.conditionId), eq(conditionRules.ativo, true)))
  const terms = await termsOf(db, cart.conditionId)
  const { condition } = head
  const today = await openToday(db, condition.id)
  // Whether the buyer may still buy from this cart: the offer itself (the buyer still listed, the condition visible,
  // the OL not refusing the buyer, the seller not blocking it), read as the market and the send read it. The block
  // closes every offer, so it is read only when the offer is gone, to say that it is the reason.
  const offer = today ? await findOffer(db, cart.organizationId, cart.conditionId, cart.conditionPartnerId) : null
  const [block] =
    today && !offer
      ? await db
          .select({ id: customers.id })
          .from(customers)
          .where(and(eq(customers.sellerId, condition.organizationId), eq(customers.customerOrgId, cart.organizationId), eq(customers.bloqueado, true)))
          .limit(1)
      : []
  const closed = !today ? m.conditionInactive(condition.nome) : block ? m.buyerBlocked : offer ? null : m.offerClosed
  const term = terms.find((t) => t.id === cart.paymentTermId) ?? null
  const formula = term?.formula ? parseFormula(term.formula) : null
  const rules: ConditionRule[] = ruleRows.map((r) => ({ ...r, tipo: r.tipo as RuleType }))
  const items: (CartItemInput & { row: (typeof lines)[number] })[] = lines.map((row) => ({
    row,
    itemId: row.item.id,
    productId: row.product.id,
    nome: row.product.nome,
    marca: row.product.marca,
    categoria: row.product.categoria,
    listCentavos: row.product.precoCentavos,
    quantity: row.item.quantidade,
    precoVistoCentavos: row.item.precoVistoCentavos,
    offer: offerOf(condition.tipoTabela, row.line, row.product.ativo),
    limits: { qtdMin: row.line?.qtdMin ?? 1, qtdMax: row.line?.qtdMax ?? null, multiplo: row.line?.multiplo ?? 1 },
  }))
  const olExtra = partner ? (parseDecimal(partner.row.descontoExtra) ?? ZERO) : ZERO
  const priced = priceCart({
    items,
    rules,
    partnerId: cart.conditionPartnerId,
    olExtraPercent: olExtra,
    minimoValorCentavos: condition.minimoValorCentavos,
    minimoQuantidade: condition.minimoQuantidade,
    termRequired: terms.length > 0,
    term: term ? { id: term.id, nome: term.nome, minimoCentavos: term.minimoCentavos, formula: formula?.ok ? formula.formula : null } : null,
    token: head.token || null,
  })
  return { cart, condition, active: today, offer, closed, sellerNome: head.sellerNome, token: head.token || null, partner: partner ?? null, items, rules: ruleRows, terms, term, priced }
}

export type LoadedCart = Awaited<ReturnType<typeof loadCart>>

/** Active and inside its validity window in São Paulo's date (the rule of server/api/market/offers.ts). */
async function openToday(db: Db | Tx, conditionId: number) {
  const [row] = await db
    .select({ open: sql<boolean>`${conditions.ativo} and (${conditions.inicio} is null or ${conditions.inicio} <= (now() at time zone 'America/Sao_Paulo')::date) and (${conditions.fim} is null or ${conditions.fim} >= (now() at time zone 'America/Sao_Paulo')::date)` })
    .from(conditions)
    .where(eq(conditions.id, conditionId))
  return Boolean(row?.open)
}

/** How the condition prices the product today, or null when it no longer sells it (line gone or inactive, product inactive, 'L' without a net price). */
export function offerOf(tipoTabela: string, line: typeof conditionProducts.$inferSelect | null, productActive: boolean): LineOffer | null {
  if (!line || !line.ativo || !productActive) return null
  if (tipoTabela === 'L') return line.precoLiquidoCentavos === null ? null : { table: 'liquido', netCentavos: line.precoLiquidoCentavos }
  return { table: 'desconto', discountPercent: parseDecimal(line.desconto) ?? ZERO }
}

/** The cart as the calls answer it (CarrinhoSchema). */
export function cartAnswer(loaded: LoadedCart) {
  const { cart, condition, partner, items, priced, term, rules } = loaded
  const ruleName = new Map(rules.map((r) => [r.id, r]))
  return {
    id: cart.id,
    organizacao_id: cart.organizationId,
    condicao: { id: condition.id, nome: condition.nome, vendedor_id: condition.organizationId, vendedor_nome: loaded.sellerNome, ativa: loaded.active },
    parceiro: partner ? { id: partner.row.id, ol_id: partner.row.partnerId, nome: partner.nome, desconto_extra: partner.row.descontoExtra } : null,
    itens: items.map((i, k) => {
      const p = priced.items[k]
      const rule = p.rule ? ruleName.get(p.rule.ruleId) : undefined
      const { product, item, line } = i.row
      return {
        id: item.id,
        produto_id: product.id,
        nome: product.nome,
        marca: product.marca,
        ean: product.ean,
        codigo: product.codigo,
        unidade: product.unidade,
        imagem: product.imagem,
        quantidade: item.quantidade,
        qtd_min: line?.qtdMin ?? 1,
        qtd_max: line?.qtdMax ?? null,
        multiplo: line?.multiplo ?? 1,
        preco_lista_centavos: product.precoCentavos,
        preco_visto_centavos: item.precoVistoCentavos,
        preco_atual_centavos: p.seenUnitCentavos,
        preco_alterado: p.priceChanged,
        preco_unitario_centavos: p.unitCentavos,
        preco_unitario_centesimos: p.unitHundredths,
        total_centavos: p.totalCentavos,
        regra: rule ? { id: rule.id, nome: rule.nome, desconto: rule.desconto } : null,
        disponivel: p.available,
        problema: p.problem,
      }
    }),
    quantidade_total: priced.quantidadeTotal,
    lista_centavos: priced.listaCentavos,
    subtotal_centavos: priced.subtotalCentavos,
    desconto: priced.desconto,
    pagamento: term ? termAnswer(term) : null,
    tem_pagamentos: loaded.terms.length > 0,
    tokenbase: tokenbaseAnswer(loaded),
    total_centavos: priced.totalCentavos,
    minimos: { valor_centavos: condition.minimoValorCentavos, quantidade: condition.minimoQuantidade, pagamento_centavos: term?.minimoCentavos ?? 0 },
    precos_alterados: priced.pricesChanged,
    problemas: loaded.closed ? [loaded.closed, ...priced.problems] : priced.problems,
  }
}

function tokenbaseAnswer({ priced, term, token }: LoadedCart) {
  if (!priced.tokenbase || !term?.formula || !token) return null
  const base = { token, formula: term.formula, desconto: priced.desconto }
  return priced.tokenbase.ok
    ? { ...base, percent: priced.tokenbase.percent, fator: priced.tokenbase.fator, valor: priced.tokenbase.valor, valor_total: priced.tokenbase.valor_total, erro: null }
    : { ...base, percent: null, fator: null, valor: null, valor_total: null, erro: priced.tokenbase.message }
}
