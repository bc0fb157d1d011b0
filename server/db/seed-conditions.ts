import { and, asc, eq } from 'drizzle-orm'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { openOrganizationChannels } from './chat-counters.ts'
import type { Db, Tx } from './client.ts'
import {
  conditionBuyers,
  conditionPartners,
  conditionPaymentTerms,
  conditionProducts,
  conditionRules,
  conditions,
  conditionSellers,
  customers,
  memberships,
  organizations,
  products,
  users,
} from './schema/index.ts'

const SOL = withCheckDigits('112223330001')
const REDE = withCheckDigits('223334440001')
export const LOGISTICA_EXPRESS = withCheckDigits('101112130001')
/** Distribuidora Sol's tokenbase code, which its tokenbase payment terms are computed under. */
export const SOL_TOKENBASE = 'SOL-TOKEN-2026'
/** Valid for app/domain/pricing/formula.ts: the term's percentage is half the condition's discount plus 0,75. */
export const DEMO_TOKENBASE_FORMULA = '(desconto + 1,5) / 2'

export const DEMO_CONDITIONS = { generics: 'Tabela Genéricos Novembro', net: 'Tabela Líquida Rede' } as const

type Person = { name: string; email: string; passwordHash: string }

/**
 * The generics table's validity: from the first day of the seeding day's month to the last day of the
 * next month (São Paulo's date, as the market reads it), so a demo seeded any day finds it open for
 * weeks. Fixed dates closed it, and emptied the market, once their month passed.
 */
export function demoValidity(now = new Date()) {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now).split('-').map(Number)
  const lastOfNext = new Date(Date.UTC(year, month + 1, 0))
  return { inicio: `${year}-${String(month).padStart(2, '0')}-01`, fim: lastOfNext.toISOString().slice(0, 10) }
}

/** The OL of the demo: written once, found again by its CNPJ and its admin's e-mail. */
async function logisticaExpress(tx: Tx, eduardo: Person) {
  await tx.insert(users).values(eduardo).onConflictDoNothing()
  const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.email, eduardo.email))
  let [org] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, LOGISTICA_EXPRESS))
  if (!org) {
    ;[org] = await tx
      .insert(organizations)
      .values({
        tipo: 'f',
        nome: 'Logística Express',
        razaoSocial: 'Logística Express Ltda',
        cnpj: LOGISTICA_EXPRESS,
        active: true,
        plano: 'P',
        cidade: 'Guarulhos',
        uf: 'SP',
        createdBy: person.id,
      })
      .returning({ id: organizations.id })
    await openOrganizationChannels(tx, { id: org.id, tipo: 'f', bandeiraId: null })
  }
  await tx.insert(memberships).values({ userId: person.id, organizationId: org.id, isAdmin: true }).onConflictDoNothing()
  return org.id
}

/**
 * Distribuidora Sol's two conditions: 'Tabela Genéricos Novembro', discounts over the list
 * price, served also by the OL Logística Express, which accepted with 2% extra and serves the flag Rede Farma Mais; and 'Tabela Líquida
 * Rede', net prices, with a tokenbase payment term and a progressive rule (2% from 50 units). Both sell
 * to Sol's customers (the first also to the whole flag Rede Farma Mais) on 'Boleto 28 dias'. Runs on a
 * fresh seed and on a data folder seeded before conditions existed; written once: a Sol that has
 * conditions already is left as it is.
 */
export async function seedConditions(db: Db, eduardo: Person) {
  const [sol] = await db.select({ id: organizations.id, tokenbase: organizations.tokenbase }).from(organizations).where(eq(organizations.cnpj, SOL))
  if (!sol) return false
  const [has] = await db.select({ id: conditions.id }).from(conditions).where(eq(conditions.organizationId, sol.id)).limit(1)
  if (has) return false
  await db.transaction(async (tx) => {
    const olId = await logisticaExpress(tx, eduardo)
    if (!sol.tokenbase) await tx.update(organizations).set({ tokenbase: SOL_TOKENBASE }).where(eq(organizations.id, sol.id))
    const catalogue = await tx
      .select({ id: products.id, preco: products.precoCentavos })
      .from(products)
      .where(and(eq(products.organizationId, sol.id), eq(products.ativo, true)))
      .orderBy(asc(products.id))
      .limit(50)
    const buyers = await tx.select({ id: customers.id }).from(customers).where(eq(customers.sellerId, sol.id)).orderBy(asc(customers.id))
    const [rede] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, REDE))
    const [ana] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'ana@distribuidorasol.com.br'))

    const [generics, net] = await tx
      .insert(conditions)
      .values([
        { organizationId: sol.id, nome: DEMO_CONDITIONS.generics, tipoTabela: 'D', ...demoValidity(), minimoValorCentavos: 30_000 },
        { organizationId: sol.id, nome: DEMO_CONDITIONS.net, tipoTabela: 'L', minimoQuantidade: 12, colunas: ['ean', 'marca', 'preco_lista', 'preco_final', 'qtd_min', 'multiplo'] },
      ])
      .returning({ id: conditions.id })

    // Discounts from 3% to 15%, always the same (no Math.random), on the first 30 products.
    const discounted = catalogue.slice(0, 30).map((p, i) => ({ conditionId: generics.id, productId: p.id, desconto: String(3 + ((i * 7) % 13)) }))
    // Net prices 8% to 17% under the list price, in whole centavos rounded half up, on the next 20.
    const netLines = catalogue.slice(30, 50).map((p, i) => {
      const off = 8 + (i % 10)
      return { conditionId: net.id, productId: p.id, precoLiquidoCentavos: Math.floor((p.preco * (100 - off) + 50) / 100), qtdMin: i % 4 === 0 ? 6 : 1, multiplo: i % 4 === 0 ? 6 : 1 }
    })
    if (discounted.length) await tx.insert(conditionProducts).values(discounted)
    if (netLines.length) await tx.insert(conditionProducts).values(netLines)

    const [olRow] = await tx
      .insert(conditionPartners)
      .values({ conditionId: generics.id, partnerId: olId, status: 'aceito', descontoExtra: '2', respondidoEm: new Date() })
      .returning({ id: conditionPartners.id })
    // The OL serves the whole flag: Farmácia Central finds the generics both from Sol and, 2% cheaper, through it.
    if (rede) await tx.insert(conditionBuyers).values({ conditionId: generics.id, conditionPartnerId: olRow.id, bandeiraId: rede.id })

    for (const conditionId of [generics.id, net.id]) {
      if (buyers.length) await tx.insert(conditionBuyers).values(buyers.map((b) => ({ conditionId, customerId: b.id })))
      if (ana) await tx.insert(conditionSellers).values({ conditionId, userId: ana.id })
    }
    if (rede) await tx.insert(conditionBuyers).values({ conditionId: generics.id, bandeiraId: rede.id })

    await tx.insert(conditionPaymentTerms).values([
      { conditionId: generics.id, nome: 'Boleto 28 dias', prazoDias: 28, minimoCentavos: 50_000 },
      { conditionId: net.id, nome: 'Boleto 28 dias', prazoDias: 28, minimoCentavos: 50_000 },
      { conditionId: net.id, nome: 'Tokenbase à vista', prazoDias: 0, formula: DEMO_TOKENBASE_FORMULA },
    ])
    await tx.insert(conditionRules).values({ conditionId: net.id, nome: 'Progressivo a partir de 50 unidades', tipo: 'Q', minimo: 50, desconto: '2' })
  })
  return true
}
