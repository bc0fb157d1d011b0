import { lazy, Suspense } from 'react'
import { data, Outlet } from 'react-router'
import type { Route } from './+types/_app'
import type { ModalData } from '~/components/company-modals.tsx'
import { ChatLiveProvider } from '~/components/chat/chat-live.tsx'
import { OrderLiveProvider } from '~/components/orders/order-live.tsx'
import { readsOrders } from '~/domain/orders/readers.ts'
import { AppFrame } from '~/components/shell/app-frame.tsx'
import type { VisitingCardData } from '~/components/visiting-card.tsx'
import * as cartApi from '~/domain/checkout/contract.ts'
import * as orgApi from '~/domain/organization/contract.ts'
import * as plansApi from '~/domain/plans/contract.ts'
import * as billingApi from '~/domain/plans/billing-contract.ts'
import * as storeApi from '~/domain/virtual-store/contract.ts'
import type { PlansData } from '~/components/plans/plans-modal.tsx'
import type { CompanyEmailsData } from '~/components/plans/company-emails-modal.tsx'
import { api } from '~/lib/api.server.ts'
import { guardCompanyScreen, loadCompany, type CompanyProfile } from '~/lib/company.server.ts'
import { isScreenShown } from '~/lib/company-screens.ts'
import { orderNews } from '~/lib/order-news.server.ts'
import type { LiveConnection } from '~/lib/realtime-client-config.ts'
import { realtimeClientConfig } from '~/lib/realtime-config.server.ts'
import { commitSession, redirectWithToast, requireAuth, takeOtherTabRefusal } from '~/lib/session.server.ts'
import { companyMessages } from '~/domain/organization/company-messages.ts'
import { organizationMessages } from '~/domain/organization/messages.ts'
import { ScreenRefusal } from '~/components/shell/screen-error.tsx'
import { useNonce } from '~/lib/nonce.tsx'

/**
 * The shell's modals (`?modal=…`): on an island their code loads after the page, React keeping the server's HTML of
 * the modal meanwhile; every page is sent whole, the modal in place (entry.server.tsx).
 */
const CompanyModals = lazy(() => import('~/components/company-modals.tsx').then((m) => ({ default: m.CompanyModals })))

/** The private area: the login guard, the company in session, and the app shell (side menu, header). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, session, token } = await requireAuth(request)
  // Back from a post refused because another tab entered another company (decision 048): the page is drawn once more
  // for the company it showed, saying why nothing was done, without its screen, modals or live data.
  const left = await takeOtherTabRefusal(request)
  if (left) {
    const shown = left.refusal.empresa ? await loadCompany(request, token, left.refusal.empresa) : null
    const company = shown ? { ...shown, carrinho_itens: undefined, pedidos_novos: undefined } : null
    // Its words come with the data: the chat island would otherwise load the organization's messages to say them.
    const refusal = { title: organizationMessages.otherTabTitle, text: left.refusal.texto, again: organizationMessages.reloadPage }
    return data({ user, company, modalData: null, realtime: null, refusal }, { status: 409, headers: { 'Set-Cookie': left.setCookie } })
  }
  const companyId = session.get('companyId')
  const company = companyId ? await loadCompany(request, token, companyId) : null
  if (companyId && !company) {
    // Removed from the company meanwhile: back to the personal environment, without it.
    session.unset('companyId')
    throw await redirectWithToast(request, '/personal-environment', { kind: 'info', text: companyMessages.accessEnded }, session)
  }
  await guardCompanyScreen(request, session, company)
  if (!company) return { user, company: null, modalData: null, realtime: null, refusal: null }
  const modal = new URL(request.url).searchParams.get('modal')
  // The card a modal shows: the flag's in 'Minha bandeira', the company's own in the visiting-card modal.
  const cardOf = modal === 'bandeira' ? company.bandeira_id : modal === 'cartao' ? company.organizacao_id : null
  let card: VisitingCardData | null = null
  if (cardOf) {
    const res = await api(request, orgApi.cartao, { params: { orgId: company.organizacao_id, targetId: cardOf }, token })
    card = res.ok ? res.data : null
  }
  const inviteLink = session.get('inviteLink') ?? null
  const plans = modal === 'planos' ? await loadPlans(request, company, token) : null
  const store = modal === 'loja' ? await api(request, storeApi.restorePlaceholder, { params: { id: company.organizacao_id }, token }) : null
  const emails = modal === 'emails' ? await loadCompanyEmails(request, company.organizacao_id, token) : null
  const modalData: ModalData = { modal, card, inviteLink, plans, store: store?.ok ? store.data : null, emails }
  // The header's cart badge, for companies whose menu opens the market: one indexed count.
  let carrinho_itens: number | undefined
  if (isScreenShown(company, '/market/carrinho')) {
    const res = await api(request, cartApi.countCheckout, { params: { organizacaoId: company.organizacao_id }, token })
    if (res.ok) carrinho_itens = res.data.itens
  }
  const pedidos_novos = (await orderNews(request, company, token)) ?? undefined
  return data({ user, company: { ...company, carrinho_itens, pedidos_novos }, modalData, realtime: realtimeClientConfig(), refusal: null }, inviteLink ? { headers: { 'Set-Cookie': await commitSession(session) } } : undefined)
}

/** The plans modal's data: the plans and the organization's plan now; null when either cannot be read. */
async function loadPlans(request: Request, company: CompanyProfile, token: string): Promise<PlansData | null> {
  const orgId = company.organizacao_id
  const canBill = company.is_admin || company.permissoes.includes('cobranca')
  const billing = canBill && new URL(request.url).searchParams.get('aba') === 'cobrancas'
  const [cards, status, invoices] = await Promise.all([
    api(request, plansApi.restorePlano, { params: { orgId }, token }),
    api(request, plansApi.restorePlain, { params: { orgId, plano: 'null' }, token }),
    billing ? api(request, billingApi.restoreTitulos, { params: { orgId }, token }) : null,
  ])
  if (!cards.ok || !status.ok) return null
  return { planos: cards.data.planos, isAdmin: cards.data.is_admin, situacao: status.data, canBill, invoices: invoices?.ok ? invoices.data.titulos : null }
}

/** The company e-mail manager's list: finance (`tipo=F`, the default) or commercial (`tipo=C`). */
async function loadCompanyEmails(request: Request, orgId: number, token: string): Promise<CompanyEmailsData | null> {
  const tipo = new URL(request.url).searchParams.get('tipo') === 'C' ? 'C' : 'F'
  const res = await api(request, billingApi.restoreEmailsEmpresa, { params: { orgId, tipo }, token })
  return res.ok ? { tipo, list: res.data.data } : null
}

/**
 * With a company entered: side menu + header + padded routed view, and the modals the
 * menu opens. Without one (personal environment): the header only (app/components/shell).
 */
export default function AppShell({ loaderData }: Route.ComponentProps) {
  const { user, company, modalData, realtime, refusal } = loaderData
  if (refusal !== null) {
    return (
      <AppFrame user={user} company={company}>
        <ScreenRefusal {...refusal} />
      </AppFrame>
    )
  }
  const frame = (
    <AppFrame user={user} company={company}>
      <Outlet />
      {company && modalData?.modal ? (
        <Suspense fallback={null}>
          <CompanyModals company={company} data={modalData} />
        </Suspense>
      ) : null}
      {company && realtime ? <LiveConnectionData value={{ userId: user.user_id, organizationId: company.organizacao_id, readsOrders: readsOrders(company.permissoes), realtime }} /> : null}
    </AppFrame>
  )
  // Inside a company, one realtime connection for the chat badges and the chat page, and the order counters.
  return company ? (
    <ChatLiveProvider key={company.organizacao_id} userId={user.user_id} organizationId={company.organizacao_id} readsOrders={readsOrders(company.permissoes)} config={realtime}>
      <OrderLiveProvider userId={user.user_id} readsOrders={readsOrders(company.permissoes)} unread={company.pedidos_novos ?? 0}>
        {frame}
      </OrderLiveProvider>
    </ChatLiveProvider>
  ) : (
    frame
  )
}

/** What the enhancement layer needs to connect (app/enhance/live.ts), as JSON; `<` escaped so no value can close the element. */
function LiveConnectionData({ value }: { value: LiveConnection }) {
  // The page's nonce too: every script element of a page carries it, data or not.
  const nonce = useNonce()
  return <script type="application/json" nonce={nonce} data-live-connection dangerouslySetInnerHTML={{ __html: JSON.stringify(value).replace(/</g, '\\u003c') }} />
}
