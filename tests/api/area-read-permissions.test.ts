import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AREA_READERS, READ_REFUSALS, type ReadArea } from '../../app/domain/team/area-readers.ts'
import { PERMISSION_IDS } from '../../app/domain/team/permissions.ts'
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../../server/db/seed.ts'
import { DEMO_READER_ROLE } from '../../server/db/seed-roles.ts'
import { cargos, conditionPartners, conditions, memberships, olBlacklist, organizations } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, memberWith, newUser, type TestApi } from './harness.ts'

/**
 * Decision 042: one rule per area for its list, its export and its import template. Admins and roles holding the
 * area's 'Ver' or 'Gerenciar' permission read it; a role with other areas' permissions only, or no role, gets 403
 * with the permission to ask for.
 */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

type User = Awaited<ReturnType<typeof newUser>>

const REFUSAL = READ_REFUSALS

/** A GET as the web app makes it; a spreadsheet answers bytes, anything else JSON. */
async function read(url: string, token: string) {
  const res = await t.api.fetch(new Request(`http://api.test${url}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } }), { clientIp: '203.0.113.42' })
  const type = res.headers.get('content-type') ?? ''
  const body = type.includes('json') ? await res.json() : await res.arrayBuffer()
  return { status: res.status, type, body: body as { message?: string } }
}

/** A seller with one member of each kind: admin, the area's 'Ver', its 'Gerenciar', every other area's permissions, no role. */
async function team(area: ReadArea) {
  const admin = await newUser(t, 'Admin')
  const org = await createOrganization(t, { nome: `Distribuidora ${area}`, tipo: 'f' }, [{ userId: admin.id, isAdmin: true }])
  const [view, manage] = AREA_READERS[area]
  const others = PERMISSION_IDS.filter((p) => !(AREA_READERS[area] as readonly string[]).includes(p))
  const noRole = await newUser(t, 'Sem cargo')
  await t.db.insert(memberships).values({ organizationId: org.id, userId: noRole.id, isAdmin: false })
  const members: [string, User, boolean][] = [
    ['admin', admin, true],
    [`role with '${view}'`, await memberWith(t, org.id, [view]), true],
    [`role with '${manage}'`, await memberWith(t, org.id, [manage]), true],
    ["role with every other area's permissions", await memberWith(t, org.id, others), false],
    ['member without a role', noRole, false],
  ]
  return { org, members }
}

/** Every reader of the area gets 200 from each call; every other member 403 with the area's refusal. */
async function expectOneRule(area: ReadArea, members: [string, User, boolean][], urls: string[]) {
  for (const [who, user, reads] of members) {
    for (const url of urls) {
      const res = await read(url, user.token)
      if (reads) expect(res.status, `${who} GET ${url}`).toBe(200)
      else {
        expect(res.status, `${who} GET ${url}`).toBe(403)
        expect(res.body.message, `${who} GET ${url}`).toBe(REFUSAL[area])
      }
    }
  }
}

describe('products', () => {
  test('the list, its filters, the export and the template', async () => {
    const { org, members } = await team('produtos')
    await expectOneRule('produtos', members, [
      `/api/condicoes/restoreCatalogo/${org.id}`,
      `/api/condicoes/catalogoFiltros/${org.id}`,
      `/api/condicoes/exportProdutos/${org.id}`,
      `/api/planilhas/modelo/${org.id}/produtos`,
    ])
  })
})

describe('customers', () => {
  test('the list, a CNPJ lookup, the payment methods, the export and the template', async () => {
    const { org, members } = await team('clientes')
    await expectOneRule('clientes', members, [
      `/api/empresas/restoreClientes/${org.id}/20/null/todos/nome`,
      `/api/empresas/findCliente/${org.id}/${org.cnpj}`,
      `/api/empresas/restorePagamentos/${org.id}/null`,
      `/api/empresas/exportClientes/${org.id}`,
      `/api/planilhas/modelo/${org.id}/clientes`,
    ])
  })
})

describe('conditions', () => {
  test("the list, a condition and its price lines, buyers, OLs, sellers, terms and rules, their exports and templates", async () => {
    const { org, members } = await team('condicoes')
    const [condition] = await t.db.insert(conditions).values({ organizationId: org.id, nome: 'Tabela Leitura' }).returning()
    await expectOneRule('condicoes', members, [
      `/api/condicoes/restoreCondicoes/${org.id}/20/null/null/null/null/C`,
      `/api/simulador/restoreCondicoes/${org.id}/20/null/null/null/null/C`,
      `/api/condicoes/restoreCondicoesAcoes/${org.id}/1`,
      `/api/condicoes/restoreCondicao/${condition.id}`,
      `/api/condicoes/restoreCondicaoProdutos/${org.id}/${condition.id}/20/null/null/null`,
      `/api/condicoes/restoreCompradores/${condition.id}/20/null/T`,
      `/api/condicoes/restoreParceiros/${condition.id}`,
      `/api/condicoes/restoreVendedores/${condition.id}/20/null`,
      `/api/condicoes/restorePagamentos/${condition.id}/asc/prazo_dias`,
      `/api/condicoes/restoreRules/${condition.id}`,
      `/api/condicoes/searchRegra/${org.id}`,
      `/api/condicoes/exportCondicao/${condition.id}`,
      `/api/condicoes/exportCompradores/${condition.id}`,
      `/api/planilhas/modelo/${org.id}/condicao`,
      `/api/planilhas/modelo/${org.id}/compradores`,
    ])
  })

  test("an OL's members read the conditions it serves as members of the OL, as before; its blacklist is its own area's", async () => {
    const seller = await newUser(t, 'Vendedora')
    const sellerOrg = await createOrganization(t, { nome: 'Indústria Vendedora' }, [{ userId: seller.id, isAdmin: true }])
    const [condition] = await t.db.insert(conditions).values({ organizationId: sellerOrg.id, nome: 'Tabela Servida' }).returning()
    const olAdmin = await newUser(t, 'OL')
    const ol = await createOrganization(t, { nome: 'Logística Parceira' }, [{ userId: olAdmin.id, isAdmin: true }])
    await t.db.insert(conditionPartners).values({ conditionId: condition.id, partnerId: ol.id, status: 'aceito' })
    const buyer = await createOrganization(t, { nome: 'Farmácia Bloqueada', tipo: 'v' })
    await t.db.insert(olBlacklist).values({ olId: ol.id, buyerId: buyer.id, tipo: 'C' })
    const noRole = await newUser(t, 'Sem cargo')
    await t.db.insert(memberships).values({ organizationId: ol.id, userId: noRole.id, isAdmin: false })
    const viewer = await memberWith(t, ol.id, ['condicoes_ver'])

    for (const url of [`/api/condicoes/restoreCondicao/${condition.id}?organizacao_id=${ol.id}`, `/api/condicoes/restoreCondicoes/${ol.id}/20/null/null/null/null/O`]) {
      expect((await read(url, noRole.token)).status, url).toBe(200)
    }
    const blacklist = `/api/condicoes/restoreBlackList/${ol.id}/20/null`
    expect((await read(blacklist, viewer.token)).status).toBe(200)
    const refused = await read(blacklist, noRole.token)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(READ_REFUSALS.condicoes)
    // Reading is not keeping it: blocking still needs 'Gerenciar condições'.
    const blocked = await t.post('/api/condicoes/addBlackList', { ol_id: ol.id, compradores: [{ id: buyer.id, tipo: 'C' }] }, { token: viewer.token })
    expect(blocked.status).toBe(403)
  })
})

describe('the demo', () => {
  test("Carla's role in Distribuidora Sol reads its products, customers and conditions, not its orders; a folder seeded before gets it", async () => {
    await seedDemo(t.db)
    const carla = await t.post('/api/login', { email: DEMO_USERS.carla.email, password: DEMO_PASSWORD }, { ip: t.nextIp() })
    const [sol] = await t.db.select().from(organizations).where(eq(organizations.nome, 'Distribuidora Sol'))
    const held = async () => (await t.get(`/api/empresas/profile/${sol.id}`, { token: carla.body.token })).body.permissoes
    expect(await held()).toEqual(['produtos_ver', 'condicoes_ver', 'clientes_ver'])
    expect((await read(`/api/condicoes/restoreCatalogo/${sol.id}`, carla.body.token)).status).toBe(200)
    // As an older demo had it: Carla in Sol without a role.
    await t.db.delete(cargos).where(and(eq(cargos.organizationId, sol.id), eq(cargos.nome, DEMO_READER_ROLE.nome)))
    expect(await held()).toEqual([])
    await seedDemo(t.db)
    expect(await held()).toEqual(['produtos_ver', 'condicoes_ver', 'clientes_ver'])
    expect(await t.db.select().from(cargos).where(eq(cargos.organizationId, sol.id))).toHaveLength(1)
  })
})

describe('writes keep their permission', () => {
  test("a role that reads an area changes nothing in it", async () => {
    const admin = await newUser(t, 'Admin')
    const org = await createOrganization(t, { nome: 'Distribuidora Escrita' }, [{ userId: admin.id, isAdmin: true }])
    const viewer = await memberWith(t, org.id, ['produtos_ver', 'clientes_ver', 'condicoes_ver'])
    const [condition] = await t.db.insert(conditions).values({ organizationId: org.id, nome: 'Tabela Fixa' }).returning()
    const writes = [
      await t.post('/api/condicoes/createProduct', { organizacao_id: org.id, nome: 'Sabonete', codigo: 'S-1', preco: '1,00' }, { token: viewer.token }),
      await t.post('/api/empresas/createCliente', { organizacao_id: org.id, cnpj: '11222333000181', nome: 'Farmácia' }, { token: viewer.token }),
      await t.post('/api/condicoes/updateCondicao', { condicao_id: condition.id, nome: 'Outra' }, { token: viewer.token }),
    ]
    for (const res of writes) expect(res.status, JSON.stringify(res.body)).toBe(403)
  })
})
