import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { memberships, organizationContactLinks, organizationRestrictions, organizations } from '../../server/db/schema/index.ts'
import { createOrganization, createTestApi, expectPortuguese, expectValidation, maskCnpj, newUser, type TestApi } from './harness.ts'

let t: TestApi
beforeAll(async () => {
  t = await createTestApi()
})
afterAll(() => t.close())

const NO_ACCESS = { message: 'Você não tem acesso a esta organização.' }
const PER_PAGE_RANGE = 'Registros por página deve ser entre 1 e 100.'

type Page = { data: { organizacao_id: number; organizacao: { nome: string; tipo: string } }[]; current_page: number; last_page: number; per_page: number; total: number }

async function list(token: string, regPerPage: number | string, search = 'null', filter = 'null', page?: number | string) {
  const res = await t.get(`/api/OrgProfile/${regPerPage}/${search}/${filter}${page === undefined ? '' : `?page=${page}`}`, { token })
  return res as { status: number; body: { organizacoes: Page } & Record<string, any>; headers: Headers }
}
const names = (page: Page) => page.data.map((o) => o.organizacao.nome)

describe('GET /api/OrgProfile/{regPerPage}/{search}/{filter}?page', () => {
  test('401 without a token or with a bad one', async () => {
    for (const token of [undefined, '1|nao-e-um-token']) {
      const res = await t.get('/api/OrgProfile/10/null/null', { token })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Unauthenticated.' })
    }
  })

  test('a new user gets an empty page in the LengthAwarePaginator shape', async () => {
    const u = await newUser(t)
    const res = await list(u.token, 10)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ organizacoes: { data: [], current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null } })
  })

  test('lists the caller’s organizations with membership and organization fields', async () => {
    const u = await newUser(t)
    const org = await createOrganization(t, { nome: 'Distribuidora Sol', tipo: 'f', plano: 'P', avatar: 'https://cdn.exemplo.com.br/sol.png' }, [
      { userId: u.id, isAdmin: true, level: 2 },
    ])
    const res = await list(u.token, 10)
    expect(res.status).toBe(200)
    expect(res.body.organizacoes.data).toEqual([
      {
        organizacao_id: org.id,
        cnpj: org.cnpj,
        is_admin: true,
        user_level: 2,
        organizacao: {
          tipo: 'f',
          nome: 'Distribuidora Sol',
          razao_social: 'Distribuidora Sol Ltda',
          avatar: 'https://cdn.exemplo.com.br/sol.png',
          active: true,
          feedback: false,
          plano: 'P',
        },
      },
    ])
    expect(res.body.organizacoes).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 1, from: 1, to: 1 })
  })

  test('tenant isolation: only the caller’s own organizations, never another user’s', async () => {
    const a = await newUser(t)
    const b = await newUser(t)
    const mine = await createOrganization(t, { nome: 'Empresa da Ana' }, [{ userId: a.id }])
    const shared = await createOrganization(t, { nome: 'Empresa Compartilhada' }, [{ userId: a.id }, { userId: b.id }])
    const theirs = await createOrganization(t, { nome: 'Empresa do Bruno' }, [{ userId: b.id }])
    await createOrganization(t, { nome: 'Empresa de Ninguém' })
    const ids = (p: Page) => p.data.map((o) => o.organizacao_id).sort()
    expect(ids((await list(a.token, 100)).body.organizacoes)).toEqual([mine.id, shared.id].sort())
    expect(ids((await list(b.token, 100)).body.organizacoes)).toEqual([shared.id, theirs.id].sort())
    // A search for another user's company finds nothing.
    const search = await list(a.token, 100, encodeURIComponent('Bruno'))
    expect(search.body.organizacoes).toMatchObject({ data: [], total: 0 })
    const byCnpj = await list(a.token, 100, theirs.cnpj)
    expect(byCnpj.body.organizacoes.total).toBe(0)
  })

  test('an inactive membership is not listed', async () => {
    const u = await newUser(t)
    await createOrganization(t, { nome: 'Saí Daqui' }, [{ userId: u.id, active: false }])
    const kept = await createOrganization(t, { nome: 'Ainda Aqui' }, [{ userId: u.id }])
    const res = await list(u.token, 10)
    expect(res.body.organizacoes.data.map((o) => o.organizacao_id)).toEqual([kept.id])
    expect(res.body.organizacoes.total).toBe(1)
  })

  test('the organization avatar is kept only if an http(s) URL ending in an image extension', async () => {
    const u = await newUser(t)
    await createOrganization(t, { nome: 'A com logo', avatar: 'https://cdn.exemplo.com.br/logo.jpeg' }, [{ userId: u.id }])
    await createOrganization(t, { nome: 'B sem logo', avatar: 'logo.webp' }, [{ userId: u.id }])
    const res = await list(u.token, 10)
    expect(res.body.organizacoes.data.map((o: any) => o.organizacao.avatar)).toEqual(['https://cdn.exemplo.com.br/logo.jpeg', null])
  })

  describe('search, filter and pagination', () => {
    let token: string
    let orgs: Record<string, typeof organizations.$inferSelect>
    beforeAll(async () => {
      const u = await newUser(t)
      token = u.token
      const make = (nome: string, tipo: 'v' | 'f' | 'b' | 'r', razaoSocial?: string) =>
        createOrganization(t, { nome, tipo, ...(razaoSocial ? { razaoSocial } : {}) }, [{ userId: u.id }])
      orgs = {
        central: await make('Farmácia Central', 'v'),
        sol: await make('Distribuidora Sol', 'f', 'Sol Comércio de Medicamentos S.A.'),
        rede: await make('Rede Farma Mais', 'b'),
        norte: await make('Revenda Norte', 'r'),
        praca: await make('Drogaria da Praça', 'v'),
        percent: await make('Loja 100% Saúde', 'v'),
      }
      // Another user's companies with matching names must never appear.
      const other = await newUser(t)
      await createOrganization(t, { nome: 'Farmácia Central do Outro', tipo: 'v' }, [{ userId: other.id }])
      await createOrganization(t, { nome: 'Distribuidora Outra', tipo: 'f' }, [{ userId: other.id }])
    })

    test('null search and null filter list everything, ordered by name', async () => {
      const res = await list(token, 100)
      expect(names(res.body.organizacoes)).toEqual(['Distribuidora Sol', 'Drogaria da Praça', 'Farmácia Central', 'Loja 100% Saúde', 'Rede Farma Mais', 'Revenda Norte'])
      expect(res.body.organizacoes.total).toBe(6)
    })

    test('search by part of the name, ignoring case', async () => {
      expect(names((await list(token, 100, 'FARM')).body.organizacoes)).toEqual(['Farmácia Central', 'Rede Farma Mais'])
      expect(names((await list(token, 100, 'DROGARIA')).body.organizacoes)).toEqual(['Drogaria da Praça'])
    })

    test('search with accents and spaces (URL-encoded)', async () => {
      expect(names((await list(token, 100, encodeURIComponent('Farmácia Cen'))).body.organizacoes)).toEqual(['Farmácia Central'])
      expect(names((await list(token, 100, encodeURIComponent('da Praça'))).body.organizacoes)).toEqual(['Drogaria da Praça'])
    })

    test('search by razão social', async () => {
      expect(names((await list(token, 100, encodeURIComponent('Comércio de Medicamentos'))).body.organizacoes)).toEqual(['Distribuidora Sol'])
    })

    test('search by CNPJ, plain, partial or masked', async () => {
      const cnpj = orgs.norte.cnpj
      expect(names((await list(token, 100, cnpj)).body.organizacoes)).toEqual(['Revenda Norte'])
      expect(names((await list(token, 100, cnpj.slice(2, 12))).body.organizacoes)).toEqual(['Revenda Norte'])
      expect(names((await list(token, 100, encodeURIComponent(maskCnpj(cnpj)))).body.organizacoes)).toEqual(['Revenda Norte'])
    })

    test('% and _ in the search are plain characters, not wildcards', async () => {
      // (Digits in the search are also looked up in the CNPJ, so this term has none.)
      expect(names((await list(token, 100, encodeURIComponent('0% S'))).body.organizacoes)).toEqual(['Loja 100% Saúde'])
      expect((await list(token, 100, encodeURIComponent('%'))).body.organizacoes.data.map((o) => o.organizacao_id)).toEqual([orgs.percent.id])
      expect((await list(token, 100, '_')).body.organizacoes.total).toBe(0)
    })

    test('a search that matches nothing answers an empty page', async () => {
      const res = await list(token, 10, 'inexistente')
      expect(res.body.organizacoes).toEqual({ data: [], current_page: 1, last_page: 1, per_page: 10, total: 0, from: null, to: null })
    })

    test.each([
      ['v', ['Drogaria da Praça', 'Farmácia Central', 'Loja 100% Saúde']],
      ['f', ['Distribuidora Sol']],
      ['b', ['Rede Farma Mais']],
      ['r', ['Revenda Norte']],
    ])('filter by type %s', async (filter, expected) => {
      const res = await list(token, 100, 'null', filter)
      expect(names(res.body.organizacoes)).toEqual(expected)
      expect(res.body.organizacoes.data.every((o) => o.organizacao.tipo === filter)).toBe(true)
    })

    test('search and filter together', async () => {
      expect(names((await list(token, 100, 'farm', 'v')).body.organizacoes)).toEqual(['Farmácia Central'])
      expect(names((await list(token, 100, 'farm', 'b')).body.organizacoes)).toEqual(['Rede Farma Mais'])
      expect(names((await list(token, 100, 'farm', 'f')).body.organizacoes)).toEqual([])
    })

    test('pagination: pages of 4 over 6 organizations', async () => {
      const p1 = (await list(token, 4, 'null', 'null', 1)).body.organizacoes
      expect(p1).toMatchObject({ current_page: 1, last_page: 2, per_page: 4, total: 6, from: 1, to: 4 })
      expect(names(p1)).toEqual(['Distribuidora Sol', 'Drogaria da Praça', 'Farmácia Central', 'Loja 100% Saúde'])
      const p2 = (await list(token, 4, 'null', 'null', 2)).body.organizacoes
      expect(p2).toMatchObject({ current_page: 2, last_page: 2, per_page: 4, total: 6, from: 5, to: 6 })
      expect(names(p2)).toEqual(['Rede Farma Mais', 'Revenda Norte'])
    })

    test('pagination: the page defaults to 1; a page past the end is empty but keeps the totals', async () => {
      const first = (await list(token, 2)).body.organizacoes
      expect(first).toMatchObject({ current_page: 1, last_page: 3, per_page: 2, total: 6 })
      expect(names(first)).toEqual(['Distribuidora Sol', 'Drogaria da Praça'])
      const past = (await list(token, 2, 'null', 'null', 4)).body.organizacoes
      expect(past).toEqual({ data: [], current_page: 4, last_page: 3, per_page: 2, total: 6, from: null, to: null })
    })

    test('pagination follows the search and the filter', async () => {
      const res = (await list(token, 2, 'null', 'v', 2)).body.organizacoes
      expect(res).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3 })
      expect(names(res)).toEqual(['Loja 100% Saúde'])
    })

    test('every organization appears exactly once across the pages', async () => {
      const seen: number[] = []
      for (let page = 1; page <= 6; page++) seen.push(...(await list(token, 1, 'null', 'null', page)).body.organizacoes.data.map((o) => o.organizacao_id))
      expect(seen.sort()).toEqual(Object.values(orgs).map((o) => o.id).sort())
    })

    test('regPerPage 1 and 100 are the limits and are accepted', async () => {
      expect((await list(token, 1)).body.organizacoes).toMatchObject({ per_page: 1, last_page: 6, total: 6 })
      expect((await list(token, 100)).body.organizacoes).toMatchObject({ per_page: 100, last_page: 1, total: 6 })
    })

    test.each([0, 101, -1, 1000])('regPerPage %s is out of range: 422', async (n) => {
      expectValidation(await list(token, n), { regPerPage: [PER_PAGE_RANGE] })
    })

    test.each(['dez', '2.5'])('regPerPage %j is not a whole number: 422 in Portuguese', async (n) => {
      const res = await list(token, n)
      expect(res.status).toBe(422)
      expect(Object.keys(res.body.errors)).toEqual(['regPerPage'])
      expectPortuguese(res)
    })

    test.each(['x', 'V', 'vf'])('an unknown type filter %j: 422', async (filter) => {
      expectValidation(await list(token, 10, 'null', filter), { filter: ['Filtro deve ser v, f, b ou r.'] })
    })

    test.each([
      ['0', 'A página deve ser 1 ou mais.'],
      ['-2', 'A página deve ser 1 ou mais.'],
      ['abc', 'A página deve ser um número.'],
    ])('page %j: 422', async (page, message) => {
      expectValidation(await list(token, 10, 'null', 'null', page), { page: [message] })
    })
  })
})

describe('GET /api/empresas/profile/{id}', () => {
  const KEYS = [
    'active',
    'avatar',
    'bandeira_id',
    'cidade',
    'cnpj',
    'email',
    'endereco',
    'feedback',
    'is_admin',
    'is_linked',
    'level',
    'links',
    'logged_user',
    'nome',
    'organizacao_id',
    'permissions',
    'razao_social',
    'restricoes',
    'sobre',
    'telefone',
    'tipo',
    'tokenbase',
    'trial_days',
    'uf',
    'vertical_id',
  ]

  test('a member gets the company profile', async () => {
    const u = await newUser(t)
    const org = await createOrganization(
      t,
      {
        nome: 'Distribuidora Sol',
        tipo: 'f',
        plano: 'P',
        email: 'contato@sol.com.br',
        telefone: '(11) 98765-4321',
        sobre: 'Distribuidora de medicamentos',
        endereco: 'Rua das Flores, 10',
        cidade: 'São Paulo',
        uf: 'SP',
        tokenbase: 'TB-1',
        avatar: 'https://cdn.exemplo.com.br/sol.png',
      },
      [{ userId: u.id, isAdmin: true, level: 3 }],
    )
    const res = await t.get(`/api/empresas/profile/${org.id}`, { token: u.token })
    expect(res.status).toBe(200)
    // Every field of the company profile is there; more are allowed.
    for (const key of KEYS) expect(res.body, key).toHaveProperty(key)
    expect(res.body).toMatchObject({
      organizacao_id: org.id,
      avatar: 'https://cdn.exemplo.com.br/sol.png',
      nome: 'Distribuidora Sol',
      cnpj: org.cnpj,
      razao_social: 'Distribuidora Sol Ltda',
      email: 'contato@sol.com.br',
      telefone: '(11) 98765-4321',
      sobre: 'Distribuidora de medicamentos',
      endereco: 'Rua das Flores, 10',
      cidade: 'São Paulo',
      uf: 'SP',
      links: [],
      is_linked: false,
      restricoes: [],
      bandeira_id: null,
      permissions: { type: 'P', pedidos_email: 1 },
      level: 3,
      is_admin: true,
      tipo: 'f',
      vertical_id: null,
      tokenbase: 'TB-1',
      logged_user: u.id,
      trial_days: 0,
      active: true,
      feedback: false,
    })
  })

  test('restrictions and visiting-card links are the organization’s own, in order', async () => {
    const u = await newUser(t)
    const org = await createOrganization(t, { nome: 'Com Restrição' }, [{ userId: u.id }])
    const other = await createOrganization(t, { nome: 'Outra' }, [{ userId: u.id }])
    await t.db.insert(organizationRestrictions).values([
      { organizationId: org.id, restricao: 'VENDAS-M' },
      { organizationId: other.id, restricao: 'MERCADO-M' },
    ])
    await t.db.insert(organizationContactLinks).values([
      { organizationId: org.id, type: 'site', content: 'https://sol.com.br', position: 2 },
      { organizationId: org.id, type: 'instagram', content: '@sol', position: 1 },
      { organizationId: other.id, type: 'site', content: 'https://outra.com.br', position: 0 },
    ])
    const res = await t.get(`/api/empresas/profile/${org.id}`, { token: u.token })
    expect(res.body.restricoes).toEqual([{ restricao: 'VENDAS-M' }])
    expect(res.body.links).toEqual([
      { id: expect.any(Number), type: 'instagram', content: '@sol' },
      { id: expect.any(Number), type: 'site', content: 'https://sol.com.br' },
    ])
  })

  test('is_admin, level and logged_user are those of the caller', async () => {
    const admin = await newUser(t)
    const member = await newUser(t)
    const org = await createOrganization(t, { nome: 'Equipe' }, [
      { userId: admin.id, isAdmin: true, level: 1 },
      { userId: member.id, isAdmin: false, level: 2 },
    ])
    const a = (await t.get(`/api/empresas/profile/${org.id}`, { token: admin.token })).body
    const m = (await t.get(`/api/empresas/profile/${org.id}`, { token: member.token })).body
    expect(a).toMatchObject({ is_admin: true, level: 1, logged_user: admin.id })
    expect(m).toMatchObject({ is_admin: false, level: 2, logged_user: member.id })
  })

  test('a unit of a flag is linked: is_linked true and bandeira_id of the flag', async () => {
    const u = await newUser(t)
    const flag = await createOrganization(t, { nome: 'Rede', tipo: 'b' })
    const unit = await createOrganization(t, { nome: 'Unidade', tipo: 'v', bandeiraId: flag.id }, [{ userId: u.id }])
    expect((await t.get(`/api/empresas/profile/${unit.id}`, { token: u.token })).body).toMatchObject({ is_linked: true, bandeira_id: flag.id })
  })

  test('the avatar is kept only if an http(s) URL ending in an image extension', async () => {
    const u = await newUser(t)
    const org = await createOrganization(t, { nome: 'Logo ruim', avatar: 'ftp://exemplo.com.br/logo.png' }, [{ userId: u.id }])
    expect((await t.get(`/api/empresas/profile/${org.id}`, { token: u.token })).body.avatar).toBeNull()
  })

  test('tenant isolation: a non-member gets 403 and not a single field of the company', async () => {
    const owner = await newUser(t)
    const stranger = await newUser(t)
    const org = await createOrganization(t, { nome: 'Segredo Industrial', email: 'segredo@empresa.com.br' }, [{ userId: owner.id, isAdmin: true }])
    await createOrganization(t, { nome: 'Empresa do Estranho' }, [{ userId: stranger.id, isAdmin: true }])
    const res = await t.get(`/api/empresas/profile/${org.id}`, { token: stranger.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual(NO_ACCESS)
    expect(JSON.stringify(res.body)).not.toContain('Segredo')
    expect(JSON.stringify(res.body)).not.toContain(org.cnpj)
  })

  test('an organization that does not exist answers exactly like one the caller cannot see', async () => {
    const u = await newUser(t)
    const [{ max }] = await t.db.select({ max: sql<number>`coalesce(max(${organizations.id}), 0)` }).from(organizations)
    const res = await t.get(`/api/empresas/profile/${Number(max) + 1000}`, { token: u.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual(NO_ACCESS)
  })

  test('an inactive membership gives no access', async () => {
    const u = await newUser(t)
    const org = await createOrganization(t, { nome: 'Ex-Empresa' }, [{ userId: u.id }])
    expect((await t.get(`/api/empresas/profile/${org.id}`, { token: u.token })).status).toBe(200)
    await t.db.update(memberships).set({ active: false }).where(eq(memberships.organizationId, org.id))
    const res = await t.get(`/api/empresas/profile/${org.id}`, { token: u.token })
    expect(res.status).toBe(403)
    expect(res.body).toEqual(NO_ACCESS)
  })

  test('401 without a token or with a bad one, before any authorization', async () => {
    const u = await newUser(t)
    const org = await createOrganization(t, { nome: 'Qualquer' }, [{ userId: u.id }])
    for (const token of [undefined, `${u.token}x`]) {
      const res = await t.get(`/api/empresas/profile/${org.id}`, { token })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ message: 'Unauthenticated.' })
    }
  })

  test.each(['abc', '1.5', '0', '-1'])('an id that is not a positive whole number (%j) is refused with 422 on id', async (id) => {
    const u = await newUser(t)
    const res = await t.get(`/api/empresas/profile/${id}`, { token: u.token })
    expect(res.status).toBe(422)
    expect(Object.keys(res.body.errors)).toEqual(['id'])
  })

  test.each(['2147483648', '99999999999'])('an id beyond the integer range (%s) is refused like any other (403 or 422), not 500', async (id) => {
    const u = await newUser(t)
    const res = await t.get(`/api/empresas/profile/${id}`, { token: u.token })
    expect([403, 422]).toContain(res.status)
  })

  test.each(['abc', '1.5', '0', '-1'])('an invalid id (%j) is refused in Portuguese', async (id) => {
    const u = await newUser(t)
    const res = await t.get(`/api/empresas/profile/${id}`, { token: u.token })
    expect(res.status).toBe(422)
    expectPortuguese(res)
  })
})
