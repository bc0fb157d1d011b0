import type { OrgTypeCode } from '../domain/organization/org-types.ts'

/**
 * The main side menu, as data: which groups, labels, items and links an
 * organization sees, from its type, its restrictions and permissions.type. Pure, so
 * every rule is unit-tested (tests/unit/menu.test.ts); the component
 * (app/components/shell/side-menu.tsx) only draws it.
 */

/** The product's name, written once: the '{product} Pro' pill and the plans modal read it. */
export const PRODUCT_NAME = 'Pedidos'

/** Wide at 1024 px or more; 260 px expanded, 80 px slim; collapses 250 ms after the mouse leaves. */
export const MENU_WIDE_MIN_PX = 1024
export const MENU_EXPANDED_PX = 260
export const MENU_SLIM_PX = 80
export const MENU_COLLAPSE_DELAY_MS = 250
/** The menu pin lives in session storage ('1' pinned, anything else not), per tab. */
export const MENU_PIN_STORAGE_KEY = 'menu_pin'

/** Restrictions that change the menu: VENDAS-M turns sales off, MERCADO-M the market. */
export const RESTRICTION_SALES_OFF = 'VENDAS-M'
export const RESTRICTION_MARKET_OFF = 'MERCADO-M'

/** Modals the menu opens, by `?modal=` key (the modals themselves are built elsewhere). */
export type MenuModal = 'bandeira' | 'planos' | 'convite' | 'condicoes-suspensas'

export type MenuIcon =
  | 'team'
  | 'card'
  | 'flag'
  | 'star'
  | 'invite'
  | 'chat'
  | 'units'
  | 'movement'
  | 'products'
  | 'conditions'
  | 'customers'
  | 'orders'
  | 'simulator'
  | 'market'
  | 'panel'

/** A page of the product. `activeFor` lists path prefixes of its sub-pages (Condições → ConditionDetails, OlDetails; Clientes → a customer's orders). */
export type MenuLink = {
  kind: 'link'
  key: string
  label: string
  href: string
  icon: MenuIcon
  /** Unread count shown beside the label (Chat, Pedidos); absent when the item has none. */
  badge?: number
  /** What the badge counts, for screen readers: chat messages unless said. */
  badgeOf?: 'mensagens' | 'pedidos'
  activeFor?: string[]
}

/** Opens a modal on the current page: a link to `?modal={modal}`, resolved by the component. */
export type MenuAction = {
  kind: 'modal'
  key: string
  label: string
  modal: MenuModal
  href: `?modal=${MenuModal}`
  icon: MenuIcon
  /** Drawn as a pill (the '{product} Pro' upgrade of type r). */
  pill?: boolean
}

export type MenuItem = MenuLink | MenuAction

export type MenuGroupKey = 'empresa' | 'geral' | 'bandeira' | 'vendas' | 'compras' | 'inteligencia'

export type MenuGroup = {
  key: MenuGroupKey
  /** Heading as the spec writes it (VENDAS, COMPRAS...); null for the ungrouped items. */
  title: string | null
  items: MenuItem[]
  /** INTELIGÊNCIA is hidden on narrow screens. */
  hideOnNarrow: boolean
}

export type Menu = {
  groups: MenuGroup[]
  /** The footer: a POST that forgets the company and goes to PersonalEnvironment. */
  footer: { label: 'Sair da organização'; action: '/personal-environment'; intent: 'leave' }
}

/** What the menu reads from the company in session. */
export type MenuCompany = {
  tipo: OrgTypeCode
  restricoes: readonly { restricao: string }[]
  permissions: { type: string }
  /** Unread chat messages: the badge of Chat (type b). */
  notificacoes_chat?: number
  /** New orders and status changes the member has not seen (decision 028): the badge of Pedidos; absent for a member who may not read them. */
  pedidos_novos?: number
}

const link = (key: string, label: string, href: string, icon: MenuIcon, extra: Partial<MenuLink> = {}): MenuLink => ({
  kind: 'link',
  key,
  label,
  href,
  icon,
  ...extra,
})

const modal = (key: string, label: string, which: MenuModal, icon: MenuIcon, pill = false): MenuAction => ({
  kind: 'modal',
  key,
  label,
  modal: which,
  href: `?modal=${which}`,
  icon,
  ...(pill ? { pill: true } : {}),
})

const group = (key: MenuGroupKey, title: string | null, items: MenuItem[], hideOnNarrow = false): MenuGroup => ({
  key,
  title,
  items,
  hideOnNarrow,
})

/** The invite item's label per type. */
export const INVITE_LABELS: Record<OrgTypeCode, string> = {
  b: 'Convidar unidade',
  f: 'Convidar cliente',
  v: 'Convidar fornecedor',
  r: 'Convidar fornecedor',
}

export function hasRestriction(company: Pick<MenuCompany, 'restricoes'>, restriction: string) {
  return company.restricoes.some((r) => r.restricao === restriction)
}

export function buildMenu(company: MenuCompany, product: string = PRODUCT_NAME): Menu {
  const { tipo } = company
  const salesOff = hasRestriction(company, RESTRICTION_SALES_OFF)
  const marketOff = hasRestriction(company, RESTRICTION_MARKET_OFF)
  const ordersBadge: Partial<MenuLink> = company.pedidos_novos === undefined ? {} : { badge: company.pedidos_novos, badgeOf: 'pedidos' }

  const companyItems: MenuItem[] = [link('my-team', 'Meu Time', '/my-team', 'team'), link('visiting-card', 'Cartão de visita', '/visiting-card', 'card')]
  if (tipo === 'v') companyItems.push(modal('my-flag', 'Minha bandeira', 'bandeira', 'flag'))
  if (tipo === 'r') companyItems.push(modal('pro', `${product} Pro`, 'planos', 'star', true))

  const generalItems: MenuItem[] = [modal('invite', INVITE_LABELS[tipo], 'convite', 'invite')]
  if (tipo === 'b') generalItems.push(link('chat', 'Chat', '/Chat', 'chat', { badge: Math.max(0, company.notificacoes_chat ?? 0) }))

  const groups: MenuGroup[] = [group('empresa', 'Empresa', companyItems), group('geral', null, generalItems)]

  // Above the VENDAS items, and only for permissions.type P.
  if (tipo === 'b' && company.permissions.type === 'P') {
    groups.push(group('bandeira', 'BANDEIRA', [link('units', 'Unidades', '/units', 'units'), link('movement', 'Movimentação', '/movement', 'movement')]))
  }

  // Shown for b, f and r; VENDAS-M hides it for f and r (not for b).
  if (tipo === 'b' || ((tipo === 'f' || tipo === 'r') && !salesOff)) {
    groups.push(
      group('vendas', 'VENDAS', [
        link('products', 'Produtos', '/products', 'products'),
        link('conditions', 'Condições', '/conditions', 'conditions', { activeFor: ['/conditionDetails', '/olDetails'] }),
        link('customers', 'Clientes', '/customers', 'customers', { activeFor: ['/orders-customer'] }),
        link('sales-orders', 'Pedidos', '/orders', 'orders', ordersBadge),
        link('simulator', 'Simulador', '/simulator', 'simulator'),
      ]),
    )
  }

  // Type v buys: the group stays but is empty when MERCADO-M is on.
  if (tipo === 'v') {
    groups.push(
      group('compras', 'COMPRAS', marketOff ? [] : [link('market', 'Mercado', '/market', 'market'), link('purchase-orders', 'Pedidos', '/orders', 'orders', ordersBadge)]),
    )
  }

  groups.push(group('inteligencia', 'INTELIGÊNCIA', [link('panel', 'Painel', '/Panel', 'panel')], true))

  return { groups, footer: { label: 'Sair da organização', action: '/personal-environment', intent: 'leave' } }
}

/** Paths compare as the router matches them: case-insensitive, one trailing slash ignored. */
function normalizePath(path: string) {
  const p = path.toLowerCase()
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p
}

function isUnder(pathname: string, base: string) {
  const p = normalizePath(pathname)
  const b = normalizePath(base)
  return p === b || p.startsWith(`${b}/`)
}

/** Whether a link is the current page (aria-current="page"): its path, a path below it, or one of its sub-pages. */
export function isMenuItemActive(item: MenuItem, pathname: string) {
  if (item.kind !== 'link') return false
  return isUnder(pathname, item.href) || (item.activeFor ?? []).some((base) => isUnder(pathname, base))
}

/** The href of a modal item on the current page: keeps the page and its other query parameters. */
export function modalHref(modalKey: MenuModal, pathname: string, search = '') {
  const params = new URLSearchParams(search)
  params.set('modal', modalKey)
  return `${pathname}?${params}`
}
