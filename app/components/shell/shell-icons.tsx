import type { ReactElement, SVGProps } from 'react'
import type { MenuIcon } from '~/lib/menu.ts'

type IconProps = SVGProps<SVGSVGElement>
const base = {
  viewBox: '0 0 24 24',
  width: 22,
  height: 22,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const

const icon = (children: ReactElement | ReactElement[]) =>
  function Icon(p: IconProps) {
    return (
      <svg {...base} {...p}>
        {children}
      </svg>
    )
  }

/** Icons of the side menu and header (decorative: the text beside them names the item). */
export const SHELL_ICONS: Record<MenuIcon | 'menu' | 'close' | 'pin' | 'leave' | 'alert' | 'clock', (p: IconProps) => ReactElement> = {
  team: icon([<circle key="a" cx="9" cy="8" r="3.5" />, <path key="b" d="M2.5 20c0-3.6 3-5.5 6.5-5.5s6.5 1.9 6.5 5.5M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5c2 .6 3.5 2.3 3.5 5.5" />]),
  card: icon([<rect key="a" x="3" y="5" width="18" height="14" rx="2" />, <circle key="b" cx="9" cy="11" r="2" />, <path key="c" d="M6 16c.6-1.5 1.7-2.2 3-2.2s2.4.7 3 2.2M14 10h4M14 13h3" />]),
  flag: icon(<path d="M5 21V4M5 4h11l-2 4 2 4H5" />),
  star: icon(<path d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />),
  invite: icon([<circle key="a" cx="10" cy="8" r="4" />, <path key="b" d="M3 20c0-3.6 3.1-6 7-6 1.2 0 2.3.2 3.3.6M19 14v6M16 17h6" />]),
  chat: icon(<path d="M4 5h16v11H8l-4 4z" />),
  units: icon([<path key="a" d="M12 21s-6-5.5-6-10a6 6 0 0 1 12 0c0 4.5-6 10-6 10z" />, <circle key="b" cx="12" cy="11" r="2" />]),
  movement: icon(<path d="M4 8h13l-3-3M20 16H7l3 3" />),
  products: icon([<path key="a" d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />, <path key="b" d="M3 7.5 12 12l9-4.5M12 12v9" />]),
  conditions: icon([<path key="a" d="M20 12 12 20 4 12V4h8z" />, <circle key="b" cx="8" cy="8" r="1.5" />]),
  customers: icon([<rect key="a" x="4" y="3" width="16" height="18" rx="1" />, <path key="b" d="M9 7h2M13 7h2M9 11h2M13 11h2M10 21v-4h4v4" />]),
  orders: icon([<path key="a" d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />, <path key="b" d="M9 8h6M9 12h6" />]),
  simulator: icon([<rect key="a" x="5" y="3" width="14" height="18" rx="2" />, <path key="b" d="M8 7h8M8 11h1M12 11h0M16 11h0M8 15h1M12 15h0M16 15v3M8 18h1M12 18h0" />]),
  market: icon([<circle key="a" cx="9" cy="20" r="1.5" />, <circle key="b" cx="18" cy="20" r="1.5" />, <path key="c" d="M2 3h3l3 12h11l2-8H6" />]),
  panel: icon(<path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />),
  menu: icon(<path d="M4 6h16M4 12h16M4 18h16" />),
  close: icon(<path d="M6 6l12 12M18 6 6 18" />),
  pin: icon(<path d="M9 3h6l-1 6 4 4H6l4-4zM12 13v8" />),
  leave: icon(<path d="M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10" />),
  alert: icon([<path key="a" d="M12 3 2 20h20z" />, <path key="b" d="M12 10v4M12 17h0" />]),
  clock: icon([<circle key="a" cx="12" cy="12" r="9" />, <path key="b" d="M12 7v5l3 2" />]),
}
