import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { virtualStoreMessages as m } from '../../app/domain/virtual-store/messages.ts'
import { NOT_A_MEMBER } from '../../server/api/organizations/membership.ts'
import { organizations, products } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectValidation, memberWith, newUser, type TestApi } from './harness.ts'

/**
 * The virtual store: restorePlaceholder and storePlaceholder for the company's members (the store is Pro ∞'s, the
 * settings need the 'empresa' permission), and its public page, which anyone reads without logging in: the active
 * products, no prices, and nothing at all once the plan no longer has the store.
 */

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

let serial = 0
async function seller(plano = 'M') {
  const admin = await newUser(t, 'Administradora da Loja')
  const org = await createOrganization(t, { nome: `Distribuidora da Loja ${++serial}`, tipo: 'f', plano }, [{ userId: admin.id, isAdmin: true }])
  return { org, admin }
}
const slugOf = (label: string) => `loja-${label}-${Date.now().toString(36)}-${++serial}`
const store = (token: string, body: object) => t.post('/api/empresas/storePlaceholder', body, { token })

describe('restorePlaceholder and storePlaceholder', () => {
  test('a Pro ∞ company saves its address and text; the link is its public page; members read it, strangers do not', async () => {
    const s = await seller()
    const before = await t.get(`/api/empresas/restorePlaceholder/${s.org.id}`, { token: s.admin.token })
    expect(before).toMatchObject({ status: 200, body: { loja: null, disponivel: true } })
    const slug = slugOf('sol')
    const saved = await store(s.admin.token, { organizacao_id: s.org.id, slug: `  ${slug.toUpperCase()} `, texto: 'Bem-vindo!' })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ message: m.saved, loja: { slug, texto: 'Bem-vindo!', link: expect.stringMatching(new RegExp(`/loja/${slug}$`)) } })
    const member = await memberWith(t, s.org.id, [])
    const read = await t.get(`/api/empresas/restorePlaceholder/${s.org.id}`, { token: member.token })
    expect(read.body.loja.slug).toBe(slug)
    // A member without the 'empresa' permission reads it but may not change it.
    expect((await store(member.token, { organizacao_id: s.org.id, slug: slugOf('x'), texto: '' })).status).toBe(403)
    const stranger = await newUser(t, 'De Fora')
    expect(await t.get(`/api/empresas/restorePlaceholder/${s.org.id}`, { token: stranger.token })).toMatchObject({ status: 403, body: { message: NOT_A_MEMBER } })
    expect((await store(stranger.token, { organizacao_id: s.org.id, slug: slugOf('y'), texto: '' })).status).toBe(403)
  })

  test('a plan without the store is refused with the plan’s message, and says it is not available', async () => {
    const s = await seller('U')
    expect((await t.get(`/api/empresas/restorePlaceholder/${s.org.id}`, { token: s.admin.token })).body.disponivel).toBe(false)
    expect(await store(s.admin.token, { organizacao_id: s.org.id, slug: slugOf('u'), texto: '' })).toMatchObject({ status: 403, body: { message: m.notInPlan } })
  })

  test('an address is checked and belongs to one store only, even when two companies claim it at once', async () => {
    const a = await seller()
    const b = await seller()
    expectValidation(await store(a.admin.token, { organizacao_id: a.org.id, slug: '-ab', texto: '' }), { slug: [m.slugInvalid] })
    expectValidation(await store(a.admin.token, { organizacao_id: a.org.id, slug: 'com espaço', texto: '' }), { slug: [m.slugInvalid] })
    expectValidation(await store(a.admin.token, { organizacao_id: a.org.id, slug: 'ok-slug', texto: 'x'.repeat(501) }), { texto: [m.textTooLong] })
    const slug = slugOf('disputa')
    const answers = await Promise.all([store(a.admin.token, { organizacao_id: a.org.id, slug, texto: '' }), store(b.admin.token, { organizacao_id: b.org.id, slug, texto: '' })])
    expect(answers.map((r) => r.status).sort()).toEqual([200, 422])
    expect(answers.find((r) => r.status === 422)!.body.errors).toEqual({ slug: [m.slugTaken] })
    // The company that has it may save it again (its text changes).
    const owner = answers[0].status === 200 ? a : b
    expect((await store(owner.admin.token, { organizacao_id: owner.org.id, slug, texto: 'Novo texto' })).status).toBe(200)
  })
})

describe('the public page (api/loja/{slug})', () => {
  test('anyone reads the company and its active products, without prices, searched and paginated; not once the plan lost the store', async () => {
    const s = await seller()
    const slug = slugOf('publica')
    await store(s.admin.token, { organizacao_id: s.org.id, slug, texto: 'Catálogo completo.' })
    const rows = Array.from({ length: 30 }, (_, i) => ({
      organizationId: s.org.id,
      codigo: `LOJA-${i + 1}`,
      nome: `Produto ${String(i + 1).padStart(2, '0')}${i === 3 ? ' Dipirona Sódica' : ''}`,
      precoCentavos: 1000 + i,
      ativo: i !== 29,
    }))
    await t.db.insert(products).values(rows)
    const first = await t.get(`/api/loja/${slug}`)
    expect(first.status).toBe(200)
    expect(first.body.loja).toMatchObject({ nome: s.org.nome, texto: 'Catálogo completo.' })
    expect(first.body.produtos).toMatchObject({ total: 29, current_page: 1, last_page: 2, per_page: 24 })
    expect(first.body.produtos.data[0]).toEqual({ id: expect.any(Number), nome: 'Produto 01', marca: null, categoria: null, ean: null, codigo: 'LOJA-1', unidade: 'UN', embalagem: 1 })
    expect(JSON.stringify(first.body)).not.toMatch(/preco|1000/)
    const second = await t.get(`/api/loja/${slug}?page=2`)
    expect(second.body.produtos.data).toHaveLength(5)
    const found = await t.get(`/api/loja/${slug}?search=${encodeURIComponent('dipirona sodica')}`)
    expect(found.body.produtos.data.map((p: { nome: string }) => p.nome)).toEqual(['Produto 04 Dipirona Sódica'])

    await t.db.update(organizations).set({ plano: 'U' }).where(eq(organizations.id, s.org.id))
    expect(await t.get(`/api/loja/${slug}`)).toMatchObject({ status: 404, body: { message: m.notFound } })
    expect(await t.get('/api/loja/nao-existe-esta')).toMatchObject({ status: 404, body: { message: m.notFound } })
  })
})
