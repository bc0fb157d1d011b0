import { buildMenu, hasRestriction, isMenuItemActive, RESTRICTION_MARKET_OFF, RESTRICTION_SALES_OFF, type MenuCompany } from './menu.ts'

/**
 * The one rule of the private area's screens: which need an entered organization,
 * and which of those the organization's type, restrictions and permissions let it open.
 * Pure, so every route × type × restriction is unit-tested (tests/unit/company-screens.test.ts);
 * the company layout's loader (app/routes/_app.tsx) acts on its answer.
 */

/** Screens of the person, not of a company: they open with or without one entered. */
export const PERSONAL_SCREENS = ['/personal-environment', '/profile'] as const

/**
 * Company screens every organization reaches outside the side menu: the header's Chat link
 * (app/components/shell/header.tsx) and the wallet of the plan modal's 'Ver Cobranças'.
 */
export const SCREENS_OUTSIDE_MENU = ['/Chat', '/Wallet'] as const

/** What the rule reads from the company in session. */
export type GuardCompany = MenuCompany & { active: boolean; feedback: boolean }

/** Entering an organization: v lands on Market, f on Orders, b on Units; VENDAS-M or MERCADO-M on Chat. A revenda sells, like f. */
export function landingPath(company: Pick<MenuCompany, 'tipo' | 'restricoes'>) {
  if (hasRestriction(company, RESTRICTION_SALES_OFF) || hasRestriction(company, RESTRICTION_MARKET_OFF)) return '/Chat'
  return { v: '/market', f: '/orders', b: '/units', r: '/orders' }[company.tipo]
}

export type ScreenAccess =
  /** Render the screen. */
  | { kind: 'open' }
  /** A company screen without an organization entered (or one that may not be entered now): pick one first. */
  | { kind: 'enter-first'; to: string }
  /** A screen the organization's menu does not show: its landing screen instead. */
  | { kind: 'not-in-menu'; to: string }

/** Path comparison as the router matches: case-insensitive, one trailing slash ignored. */
function under(pathname: string, base: string) {
  const p = pathname.toLowerCase().replace(/(.)\/$/, '$1')
  const b = base.toLowerCase()
  return p === b || p.startsWith(`${b}/`)
}

/** The page's path: a client navigation asks for its data at `/{path}.data` (`/_root.data` for '/'). */
export function pagePath(request: Request) {
  const path = new URL(request.url).pathname.replace(/\.data$/, '')
  return path === '/_root' ? '/' : path
}

export function isPersonalScreen(pathname: string) {
  return PERSONAL_SCREENS.some((base) => under(pathname, base))
}

/**
 * Whether the organization may open this company screen: its menu shows the page (or a sub-page
 * of it), it is one every organization reaches outside the menu, or it is where entering lands
 * (a flag without permission P still lands on Units).
 */
export function isScreenShown(company: MenuCompany, pathname: string) {
  if (SCREENS_OUTSIDE_MENU.some((base) => under(pathname, base))) return true
  if (under(pathname, landingPath(company))) return true
  return buildMenu(company).groups.some((group) => group.items.some((item) => isMenuItemActive(item, pathname)))
}

/**
 * A company screen needs an entered organization that the user may act for: a member's
 * (the API answered its profile), active (verified) and with no feedback request pending,
 * as entering it requires (app/lib/company.server.ts); then a screen its menu shows.
 */
export function companyScreenAccess(pathname: string, company: (GuardCompany & { organizacao_id: number }) | null): ScreenAccess {
  if (isPersonalScreen(pathname)) return { kind: 'open' }
  if (!company) return { kind: 'enter-first', to: '/personal-environment' }
  if (!company.active) return { kind: 'enter-first', to: `/personal-environment?modal=verificar&org=${company.organizacao_id}` }
  if (company.feedback) return { kind: 'enter-first', to: `/personal-environment?modal=avaliar&org=${company.organizacao_id}` }
  if (!isScreenShown(company, pathname)) return { kind: 'not-in-menu', to: landingPath(company) }
  return { kind: 'open' }
}
