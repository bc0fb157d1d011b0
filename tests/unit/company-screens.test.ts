import { describe, expect, test } from 'vitest'
import routes from '~/routes.ts'
import { companyScreenAccess, pagePath, type GuardCompany } from '~/lib/company-screens.ts'
import type { OrgTypeCode } from '~/domain/organization/org-types.ts'

const TYPES: OrgTypeCode[] = ['v', 'f', 'b', 'r']
const RESTRICTION_SETS: string[][] = [[], ['VENDAS-M'], ['MERCADO-M'], ['VENDAS-M', 'MERCADO-M'], ['PAINEL-M']]
const PERMISSION_TYPES = ['P', 'B', '']

/** A concrete address of every route under the company layout (app/routes.ts), by its path pattern. */
const SAMPLE: Record<string, string> = {
  'personal-environment': '/personal-environment',
  profile: '/profile',
  'personal-environment/update-order-status/:orderId/:orderStatus': '/personal-environment/update-order-status/12/3',
  'visiting-card': '/visiting-card',
  'my-team': '/my-team',
  Chat: '/Chat',
  market: '/market',
  'market/carrinho': '/market/carrinho',
  orders: '/orders',
  'orders-customer/:customerId': '/orders-customer/7',
  simulator: '/simulator',
  customers: '/customers',
  products: '/products',
  units: '/units',
  movement: '/movement',
  conditions: '/conditions',
  'conditionDetails/:conditionId/:conditionName/:owner': '/conditionDetails/1/Cond/2',
  'olDetails/:olId/:olName/:owner/:conditionId/:discount': '/olDetails/1/OL/2/3/10',
  Panel: '/Panel',
  Wallet: '/Wallet',
}

const PERSONAL = ['/personal-environment', '/profile', '/personal-environment/update-order-status/12/3']

/**
 * The screen rule written out again, apart from app/lib/menu.ts: the company screens an organization
 * may open. The menu's items, the header's Chat, the wallet, and the landing screen.
 */
function expectedScreens(tipo: OrgTypeCode, restrictions: string[], permissionType: string) {
  const salesOff = restrictions.includes('VENDAS-M')
  const marketOff = restrictions.includes('MERCADO-M')
  const open = new Set(['/visiting-card', '/my-team', '/Chat', '/Panel', '/Wallet'])
  if (tipo === 'b' || ((tipo === 'f' || tipo === 'r') && !salesOff)) {
    for (const p of ['/products', '/conditions', '/conditionDetails/1/Cond/2', '/olDetails/1/OL/2/3/10', '/customers', '/orders-customer/7', '/orders', '/simulator']) open.add(p)
  }
  if (tipo === 'v' && !marketOff) for (const p of ['/market', '/market/carrinho', '/orders']) open.add(p)
  if (tipo === 'b' && permissionType === 'P') for (const p of ['/units', '/movement']) open.add(p)
  const landing = salesOff || marketOff ? '/Chat' : { v: '/market', f: '/orders', b: '/units', r: '/orders' }[tipo]
  open.add(landing)
  return { open, landing }
}

function company(tipo: OrgTypeCode, restricoes: string[], permissionType: string, extra: Partial<GuardCompany> = {}) {
  return {
    organizacao_id: 42,
    tipo,
    restricoes: restricoes.map((restricao) => ({ restricao })),
    permissions: { type: permissionType },
    active: true,
    feedback: false,
    ...extra,
  }
}

function layoutPaths() {
  const layout = routes.find((r) => r.file === 'routes/_app.tsx')
  return (layout?.children ?? []).map((r) => r.path ?? '')
}

describe('the company screens rule: every route under the company layout × type × restrictions × permissions.type', () => {
  test('every route of the layout has a sample here (a new route needs a case)', () => {
    expect(layoutPaths().sort()).toEqual(Object.keys(SAMPLE).sort())
  })

  for (const tipo of TYPES) {
    for (const restrictions of RESTRICTION_SETS) {
      for (const permissionType of PERMISSION_TYPES) {
        test(`type ${tipo}, restrictions [${restrictions.join(', ')}], permissions.type '${permissionType}'`, () => {
          const { open, landing } = expectedScreens(tipo, restrictions, permissionType)
          const c = company(tipo, restrictions, permissionType)
          for (const path of Object.values(SAMPLE)) {
            const expected = PERSONAL.includes(path) || open.has(path) ? { kind: 'open' } : { kind: 'not-in-menu', to: landing }
            expect(companyScreenAccess(path, c), path).toEqual(expected)
          }
        })
      }
    }
  }
})

describe('a company screen needs an entered organization the user may act for', () => {
  test('without one, every company screen sends to the personal environment; the personal screens open', () => {
    for (const path of Object.values(SAMPLE)) {
      const expected = PERSONAL.includes(path) ? { kind: 'open' } : { kind: 'enter-first', to: '/personal-environment' }
      expect(companyScreenAccess(path, null), path).toEqual(expected)
    }
  })

  test('a feedback request pending: its modal, for every company screen, even one the menu shows', () => {
    const c = company('v', [], 'B', { feedback: true })
    for (const path of ['/market', '/my-team', '/Chat', '/units']) {
      expect(companyScreenAccess(path, c)).toEqual({ kind: 'enter-first', to: '/personal-environment?modal=avaliar&org=42' })
    }
    expect(companyScreenAccess('/personal-environment', c)).toEqual({ kind: 'open' })
  })

  test('not verified: the wait-for-verification modal', () => {
    const c = company('f', [], 'B', { active: false })
    expect(companyScreenAccess('/orders', c)).toEqual({ kind: 'enter-first', to: '/personal-environment?modal=verificar&org=42' })
    expect(companyScreenAccess('/profile', c)).toEqual({ kind: 'open' })
  })

  test('paths compare as the router matches them: any casing, one trailing slash', () => {
    const flag = company('b', [], 'P')
    expect(companyScreenAccess('/MARKET', flag)).toEqual({ kind: 'not-in-menu', to: '/units' })
    expect(companyScreenAccess('/chat/', flag)).toEqual({ kind: 'open' })
    expect(companyScreenAccess('/Personal-Environment', null)).toEqual({ kind: 'open' })
    expect(companyScreenAccess('/marketplace', company('v', [], 'B'))).toEqual({ kind: 'not-in-menu', to: '/market' })
  })
})

test("a client navigation's data request is judged by its page's path", () => {
  expect(pagePath(new Request('http://x/personal-environment.data'))).toBe('/personal-environment')
  expect(pagePath(new Request('http://x/market.data?modal=cartao'))).toBe('/market')
  expect(pagePath(new Request('http://x/_root.data'))).toBe('/')
  expect(pagePath(new Request('http://x/Chat'))).toBe('/Chat')
  expect(companyScreenAccess(pagePath(new Request('http://x/personal-environment.data')), null)).toEqual({ kind: 'open' })
})
