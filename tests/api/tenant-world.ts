import { and, eq, sql, type SQL } from 'drizzle-orm'
import {
  cargos,
  chatChannels,
  companyEmails,
  checkoutItems,
  checkouts,
  conditionBuyers,
  conditionPartners,
  conditionPaymentTerms,
  conditionProducts,
  conditionRules,
  conditions,
  conditionSellers,
  customerPaymentMethods,
  customers,
  importJobs,
  invoices,
  olBlacklist,
  orderEmails,
  orderItems,
  orders,
  paymentMethods,
  preCheckoutItems,
  productFavorites,
  products,
} from '../../server/db/schema/index.ts'
import { recordNewOrder } from '../../server/api/orders/lifecycle.ts'
import { binaryFields, exampleOf, type Operation } from './openapi-walk.ts'
import { createOrganization, fileOf, newUser, tinyPng, uniqueCnpj, type TestApi } from './harness.ts'

/**
 * An organization with one object of every kind a call's id can name, for the tests that make every call of
 * /api/openapi.json about it (isolation, an unverified organization): its admin (owner), a colleague, and an
 * intruder with an organization of its own.
 */

/** What an id-like name refers to; the order matters (`cargo_id` before the generic organization rule). */
export const ID_KINDS: [RegExp, string][] = [
  // An order (the victim sells it) and an order e-mail of the victim: 7001.
  [/^(pedido_id|orderId)$/, 'order'],
  [/^emailId$/, 'orderEmail'],
  // An invoice of the victim (titulo_id, tituloId): 7001.
  [/titulo/i, 'invoice'],
  [/cargo/i, 'cargo'],
  // A cart and its line (checkout_id, checkoutId, item_id, itemId): the victim's cart 7001 and its line 7001.
  [/checkout|carrinho/i, 'checkout'],
  [/^item_?id$/i, 'checkoutItem'],
  // A line of a member's shopping list (pre_item_id): the victim colleague's line 7001.
  [/pre_?item/i, 'preCheckoutItem'],
  [/condicao|condition/i, 'condition'],
  [/regra|rule/i, 'rule'],
  // An OL's row in a condition (parceiro_id of the rules and buyers): the victim's row 7001.
  [/^parceiro_id$/, 'partner'],
  // A condition's buyer row (comprador_id, compradores: [..]): the victim's row 7001.
  [/comprador/i, 'conditionBuyer'],
  [/produto|product/i, 'product'],
  [/cliente|customer/i, 'customer'],
  [/pagamento|payment/i, 'paymentMethod'],
  [/importacao|import/i, 'importJob'],
  [/user|usuario|member/i, 'user'],
  [/channel|canal/i, 'channel'],
  // An OL organization (a condition's partner, the owner of a blacklist): the victim's OL.
  [/^(partnerId|olId|ol_id)$/, 'ol'],
  [/^(id|orgId|companyId|organizationId|organizacao_id|organizacaoId|targetId|conditionId)$/, 'org'],
]

export function kindOf(name: string) {
  return ID_KINDS.find(([pattern]) => pattern.test(name))?.[1]
}

/** Builds the organization ("victim") and its objects; ids from 7001, so none is also one of the intruder's. */
export async function buildTenantWorld(t: TestApi) {
  const owner = await newUser(t, 'Dona da Empresa')
  const colleague = await newUser(t, 'Colega da Empresa')
  const intruder = await newUser(t, 'Pessoa Intrusa')
  // Ids of their own (7001…), so that no id of the intruder's data is also one of the victim's.
  const org = await createOrganization(t, { id: 7001, nome: 'Empresa Vítima' }, [{ userId: owner.id, isAdmin: true }, { userId: colleague.id }])
  const intruderOrgId = (await createOrganization(t, { nome: 'Empresa Intrusa' }, [{ userId: intruder.id, isAdmin: true }])).id
  const [cargo] = await t.db.insert(cargos).values({ id: 7002, organizationId: org.id, nome: 'Cargo da vítima' }).returning()
  // The team channel made with the organization, moved to an id of its own.
  const [channel] = await t.db.update(chatChannels).set({ id: 7003 }).where(and(eq(chatChannels.organizationId, org.id), eq(chatChannels.padrao, 'I'))).returning()
  const [product] = await t.db.insert(products).values({ id: 7004, organizationId: org.id, codigo: 'V-1', nome: 'Produto da vítima', precoCentavos: 1000 }).returning()
  const [paymentMethod] = await t.db.insert(paymentMethods).values({ id: 7005, organizationId: org.id, nome: 'Boleto da vítima', tipo: 'boleto', prazoDias: 28 }).returning()
  const [customer] = await t.db.insert(customers).values({ id: 7006, sellerId: org.id, cnpj: uniqueCnpj(), nome: 'Cliente da vítima' }).returning()
  await t.db.insert(customerPaymentMethods).values({ customerId: customer.id, paymentMethodId: paymentMethod.id })
  const [importJob] = await t.db.insert(importJobs).values({ id: 7007, organizationId: org.id, tipo: 'produtos', arquivoNome: 'produtos.xlsx', status: 'concluida' }).returning()
  // The condition's objects take the id 7001 of the organization (and the payment term 7005 of the
  // payment method), so a generic `{id}` or `pagamento_id` names the victim's object whatever it means.
  const ol = await createOrganization(t, { id: 7008, nome: 'OL da Vítima', tipo: 'f' }, [{ userId: colleague.id }])
  const [condition] = await t.db.insert(conditions).values({ id: 7001, organizationId: org.id, nome: 'Condição da vítima' }).returning()
  await t.db.insert(conditionProducts).values({ id: 7001, conditionId: condition.id, productId: product.id, desconto: '5' })
  const [partner] = await t.db.insert(conditionPartners).values({ id: 7001, conditionId: condition.id, partnerId: ol.id, status: 'aceito', descontoExtra: '2' }).returning()
  await t.db.insert(conditionBuyers).values({ id: 7001, conditionId: condition.id, customerId: customer.id })
  await t.db.insert(conditionSellers).values({ id: 7001, conditionId: condition.id, userId: colleague.id })
  await t.db.insert(conditionPaymentTerms).values({ id: 7005, conditionId: condition.id, nome: 'Prazo da vítima', prazoDias: 28 })
  await t.db.insert(conditionRules).values({ id: 7001, conditionId: condition.id, conditionPartnerId: partner.id, nome: 'Regra da vítima', tipo: 'Q', minimo: 10, desconto: '2' })
  await t.db.insert(olBlacklist).values({ id: 7001, olId: ol.id, buyerId: intruderOrgId, tipo: 'C' })
  // An order the victim received (its OL buys it, so neither side is the intruder's) and its order e-mail.
  await t.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({ id: 7001, buyerId: ol.id, sellerId: org.id, conditionId: condition.id, userId: colleague.id, chave: 'vitima', condicaoNome: condition.nome, quantidadeTotal: 1, subtotalCentavos: 950, totalCentavos: 950 })
      .returning()
    await tx.insert(orderItems).values({ orderId: order.id, productId: product.id, nome: product.nome, unidade: 'UN', quantidade: 1, precoListaCentavos: 1000, precoUnitarioCentavos: 950, precoUnitarioCentesimos: 95_000, totalCentavos: 950 })
    await recordNewOrder(tx, order, { userId: colleague.id, organizationId: ol.id })
  })
  await t.db.insert(orderEmails).values({ id: 7001, organizationId: org.id, email: 'pedidos@vitima.com.br' })
  // An invoice of the victim, and its finance address (the example address of the company e-mails' calls).
  await t.db.insert(invoices).values({ id: 7001, organizationId: org.id, mes: '2026-10-01', plano: 'P', usuarios: 2, usuariosCobrados: 6, precoUsuarioCentavos: 4900, valorCentavos: 29_400 })
  await t.db.insert(companyEmails).values({ organizationId: org.id, email: 'financeiro@distribuidora.com.br', tipo: 'F' })
  // A member's cart of the condition, with one line (a buyer never sees another's cart).
  await t.db.insert(checkouts).values({ id: 7001, organizationId: org.id, userId: colleague.id, conditionId: condition.id })
  await t.db.insert(checkoutItems).values({ id: 7001, checkoutId: 7001, productId: product.id, quantidade: 2, precoVistoCentavos: 950 })
  // As a buyer too: a favorite and a shopping-list line of the victim's colleague.
  await t.db.insert(productFavorites).values({ organizationId: org.id, productId: product.id })
  await t.db.insert(preCheckoutItems).values({ id: 7001, organizationId: org.id, userId: colleague.id, productId: product.id, quantidade: 3 })
  const victim: Record<string, number> = {
    org: org.id,
    user: colleague.id,
    cargo: cargo.id,
    channel: channel.id,
    product: product.id,
    paymentMethod: paymentMethod.id,
    customer: customer.id,
    importJob: importJob.id,
    condition: condition.id,
    rule: 7001,
    partner: partner.id,
    conditionBuyer: 7001,
    order: 7001,
    orderEmail: 7001,
    invoice: 7001,
    preCheckoutItem: 7001,
    ol: ol.id,
    checkout: 7001,
    checkoutItem: 7001,
  }
  return { owner, colleague, intruder, intruderOrgId, victim }
}

/** Every table's rows, as one digest per table; the tokens of the logins are not the victim's data. */
export async function fingerprint(t: TestApi) {
  const rows = async <T>(query: SQL) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows
  const tables = await rows<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('personal_access_tokens', '__drizzle_migrations') order by 1`,
  )
  const digests: Record<string, string> = {}
  for (const { name } of tables) {
    const [row] = await rows<{ d: string }>(sql.raw(`select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) as d from "${name}" x`))
    digests[name] = row.d
  }
  return digests
}

/** Does the call name an organization or an object of one? */
export function namesTenantData(doc: any, { op }: Operation) {
  const names = (op.parameters ?? []).map((p: any) => p.name as string)
  for (const media of Object.values<any>(op.requestBody?.content ?? {})) {
    const example = exampleOf(doc, media)
    if (example && typeof example === 'object') names.push(...Object.keys(example))
  }
  return names.some((n: string) => kindOf(n))
}

/**
 * The call with its example, each id-like parameter or body field given `idFor`'s value (the example's when
 * undefined). `namesObject`: some id other than an organization's was given.
 */
export function requestFor(doc: any, { path, op, method }: Operation, idFor: (name: string) => number | undefined) {
  let namesObject = false
  const idValue = (name: string) => {
    const value = idFor(name)
    if (value !== undefined && kindOf(name) !== 'org') namesObject = true
    return value
  }
  let url = path
  const query = new URLSearchParams()
  for (const p of op.parameters ?? []) {
    const value = idValue(p.name) ?? p.schema?.example ?? p.example ?? 'exemplo'
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)))
    if (p.in === 'query' && (p.required || p.schema?.example !== undefined)) query.set(p.name, String(value))
  }
  if (query.size) url = `${url}?${query}`
  const [mediaType, media] = Object.entries<any>(op.requestBody?.content ?? {})[0] ?? []
  if (!media) return { method: method.toUpperCase(), url, init: {}, namesObject }
  const body = structuredClone(exampleOf(doc, media) ?? {})
  for (const [key, value] of Object.entries(body)) {
    const id = idValue(key)
    // A list of ids (`produtos: [1, 2]`) names the object the same way.
    if (id !== undefined) body[key] = Array.isArray(value) ? [id] : id
  }
  if (mediaType === 'application/json') return { method: method.toUpperCase(), url, init: { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }, namesObject }
  const files = binaryFields(doc, media)
  const form = new FormData()
  for (const [k, v] of Object.entries<any>(body)) {
    if (files.has(k)) form.append(k, fileOf(tinyPng(), 'exemplo.png', 'image/png'))
    else form.append(k, typeof v === 'string' ? v : JSON.stringify(v))
  }
  return { method: method.toUpperCase(), url, init: { body: form }, namesObject }
}
