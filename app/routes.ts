import { index, layout, route, type RouteConfig } from '@react-router/dev/routes'

/** Every route of spec §2, same paths and casing. Unknown paths show Login. */
export default [
  index('routes/login.tsx'),
  route('login/update-order-status/:orderId/:orderStatus', 'routes/login.tsx', { id: 'login-order-status' }),
  route('signup', 'routes/signup.tsx'),
  route('forgot-password', 'routes/forgot-password.tsx'),
  route('reset-password/:email/:token', 'routes/reset-password.tsx'),
  route('login-new/:token', 'routes/login-new.tsx'),
  route('update-order-status/:orderId/:orderStatus', 'routes/update-order-status.tsx'),
  route('logout', 'routes/logout.tsx'),
  route('acoes/bandeira', 'routes/acoes.bandeira.ts'),
  route('acoes/tokenbase', 'routes/acoes.tokenbase.ts'),
  route('acoes/convite', 'routes/acoes.convite.ts'),
  route('convite-equipe/:orgId/:token', 'routes/team-invite.tsx'),
  route('acoes/endereco', 'routes/acoes.endereco.ts'),
  route('broadcasting/auth', 'routes/broadcasting.auth.ts'),
  route('Chat/acoes', 'routes/chat.acoes.ts'),
  route('Chat/mensagens', 'routes/chat.mensagens.ts'),
  route('Chat/notificacoes', 'routes/chat.notificacoes.ts'),
  route('Chat/arquivo/:messageId', 'routes/chat.arquivo.ts'),
  route('pedidos/contadores', 'routes/pedidos.contadores.ts'),
  route('mercado/sugestoes', 'routes/mercado.sugestoes.ts'),
  route('planilhas/*', 'routes/planilhas.ts'),
  route('svgLib', 'routes/svg-lib.tsx'),
  route('playground', 'routes/playground.tsx'),

  layout('routes/_app.tsx', [
    route('personal-environment', 'routes/personal-environment.tsx'),
    route('visiting-card', 'routes/visiting-card.tsx'),
    route('profile', 'routes/profile.tsx'),
    route('my-team', 'routes/my-team.tsx'),
    route('products', 'routes/products.tsx'),
    route('Chat', 'routes/chat.tsx'),
    route('customers', 'routes/customers.tsx', { id: 'customers' }),
    route('conditions', 'routes/conditions.tsx'),
    route('conditionDetails/:conditionId/:conditionName/:owner', 'routes/condition-details.tsx', { id: 'condition-details' }),
    route('olDetails/:olId/:olName/:owner/:conditionId/:discount', 'routes/ol-details.tsx', { id: 'ol-details' }),
    route('personal-environment/update-order-status/:orderId/:orderStatus', 'routes/order-status-update.tsx'),
    route('orders', 'routes/orders.tsx', { id: 'orders' }),
    route('orders-customer/:customerId', 'routes/orders.tsx', { id: 'orders-customer' }),
    route('market', 'routes/market.tsx'),
    route('market/carrinho', 'routes/market-cart.tsx'),
    ...(
      [
        ['simulator', 'simulator'],
        ['units', 'units'],
        ['movement', 'movement'],
        ['Panel', 'panel'],
        ['Wallet', 'wallet'],
      ] as const
    ).map(([path, id]) => route(path, 'routes/under-construction.tsx', { id })),
  ]),

  route('*', 'routes/login.tsx', { id: 'unknown-path' }),
] satisfies RouteConfig
