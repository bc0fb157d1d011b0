import { conditionBuyers, conditionPartners, conditionPaymentTerms, conditionProducts, conditionRules, conditions, customers, products } from '../../server/db/schema/index.ts'
import { createOrganization, newUser, uniqueCnpj, type TestApi } from './harness.ts'

/**
 * A seller on a paid plan with one condition open to a buyer, directly and through an OL (2% extra):
 * products A (R$ 10,00, 10% off, min 6, pack 6), B (R$ 25,00, 10% off) and C (R$ 3,33, 10% off, max 50),
 * a payment term without formula and one with 'desconto / 2' (the seller has a tokenbase code).
 */
export async function checkoutWorld(t: TestApi, options: { minimoValorCentavos?: number; minimoQuantidade?: number } = {}) {
  const buyerUser = await newUser(t, 'Compradora')
  const colleague = await newUser(t, 'Colega Compradora')
  const sellerUser = await newUser(t, 'Vendedor')
  const buyer = await createOrganization(t, { nome: 'Farmácia Compradora', tipo: 'v' }, [{ userId: buyerUser.id, isAdmin: true }, { userId: colleague.id }])
  const seller = await createOrganization(t, { nome: 'Distribuidora Vendedora', plano: 'P', tokenbase: 'TK-123' }, [{ userId: sellerUser.id, isAdmin: true }])
  const ol = await createOrganization(t, { nome: 'OL Parceiro' })
  const [customer] = await t.db.insert(customers).values({ sellerId: seller.id, customerOrgId: buyer.id, cnpj: buyer.cnpj, nome: buyer.nome }).returning()
  const [condition] = await t.db
    .insert(conditions)
    .values({ organizationId: seller.id, nome: 'Tabela Verão', minimoValorCentavos: options.minimoValorCentavos ?? 0, minimoQuantidade: options.minimoQuantidade ?? 0 })
    .returning()
  const [a, b, c] = await t.db
    .insert(products)
    .values([
      { organizationId: seller.id, codigo: 'A', nome: 'Água Sol 500 ml', marca: 'Sol', categoria: 'Bebidas', precoCentavos: 1000 },
      { organizationId: seller.id, codigo: 'B', nome: 'Sabão Lua', marca: 'Lua', categoria: 'Limpeza', precoCentavos: 2500 },
      { organizationId: seller.id, codigo: 'C', nome: 'Chiclete Mar', marca: 'Mar', categoria: 'Doces', precoCentavos: 333 },
    ])
    .returning()
  await t.db.insert(conditionProducts).values([
    { conditionId: condition.id, productId: a.id, desconto: '10', qtdMin: 6, multiplo: 6 },
    { conditionId: condition.id, productId: b.id, desconto: '10' },
    { conditionId: condition.id, productId: c.id, desconto: '10', qtdMax: 50 },
  ])
  const [partner] = await t.db.insert(conditionPartners).values({ conditionId: condition.id, partnerId: ol.id, status: 'aceito', descontoExtra: '2' }).returning()
  await t.db.insert(conditionBuyers).values([
    { conditionId: condition.id, customerId: customer.id },
    { conditionId: condition.id, conditionPartnerId: partner.id, customerId: customer.id },
  ])
  const [boleto, token] = await t.db
    .insert(conditionPaymentTerms)
    .values([
      { conditionId: condition.id, nome: 'Boleto 28 dias', prazoDias: 28 },
      { conditionId: condition.id, nome: 'Tokenbase 7 dias', prazoDias: 7, formula: 'desconto / 2' },
    ])
    .returning()
  return { buyerUser, colleague, sellerUser, buyer, seller, ol, customer, condition, a, b, c, partner, boleto, token }
}

export type CheckoutWorld = Awaited<ReturnType<typeof checkoutWorld>>

/** Puts a product in the buyer's cart of the offer; returns the answer. */
export function addToCart(t: TestApi, w: CheckoutWorld, productId: number, quantidade: number, options: { parceiro_id?: number | null; token?: string } = {}) {
  return t.post(
    '/api/checkout/addCheckoutProdutoCondicao',
    { organizacao_id: w.buyer.id, condicao_id: w.condition.id, parceiro_id: options.parceiro_id ?? null, produto_id: productId, quantidade },
    { token: options.token ?? w.buyerUser.token },
  )
}

