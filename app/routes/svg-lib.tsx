import type { Route } from './+types/svg-lib'
import { ICONS } from '~/components/icons.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Biblioteca de ícones | Pedidos B2B' }]

/** Developer page: every icon of the product with its name, to pick one while building a screen. */
export default function SvgLib() {
  return (
    <main className="dev-page stack">
      <h1>Biblioteca de ícones</h1>
      <ul className="icon-grid">
        {Object.entries(ICONS).map(([name, Icon]) => (
          <li key={name} className="card">
            <Icon aria-hidden="true" width={32} height={32} />
            <code>{name}</code>
          </li>
        ))}
      </ul>
    </main>
  )
}
