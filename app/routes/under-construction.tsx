import { useMatches } from 'react-router'
import type { Route } from './+types/under-construction'

/** Screens the product does not offer yet. The route, its guard and the Login fallback already apply. */
const SCREEN_NAMES: Record<string, string> = {
  'my-team': 'Meu Time',
  profile: 'Perfil',
  'visiting-card': 'Cartão de visita',
  market: 'Mercado',
  orders: 'Pedidos',
  'orders-customer': 'Pedidos do cliente',
  simulator: 'Simulador',
  customers: 'Clientes',
  products: 'Produtos',
  units: 'Unidades',
  movement: 'Movimentação',
  conditions: 'Condições',
  'condition-details': 'Detalhes da condição',
  'ol-details': 'Detalhes do OL',
  chat: 'Chat',
  panel: 'Painel',
  wallet: 'Carteira',
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const id = matches[matches.length - 1]?.id ?? ''
  return [{ title: `${SCREEN_NAMES[id] ?? 'Página'} | Pedidos B2B` }]
}

export default function UnderConstruction() {
  const matches = useMatches()
  const id = matches[matches.length - 1]?.id ?? ''
  return (
    <section className="stack" aria-labelledby="uc-title">
      <h1 id="uc-title">{SCREEN_NAMES[id] ?? 'Página'}</h1>
      <div className="empty-state">
        <p>Esta tela está em construção.</p>
        <p>Enquanto isso, as outras telas do menu já funcionam.</p>
        <a href="/personal-environment">Voltar às minhas organizações</a>
      </div>
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
