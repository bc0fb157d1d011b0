import { conditionBuyers, conditionPartners, conditionPaymentTerms, conditionProducts, conditions, customers, orderItems, orders, products } from '../../server/db/schema/index.ts'
import { recordNewOrder } from '../../server/api/orders/lifecycle.ts'
import { createOrganization, newUser, type TestApi } from './harness.ts'

/**
 * A seller (plan Pro) with a condition its customer may buy from directly and through an OL, the
 * buyer (a retailer) and the people of each; orders are seeded as enviaPedido writes them (the order,
 * its lines, recordNewOrder), in one transaction.
 */
export async function orderWorld(t: TestApi, options: { sellerPlan?: 'B' | 'P' | 'U' | 'M' } = {}) {
  const sellerAdmin = await newUser(t, 'Vendedora Admin')
  const sellerClerk = await newUser(t, 'Balconista Sem Cargo')
  const buyerUser = await newUser(t, 'Compradora Farmácia')
  const olUser = await newUser(t, 'Operador Logístico')
  const seller = await createOrganization(t, { nome: 'Distribuidora Aurora', tipo: 'f', plano: options.sellerPlan ?? 'P' }, [{ userId: sellerAdmin.id, isAdmin: true }, { userId: sellerClerk.id }])
  const buyer = await createOrganization(t, { nome: 'Farmácia São João', tipo: 'v' }, [{ userId: buyerUser.id, isAdmin: true }])
  const ol = await createOrganization(t, { nome: 'OL Rápido', tipo: 'f' }, [{ userId: olUser.id, isAdmin: true }])
  const [customer] = await t.db.insert(customers).values({ sellerId: seller.id, cnpj: buyer.cnpj, nome: 'Farmácia São João (cliente)', customerOrgId: buyer.id }).returning()
  const [p1, p2] = await t.db
    .insert(products)
    .values([
      { organizationId: seller.id, codigo: 'DIP-1', nome: 'Dipirona 500 mg', marca: 'Genérico', precoCentavos: 1000, unidade: 'CX' },
      { organizationId: seller.id, codigo: 'PAR-7', nome: 'Paracetamol 750 mg', marca: 'Genérico', precoCentavos: 333, unidade: 'CX' },
    ])
    .returning()
  const [condition] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Farma' }).returning()
  await t.db.insert(conditionProducts).values([
    { conditionId: condition.id, productId: p1.id, desconto: '10' },
    { conditionId: condition.id, productId: p2.id, desconto: '0', multiplo: 2 },
  ])
  const [partner] = await t.db.insert(conditionPartners).values({ conditionId: condition.id, partnerId: ol.id, status: 'aceito', descontoExtra: '5' }).returning()
  await t.db.insert(conditionBuyers).values([
    { conditionId: condition.id, customerId: customer.id },
    { conditionId: condition.id, conditionPartnerId: partner.id, customerId: customer.id },
  ])
  const [term] = await t.db.insert(conditionPaymentTerms).values({ conditionId: condition.id, nome: 'Boleto 28 dias', prazoDias: 28 }).returning()
  return { sellerAdmin, sellerClerk, buyerUser, olUser, seller, buyer, ol, customer, products: [p1, p2] as const, condition, partner, term }
}

export type OrderWorld = Awaited<ReturnType<typeof orderWorld>>

let keyCounter = 0

/** One order as enviaPedido would make it: lines priced and copied, totals in centavos, history and counters. */
export async function seedOrder(
  t: TestApi,
  w: OrderWorld,
  options: { throughOl?: boolean; lines?: { product: (typeof w.products)[number]; quantidade: number; unit: number }[]; tokenbaseFator?: string; createdAt?: Date } = {},
) {
  const lines = options.lines ?? [
    { product: w.products[0], quantidade: 3, unit: 900 },
    { product: w.products[1], quantidade: 4, unit: 333 },
  ]
  const subtotal = lines.reduce((s, l) => s + l.quantidade * l.unit, 0)
  // The tokenbase as enviaPedido keeps it: valor = subtotal × fator, half up.
  const fator = options.tokenbaseFator
  const valor = fator ? Math.round(subtotal * Number(fator)) : 0
  return t.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        buyerId: w.buyer.id,
        sellerId: w.seller.id,
        olId: options.throughOl ? w.ol.id : null,
        conditionId: w.condition.id,
        conditionPartnerId: options.throughOl ? w.partner.id : null,
        userId: w.buyerUser.id,
        chave: `chave-${++keyCounter}-${Date.now()}`,
        condicaoNome: w.condition.nome,
        paymentTermId: w.term.id,
        pagamentoNome: w.term.nome,
        pagamentoPrazoDias: 28,
        quantidadeTotal: lines.reduce((s, l) => s + l.quantidade, 0),
        subtotalCentavos: subtotal,
        totalCentavos: subtotal - valor,
        tokenbase: fator ? { token: 'TK-1', formula: 'desconto', desconto: '10.00', percent: String(Number(fator) * 100), fator, valor, valor_total: subtotal - valor } : null,
        ...(options.createdAt ? { createdAt: options.createdAt, updatedAt: options.createdAt } : {}),
      })
      .returning()
    await tx.insert(orderItems).values(
      lines.map((l) => ({
        orderId: order.id,
        productId: l.product.id,
        nome: l.product.nome,
        codigo: l.product.codigo,
        marca: l.product.marca,
        unidade: l.product.unidade,
        quantidade: l.quantidade,
        precoListaCentavos: l.product.precoCentavos,
        precoUnitarioCentavos: l.unit,
        precoUnitarioCentesimos: l.unit * 100,
        totalCentavos: l.quantidade * l.unit,
      })),
    )
    await recordNewOrder(tx, order, { userId: w.buyerUser.id, organizationId: w.buyer.id })
    return order
  })
}

/** A second seller with its own customer and order: the orders another seller must not reach. */
export async function otherSellerOrder(t: TestApi) {
  const w = await orderWorld(t)
  const order = await seedOrder(t, w)
  return { w, order }
}
