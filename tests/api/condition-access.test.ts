import { afterAll, beforeAll, expect, test } from 'vitest'
import { READ_REFUSALS } from '../../app/domain/team/area-readers.ts'
import { conditionPartners, conditions, memberships } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, newUser, type TestApi } from './harness.ts'

/** restoreCondicao/{id}: who reaches a condition, and as what (server/api/conditions/access.ts). */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

async function world() {
  const sellerAdmin = await newUser(t, 'Vendedora')
  const olAdmin = await newUser(t, 'Operador')
  const both = await newUser(t, 'Das Duas')
  const stranger = await newUser(t, 'Estranha')
  const seller = await createOrganization(t, { nome: 'Distribuidora Dona' }, [{ userId: sellerAdmin.id, isAdmin: true }, { userId: both.id, isAdmin: true }])
  const ol = await createOrganization(t, { nome: 'Operador Logístico' }, [{ userId: olAdmin.id, isAdmin: true }, { userId: both.id }])
  const refused = await createOrganization(t, { nome: 'OL Que Recusou' }, [{ userId: stranger.id, isAdmin: true }])
  const [condition] = await t.db.insert(conditions).values({ organizationId: seller.id, nome: 'Tabela Outubro' }).returning()
  await t.db.insert(conditionPartners).values([
    { conditionId: condition.id, partnerId: ol.id, descontoExtra: '2.5', status: 'pendente' },
    { conditionId: condition.id, partnerId: refused.id, status: 'recusado' },
  ])
  return { sellerAdmin, olAdmin, both, stranger, seller, ol, condition }
}

test("the seller's members read it as the seller", async () => {
  const w = await world()
  const res = await t.get(`/api/condicoes/restoreCondicao/${w.condition.id}`, { token: w.sellerAdmin.token })
  expect(res.status).toBe(200)
  expect(res.body).toMatchObject({ acesso: 'vendedor', parceiro: null, vendedor: { id: w.seller.id, nome: 'Distribuidora Dona' } })
  expect(res.body.condicao).toMatchObject({ id: w.condition.id, nome: 'Tabela Outubro', tipo_tabela: 'D', ativo: true, minimo_valor_centavos: 0 })
})

test('an invited OL reads it with its own terms, even before accepting', async () => {
  const w = await world()
  const res = await t.get(`/api/condicoes/restoreCondicao/${w.condition.id}`, { token: w.olAdmin.token })
  expect(res.status).toBe(200)
  expect(res.body).toMatchObject({ acesso: 'ol', parceiro: { organizacao_id: w.ol.id, nome: 'Operador Logístico', desconto_extra: '2.5000', status: 'pendente' } })
})

test('someone in both companies sees the side of the company they act for', async () => {
  const w = await world()
  const asOl = await t.get(`/api/condicoes/restoreCondicao/${w.condition.id}?organizacao_id=${w.ol.id}`, { token: w.both.token })
  expect(asOl.body.acesso).toBe('ol')
  const asSeller = await t.get(`/api/condicoes/restoreCondicao/${w.condition.id}?organizacao_id=${w.seller.id}`, { token: w.both.token })
  expect(asSeller.body.acesso).toBe('vendedor')
  const unsaid = await t.get(`/api/condicoes/restoreCondicao/${w.condition.id}`, { token: w.both.token })
  expect(unsaid.body.acesso).toBe('vendedor')
})

test("a seller's member whose role does not read the conditions is told which permission to ask for; as a member of the OL, it reads the OL's side", async () => {
  const w = await world()
  const user = await newUser(t, 'Sem cargo')
  await t.db.insert(memberships).values([
    { organizationId: w.seller.id, userId: user.id },
    { organizationId: w.ol.id, userId: user.id },
  ])
  for (const query of [`?organizacao_id=${w.seller.id}`, '']) {
    const refused = await t.get(`/api/condicoes/restoreCondicao/${w.condition.id}${query}`, { token: user.token })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe(READ_REFUSALS.condicoes)
  }
  const asOl = await t.get(`/api/condicoes/restoreCondicao/${w.condition.id}?organizacao_id=${w.ol.id}`, { token: user.token })
  expect(asOl.body.acesso).toBe('ol')
})

test("an OL that refused, a stranger, an OL claiming to be the seller and a missing id all get the same 404", async () => {
  const w = await world()
  const missing = await t.get('/api/condicoes/restoreCondicao/2147483647', { token: w.sellerAdmin.token })
  expect(missing.status).toBe(404)
  for (const [token, query] of [
    [w.stranger.token, ''],
    [w.olAdmin.token, `?organizacao_id=${w.seller.id}`],
    [w.sellerAdmin.token, `?organizacao_id=${w.ol.id}`],
  ] as const) {
    const res = await t.get(`/api/condicoes/restoreCondicao/${w.condition.id}${query}`, { token })
    expect(res.status).toBe(404)
    expect(res.body).toEqual(missing.body)
  }
})
