import { eq } from 'drizzle-orm'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import { sha256 } from '../security/tokens.ts'
import { openChannel } from './chat-channels.ts'
import { openOrganizationChannels, rebuildChatCounters } from './chat-counters.ts'
import { linkCustomer } from './customer-link.ts'
import { seedConditions } from './seed-conditions.ts'
import { seedCustomers } from './seed-customers.ts'
import { seedProducts } from './seed-products.ts'
import { seedRoles } from './seed-roles.ts'
import type { Db } from './client.ts'
import { chatMessages, chatReads, memberships, organizationInvites, organizationLinks, organizations, users, verticals, virtualStores } from './schema/index.ts'

export const DEMO_PASSWORD = 'demo12345'
/**
 * DEMO_PASSWORD hashed once with the production argon2id parameters (tests/unit/passwords.test.ts checks
 * both): every start on an empty database seeds without paying for a hash. The password is public (README).
 */
export const DEMO_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$6NJfzsMC05AZDG8cHCGQJg$sczWhffjG7MPNPA17Hv4DE3whMe+DJ2nVfawDRksIeY'

/** README lists these logins. */
export const DEMO_USERS = {
  ana: { name: 'Ana Paula Lima', email: 'ana@distribuidorasol.com.br' },
  bruno: { name: 'Bruno Costa', email: 'bruno@farmaciacentral.com.br' },
  carla: { name: 'Carla Mendes', email: 'carla@revendanorte.com.br' },
  davi: { name: 'Davi Rocha', email: 'davi@novo.com.br' },
  /** Admin of Logística Express, the OL of Distribuidora Sol's generics condition (server/db/seed-conditions.ts). */
  eduardo: { name: 'Eduardo Alves', email: 'eduardo@logisticaexpress.com.br' },
} as const

/** Invite links of the demo, each usable once: /login-new/{token}. */
/** The demo's virtual store (Rede Farma Mais, Pro ∞). */
export const DEMO_STORE = 'rede-farma-mais'

export const DEMO_INVITES = {
  cliente: 'convite-demo-farmacia',
  unidade: 'convite-demo-unidade',
  fornecedor: 'convite-demo-fornecedor',
} as const

const VERTICALS = ['Farma', 'Alimentos', 'Cosméticos', 'Pet', 'Construção', 'Bebidas', 'Higiene e Limpeza']

/** Demo data. The people and companies are written once; each later part fills in what an older demo folder lacks. */
export async function seedDemo(db: Db) {
  const created = await seedPeopleAndCompanies(db)
  await seedProducts(db)
  await seedCustomers(db)
  await seedConditions(db, { ...DEMO_USERS.eduardo, passwordHash: DEMO_PASSWORD_HASH })
  await seedRoles(db)
  return created
}

/** Written once: a second start finds Ana and leaves everything as it is. */
async function seedPeopleAndCompanies(db: Db) {
  const [already] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_USERS.ana.email))
  if (already) return false
  const passwordHash = DEMO_PASSWORD_HASH
  await db.transaction(async (tx) => {
    const vs = await tx.insert(verticals).values(VERTICALS.map((nome) => ({ nome }))).returning()
    const farma = vs[0].id
    const u = await tx
      .insert(users)
      .values(Object.values(DEMO_USERS).map((d) => ({ ...d, passwordHash })))
      .returning()
    const [ana, bruno, carla] = u
    const org = (tipo: string, nome: string, base: string, extra: Partial<typeof organizations.$inferInsert> = {}) => ({
      tipo,
      nome,
      razaoSocial: `${nome} Ltda`,
      cnpj: withCheckDigits(base),
      verticalId: farma,
      active: true,
      cidade: 'São Paulo',
      uf: 'SP',
      ...extra,
    })
    const [sol, rede, central, norte, praca] = await tx
      .insert(organizations)
      .values([
        org('f', 'Distribuidora Sol', '112223330001', { plano: 'P', createdBy: ana.id, cartaoAdmin: true }),
        org('b', 'Rede Farma Mais', '223334440001', { plano: 'M', codigoBandeira: 'FARMAMAIS', createdBy: ana.id, cartaoAdmin: true }),
        org('v', 'Farmácia Central', '334445550001', { createdBy: bruno.id }),
        org('r', 'Revenda Norte', '445556660001', { createdBy: carla.id, cidade: 'Belém', uf: 'PA' }),
        // The alphanumeric CNPJ issued since July 2026.
        org('v', 'Drogaria da Praça', '12ABC34501DE', { createdBy: bruno.id, cidade: 'Campinas', feedback: true }),
      ])
      .returning()
    await tx.update(organizations).set({ bandeiraId: rede.id }).where(eq(organizations.id, central.id))
    // Rede Farma Mais is on Pro ∞: its virtual store is open at /loja/rede-farma-mais.
    await tx.insert(virtualStores).values({ organizationId: rede.id, slug: DEMO_STORE, texto: 'O catálogo da Rede Farma Mais para as farmácias da rede e parceiras.' })
    await tx.insert(memberships).values([
      { userId: ana.id, organizationId: sol.id, isAdmin: true },
      { userId: ana.id, organizationId: rede.id, isAdmin: true },
      { userId: bruno.id, organizationId: central.id, isAdmin: true },
      { userId: bruno.id, organizationId: praca.id, isAdmin: true },
      { userId: carla.id, organizationId: norte.id, isAdmin: true },
      { userId: carla.id, organizationId: sol.id, isAdmin: false, level: 2 },
    ])
    await tx.insert(organizationLinks).values({ organizationId: rede.id, partnerId: central.id, relacao: 'unidade' })
    for (const o of [sol, rede, { ...central, bandeiraId: rede.id }, norte, praca]) await openOrganizationChannels(tx, o)
    await linkCustomer(tx, sol.id, central.id)
    // A few conversations, all read, so the chat is not empty on the first visit.
    const team = (await openChannel(tx, 'I', sol.id)).channel
    const network = (await openChannel(tx, 'B', rede.id)).channel
    const customer = (await openChannel(tx, 'F', sol.id, central.id)).channel
    const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000)
    const said = await tx
      .insert(chatMessages)
      .values([
        { channelId: team.id, userId: ana.id, organizationId: sol.id, clientId: 'demo-1', kind: 'text', text: 'Equipe, a meta de novembro é 200 pedidos. Vamos!', highlighted: true, createdAt: ago(30) },
        { channelId: team.id, userId: carla.id, organizationId: sol.id, clientId: 'demo-2', kind: 'text', text: 'Bora! 💪', createdAt: ago(29) },
        { channelId: network.id, userId: ana.id, organizationId: rede.id, clientId: 'demo-3', kind: 'text', text: 'Unidades: a campanha de vacinação começa segunda.', createdAt: ago(26) },
        { channelId: customer.id, userId: bruno.id, organizationId: central.id, clientId: 'demo-4', kind: 'text', text: 'Bom dia! A tabela de novembro já vale para os genéricos?', createdAt: ago(3) },
        { channelId: customer.id, userId: ana.id, organizationId: sol.id, clientId: 'demo-5', kind: 'text', text: 'Bom dia, Bruno! Vale sim, com 5% a mais acima de 50 unidades.', createdAt: ago(2) },
      ])
      .returning({ id: chatMessages.id, channelId: chatMessages.channelId })
    const lastOf = (channelId: number) => Math.max(...said.filter((x) => x.channelId === channelId).map((x) => x.id))
    await tx.insert(chatReads).values([
      { channelId: team.id, userId: ana.id, lastReadId: lastOf(team.id) },
      { channelId: team.id, userId: carla.id, lastReadId: lastOf(team.id) },
      { channelId: network.id, userId: ana.id, lastReadId: lastOf(network.id) },
      { channelId: network.id, userId: bruno.id, lastReadId: lastOf(network.id) },
      { channelId: customer.id, userId: ana.id, lastReadId: lastOf(customer.id) },
      { channelId: customer.id, userId: bruno.id, lastReadId: lastOf(customer.id) },
      { channelId: customer.id, userId: carla.id, lastReadId: lastOf(customer.id) },
    ])
    // Written directly above: the header's counters from what is there (Rede's message to its units is a day old, unanswered).
    await rebuildChatCounters(tx)
    const expiresAt = new Date('2099-12-31T23:59:59Z')
    await tx.insert(organizationInvites).values([
      {
        tokenHash: sha256(DEMO_INVITES.cliente),
        nome: 'Farmácia Boa Saúde',
        cnpj: withCheckDigits('556667770001'),
        tipo: 'v',
        relacao: 'cliente',
        inviterOrganizationId: sol.id,
        expiresAt,
      },
      {
        tokenHash: sha256(DEMO_INVITES.unidade),
        nome: 'Drogaria Esperança',
        cnpj: withCheckDigits('667778880001'),
        tipo: 'v',
        relacao: 'unidade',
        inviterOrganizationId: rede.id,
        expiresAt,
      },
      {
        tokenHash: sha256(DEMO_INVITES.fornecedor),
        nome: 'Laboratório Vida',
        cnpj: withCheckDigits('778889990001'),
        tipo: 'f',
        relacao: 'fornecedor',
        inviterOrganizationId: central.id,
        expiresAt,
      },
    ])
  })
  return true
}
