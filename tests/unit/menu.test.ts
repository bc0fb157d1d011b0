import { describe, expect, test } from 'vitest'
import {
  buildMenu,
  isMenuItemActive,
  MENU_COLLAPSE_DELAY_MS,
  MENU_EXPANDED_PX,
  MENU_SLIM_PX,
  MENU_WIDE_MIN_PX,
  modalHref,
  PRODUCT_NAME,
  type Menu,
  type MenuCompany,
  type MenuItem,
} from '~/lib/menu.ts'
import type { OrgTypeCode } from '~/domain/organization/org-types.ts'

const TYPES: OrgTypeCode[] = ['v', 'f', 'b', 'r']
const RESTRICTION_SETS: string[][] = [[], ['VENDAS-M'], ['MERCADO-M'], ['VENDAS-M', 'MERCADO-M'], ['PAINEL-M']]
const PERMISSION_TYPES = ['P', 'B', 'U', 'M', '']

function company(tipo: OrgTypeCode, restricoes: string[] = [], permissionType = 'B', notificacoes_chat = 0): MenuCompany {
  return { tipo, restricoes: restricoes.map((restricao) => ({ restricao })), permissions: { type: permissionType }, notificacoes_chat }
}

/** The menu as text lines: a group heading, then "label → href" per item; easy to compare with the spec. */
function outline(menu: Menu) {
  return menu.groups.map((g) => ({
    group: g.title,
    items: g.items.map((i: MenuItem) => `${i.label} → ${i.href}`),
  }))
}

const groupKeys = (menu: Menu) => menu.groups.map((g) => g.key)
const labels = (menu: Menu) => menu.groups.flatMap((g) => g.items.map((i) => i.label))
const itemsOf = (menu: Menu, key: string) => menu.groups.find((g) => g.key === key)?.items.map((i) => i.label)

const VENDAS = ['Produtos → /products', 'Condições → /conditions', 'Clientes → /customers', 'Pedidos → /orders', 'Simulador → /simulator']

/**
 * The menu's rules, written out again independently of the implementation: what each type sees
 * for a set of restrictions and a permissions.type.
 */
function expectedOutline(tipo: OrgTypeCode, restrictions: string[], permissionType: string) {
  const salesOff = restrictions.includes('VENDAS-M')
  const marketOff = restrictions.includes('MERCADO-M')
  const out: { group: string | null; items: string[] }[] = []
  const empresa = ['Meu Time → /my-team', 'Cartão de visita → /visiting-card']
  if (tipo === 'v') empresa.push('Minha bandeira → ?modal=bandeira')
  if (tipo === 'r') empresa.push(`${PRODUCT_NAME} Pro → ?modal=planos`)
  out.push({ group: 'Empresa', items: empresa })
  const invite = { b: 'Convidar unidade', f: 'Convidar cliente', v: 'Convidar fornecedor', r: 'Convidar fornecedor' }[tipo]
  out.push({ group: null, items: tipo === 'b' ? [`${invite} → ?modal=convite`, 'Chat → /Chat'] : [`${invite} → ?modal=convite`] })
  if (tipo === 'b' && permissionType === 'P') out.push({ group: 'BANDEIRA', items: ['Unidades → /units', 'Movimentação → /movement'] })
  if (tipo === 'b' || (tipo !== 'v' && !salesOff)) out.push({ group: 'VENDAS', items: VENDAS })
  if (tipo === 'v') out.push({ group: 'COMPRAS', items: marketOff ? [] : ['Mercado → /market', 'Pedidos → /orders'] })
  out.push({ group: 'INTELIGÊNCIA', items: ['Painel → /Panel'] })
  return out
}

describe('side menu: every type × restrictions × permissions.type', () => {
  for (const tipo of TYPES) {
    for (const restrictions of RESTRICTION_SETS) {
      for (const permissionType of PERMISSION_TYPES) {
        test(`type ${tipo}, restrictions [${restrictions.join(', ')}], permissions.type '${permissionType}'`, () => {
          const menu = buildMenu(company(tipo, restrictions, permissionType))
          expect(outline(menu)).toEqual(expectedOutline(tipo, restrictions, permissionType))
          expect(menu.footer).toEqual({ label: 'Sair da organização', action: '/personal-environment', intent: 'leave' })
        })
      }
    }
  }
})

describe('the rules one by one', () => {
  test('company submenu: Meu Time and Cartão de visita for every type, in that order', () => {
    for (const tipo of TYPES) {
      const items = buildMenu(company(tipo)).groups[0].items
      expect(items.slice(0, 2).map((i) => [i.kind, i.label, i.href])).toEqual([
        ['link', 'Meu Time', '/my-team'],
        ['link', 'Cartão de visita', '/visiting-card'],
      ])
    }
  })

  test("only type v has 'Minha bandeira', an action opening the flag code modal", () => {
    for (const tipo of TYPES) expect(labels(buildMenu(company(tipo))).includes('Minha bandeira')).toBe(tipo === 'v')
    const item = buildMenu(company('v')).groups[0].items[2]
    expect(item).toMatchObject({ kind: 'modal', modal: 'bandeira', href: '?modal=bandeira' })
  })

  test("only type r has the '{product} Pro' pill, opening the plans modal; the product name is one constant", () => {
    expect(PRODUCT_NAME).toBe('Pedidos')
    for (const tipo of TYPES) expect(labels(buildMenu(company(tipo))).includes('Pedidos Pro')).toBe(tipo === 'r')
    expect(buildMenu(company('r')).groups[0].items[2]).toMatchObject({ kind: 'modal', label: 'Pedidos Pro', modal: 'planos', href: '?modal=planos', pill: true })
    expect(itemsOf(buildMenu(company('r'), 'Compras Já'), 'empresa')).toContain('Compras Já Pro')
  })

  test('invite item per type, an action opening the invite modal', () => {
    const expected = { b: 'Convidar unidade', f: 'Convidar cliente', v: 'Convidar fornecedor', r: 'Convidar fornecedor' }
    for (const tipo of TYPES) {
      const invite = buildMenu(company(tipo)).groups.find((g) => g.key === 'geral')?.items[0]
      expect(invite).toMatchObject({ kind: 'modal', label: expected[tipo], modal: 'convite', href: '?modal=convite' })
    }
  })

  test('only type b has Chat, with the unread count (notificacoes_chat)', () => {
    for (const tipo of TYPES) expect(labels(buildMenu(company(tipo, [], 'B', 3))).includes('Chat')).toBe(tipo === 'b')
    const chat = (n?: number) => buildMenu({ ...company('b'), notificacoes_chat: n }).groups[1].items[1]
    expect(chat(7)).toMatchObject({ kind: 'link', label: 'Chat', href: '/Chat', badge: 7 })
    expect(chat(0)).toMatchObject({ badge: 0 })
    expect(chat(undefined)).toMatchObject({ badge: 0 })
    expect(chat(-2)).toMatchObject({ badge: 0 })
  })

  test('VENDAS for b, f and r, never for v; its items and links', () => {
    for (const tipo of TYPES) expect(groupKeys(buildMenu(company(tipo))).includes('vendas')).toBe(tipo !== 'v')
    expect(outline(buildMenu(company('f'))).find((g) => g.group === 'VENDAS')?.items).toEqual(VENDAS)
  })

  test('VENDAS-M hides VENDAS for f and r, not for b', () => {
    expect(groupKeys(buildMenu(company('f', ['VENDAS-M'])))).not.toContain('vendas')
    expect(groupKeys(buildMenu(company('r', ['VENDAS-M'])))).not.toContain('vendas')
    expect(groupKeys(buildMenu(company('b', ['VENDAS-M'])))).toContain('vendas')
  })

  test('COMPRAS only for v: Mercado and Pedidos, empty under MERCADO-M', () => {
    for (const tipo of TYPES) expect(groupKeys(buildMenu(company(tipo))).includes('compras')).toBe(tipo === 'v')
    expect(itemsOf(buildMenu(company('v')), 'compras')).toEqual(['Mercado', 'Pedidos'])
    expect(itemsOf(buildMenu(company('v', ['MERCADO-M'])), 'compras')).toEqual([])
    // MERCADO-M leaves the sellers' menus alone.
    expect(itemsOf(buildMenu(company('f', ['MERCADO-M'])), 'vendas')).toHaveLength(5)
  })

  test('BANDEIRA (Unidades, Movimentação) only for b with permissions.type P, right above VENDAS', () => {
    for (const type of PERMISSION_TYPES) expect(groupKeys(buildMenu(company('b', [], type))).includes('bandeira')).toBe(type === 'P')
    for (const tipo of ['v', 'f', 'r'] as const) expect(groupKeys(buildMenu(company(tipo, [], 'P')))).not.toContain('bandeira')
    const keys = groupKeys(buildMenu(company('b', [], 'P')))
    expect(keys.indexOf('bandeira') + 1).toBe(keys.indexOf('vendas'))
    expect(itemsOf(buildMenu(company('b', [], 'P')), 'bandeira')).toEqual(['Unidades', 'Movimentação'])
    expect(groupKeys(buildMenu(company('b', [], 'p')))).not.toContain('bandeira')
  })

  test('INTELIGÊNCIA (Painel → /Panel) for every type, marked hidden on narrow screens; the only group so marked', () => {
    for (const tipo of TYPES) {
      const menu = buildMenu(company(tipo, ['PAINEL-M']))
      const last = menu.groups.at(-1)
      expect(last).toMatchObject({ key: 'inteligencia', title: 'INTELIGÊNCIA', hideOnNarrow: true })
      expect(last?.items[0]).toMatchObject({ kind: 'link', label: 'Painel', href: '/Panel' })
      expect(menu.groups.filter((g) => g.hideOnNarrow)).toHaveLength(1)
    }
  })

  test('restriction names match exactly', () => {
    expect(groupKeys(buildMenu(company('f', ['vendas-m'])))).toContain('vendas')
    expect(groupKeys(buildMenu(company('f', ['VENDAS'])))).toContain('vendas')
  })

  test('item keys are unique within a menu (React keys, test hooks)', () => {
    for (const tipo of TYPES) {
      const keys = buildMenu(company(tipo, [], 'P')).groups.flatMap((g) => g.items.map((i) => i.key))
      expect(new Set(keys).size).toBe(keys.length)
    }
  })
})

describe('active item (aria-current="page")', () => {
  const menu = buildMenu(company('b', [], 'P'))
  const find = (label: string) => menu.groups.flatMap((g) => g.items).find((i) => i.label === label)!

  test('its own path, case-insensitive, with or without a trailing slash', () => {
    expect(isMenuItemActive(find('Produtos'), '/products')).toBe(true)
    expect(isMenuItemActive(find('Produtos'), '/products/')).toBe(true)
    expect(isMenuItemActive(find('Chat'), '/chat')).toBe(true)
    expect(isMenuItemActive(find('Produtos'), '/orders')).toBe(false)
  })
  test('no prefix confusion: /orders-customer/… is not /orders', () => {
    expect(isMenuItemActive(find('Pedidos'), '/orders-customer/12')).toBe(false)
  })
  test('Condições is active on its sub-pages ConditionDetails and OlDetails', () => {
    expect(isMenuItemActive(find('Condições'), '/conditionDetails/1/Tabela/2')).toBe(true)
    expect(isMenuItemActive(find('Condições'), '/olDetails/3/OL/2/1/5')).toBe(true)
    expect(isMenuItemActive(find('Produtos'), '/conditionDetails/1/Tabela/2')).toBe(false)
  })
  test('modal items are never the current page', () => {
    expect(isMenuItemActive(find('Convidar unidade'), '/units')).toBe(false)
  })
})

describe('modal links stay on the current page', () => {
  test('keeps the path and the other parameters, replaces an open modal', () => {
    expect(modalHref('bandeira', '/market')).toBe('/market?modal=bandeira')
    expect(modalHref('planos', '/orders', '?page=2')).toBe('/orders?page=2&modal=planos')
    expect(modalHref('convite', '/orders', '?modal=planos&page=2')).toBe('/orders?modal=convite&page=2')
  })
})

test('sizes and delay', () => {
  expect([MENU_WIDE_MIN_PX, MENU_EXPANDED_PX, MENU_SLIM_PX, MENU_COLLAPSE_DELAY_MS]).toEqual([1024, 260, 80, 250])
})
