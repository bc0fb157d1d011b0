import { and, eq, inArray } from 'drizzle-orm'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import type { Db } from './client.ts'
import { linkCustomer } from './customer-link.ts'
import { customerPaymentMethods, customers, organizationInvites, organizations, paymentMethods, users } from './schema/index.ts'

const SOL = withCheckDigits('112223330001')
const CENTRAL = withCheckDigits('334445550001')
const PRACA = withCheckDigits('12ABC34501DE')
/** The company of the demo's pending 'cliente' invite (server/db/seed.ts). */
const BOA_SAUDE = withCheckDigits('556667770001')

const METHODS = [
  { nome: 'Boleto 28 dias', tipo: 'boleto', prazoDias: 28, valorMinimoCentavos: 50_000 },
  { nome: 'Pix', tipo: 'pix', prazoDias: 0, valorMinimoCentavos: 0 },
  { nome: 'Cartão de crédito', tipo: 'cartao', prazoDias: 30, valorMinimoCentavos: 10_000 },
  { nome: 'Crédito em carteira', tipo: 'credito', prazoDias: 0, valorMinimoCentavos: 0 },
] as const

type MethodName = (typeof METHODS)[number]['nome']

/** Customers not on the platform yet (pending); Empório Saúde is the blocked one of the demo. */
const PENDING: { cnpj: string; nome: string; contato: [string, string, string]; vendedor: 'ana' | 'carla'; bloqueado?: boolean; metodos: MethodName[] }[] = [
  { cnpj: BOA_SAUDE, nome: 'Farmácia Boa Saúde', contato: ['Marta Lopes', 'marta@boasaude.com.br', '11934567890'], vendedor: 'ana', metodos: ['Pix'] },
  { cnpj: withCheckDigits('889990001001'), nome: 'Mercado Bom Preço', contato: ['Otávio Reis', 'compras@bompreco.com.br', '1932104567'], vendedor: 'carla', metodos: ['Boleto 28 dias', 'Pix'] },
  { cnpj: withCheckDigits('9A8B7C6D0001'), nome: 'Drogaria Vida Nova', contato: ['Lúcia Prado', 'lucia@vidanova.com.br', '21987651234'], vendedor: 'carla', metodos: ['Pix', 'Cartão de crédito'] },
  { cnpj: withCheckDigits('990001110001'), nome: 'Empório Saúde', contato: ['Renato Dias', 'renato@emporiosaude.com.br', '1133221100'], vendedor: 'ana', bloqueado: true, metodos: [] },
]

/**
 * Distribuidora Sol's customers and payment methods, so the conditions and the market
 * have someone to sell to and ways to be paid. Runs on a fresh seed and on a data folder seeded before
 * this existed; written once: Sol with payment methods already is left as it is. Farmácia Central and
 * Drogaria da Praça stay unblocked: the market's demo buys with them.
 */
export async function seedCustomers(db: Db) {
  const [sol] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, SOL))
  if (!sol) return false
  const [hasMethods] = await db.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.organizationId, sol.id)).limit(1)
  if (hasMethods) return false
  await db.transaction(async (tx) => {
    const people = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, ['ana@distribuidorasol.com.br', 'carla@revendanorte.com.br']))
    const userId = (email: string) => people.find((p) => p.email === email)?.id ?? null
    const vendedor = { ana: userId('ana@distribuidorasol.com.br'), carla: userId('carla@revendanorte.com.br') }

    const methods = await tx
      .insert(paymentMethods)
      .values(METHODS.map((m) => ({ ...m, organizationId: sol.id })))
      .returning({ id: paymentMethods.id, nome: paymentMethods.nome })
    const methodId = (nome: MethodName) => methods.find((m) => m.nome === nome)!.id

    const platform = await tx
      .select({ id: organizations.id, cnpj: organizations.cnpj })
      .from(organizations)
      .where(inArray(organizations.cnpj, [CENTRAL, PRACA]))
    for (const org of platform) await linkCustomer(tx, sol.id, org.id)
    const linked: { cnpj: string; contato: [string, string, string]; vendedor: number | null; metodos: MethodName[] }[] = [
      { cnpj: CENTRAL, contato: ['Bruno Costa', 'bruno@farmaciacentral.com.br', '11987654321'], vendedor: vendedor.ana, metodos: METHODS.map((m) => m.nome) },
      { cnpj: PRACA, contato: ['Bruno Costa', 'compras@drogariadapraca.com.br', '19998877665'], vendedor: vendedor.carla, metodos: ['Boleto 28 dias', 'Pix', 'Cartão de crédito'] },
    ]
    const allowed: { customerId: number; paymentMethodId: number }[] = []
    for (const c of linked) {
      const [contatoNome, contatoEmail, contatoTelefone] = c.contato
      const [row] = await tx
        .update(customers)
        .set({ contatoNome, contatoEmail, contatoTelefone, vendedorId: c.vendedor, bloqueado: false })
        .where(and(eq(customers.sellerId, sol.id), eq(customers.cnpj, c.cnpj)))
        .returning({ id: customers.id })
      if (row) allowed.push(...c.metodos.map((m) => ({ customerId: row.id, paymentMethodId: methodId(m) })))
    }

    const [boaSaudeInvite] = await tx
      .select({ id: organizationInvites.id })
      .from(organizationInvites)
      .where(and(eq(organizationInvites.inviterOrganizationId, sol.id), eq(organizationInvites.cnpj, BOA_SAUDE)))
    const pending = await tx
      .insert(customers)
      .values(
        PENDING.map((c) => ({
          sellerId: sol.id,
          cnpj: c.cnpj,
          nome: c.nome,
          contatoNome: c.contato[0],
          contatoEmail: c.contato[1],
          contatoTelefone: c.contato[2],
          vendedorId: vendedor[c.vendedor],
          bloqueado: c.bloqueado ?? false,
          inviteId: c.cnpj === BOA_SAUDE ? (boaSaudeInvite?.id ?? null) : null,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: customers.id, cnpj: customers.cnpj })
    for (const row of pending) {
      const c = PENDING.find((p) => p.cnpj === row.cnpj)!
      allowed.push(...c.metodos.map((m) => ({ customerId: row.id, paymentMethodId: methodId(m) })))
    }
    if (allowed.length) await tx.insert(customerPaymentMethods).values(allowed).onConflictDoNothing()
  })
  return true
}
