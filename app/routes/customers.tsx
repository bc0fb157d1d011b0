import { parseWithZod } from '@conform-to/zod/v4'
import { data, useLocation } from 'react-router'
import type { Route } from './+types/customers'
import { BlockModal, CustomerPaymentsModal, CustomersTab, EditCustomerModal, NewCustomerModal } from '~/components/customers/customers-tab.tsx'
import { DeletePaymentModal, NewPaymentModal, PaymentsTab } from '~/components/customers/payments-tab.tsx'
import { CUSTOMER_LIST, CUSTOMER_TABS, type Seller } from '~/components/customers/types.ts'
import * as customersApi from '~/domain/customers/contract.ts'
import { SpreadsheetExport, SpreadsheetImport } from '~/components/spreadsheet-import.tsx'
import { IMPORT_INTENT, loadImportFromUrl, startImportFromForm } from '~/lib/spreadsheet-import.server.ts'
import { customerScreenMessages as s } from '~/domain/customers/messages.ts'
import { CreateCustomerFormSchema, CustomerIdFormSchema, CustomerPaymentsFormSchema, DeletePaymentFormSchema, PaymentMethodFormSchema, UpdateCustomerFormSchema } from '~/domain/customers/schemas.ts'
import * as teamApi from '~/domain/team/contract.ts'
import { api, apiErrorMessages, apiRead } from '~/lib/api.server.ts'
import { requireCompany, type CompanyProfile } from '~/lib/company.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { redirectPastLastPage } from '~/lib/list-page.server.ts'
import { listAddress, parseListState } from '~/lib/list-state.ts'
import { redirectWithToast } from '~/lib/session.server.ts'
import { readsOrders } from '~/domain/orders/readers.ts'
import { READ_REFUSALS, readsArea } from '~/domain/team/area-readers.ts'
import { AreaForbidden } from '~/components/ui/area-forbidden.tsx'

export const meta: Route.MetaFunction = () => [{ title: 'Clientes | Pedidos B2B' }]

const PER_PAGE = 20

/** Admins, and members whose role grants 'clientes', change customers; the API checks the same on every change. */
async function mayManage(request: Request, company: CompanyProfile, email: string) {
  if (company.is_admin) return true
  const orgId = company.organizacao_id
  const [{ cargos }, mine] = await Promise.all([
    apiRead(request, teamApi.getcargos, { params: { id: orgId } }),
    apiRead(request, teamApi.getusers, { params: { id: orgId }, query: { per_page: 100, search: email } }),
  ])
  const me = mine.usuarios.data.find((u) => u.user_id === company.logged_user)
  return (cargos.find((c) => c.id === me?.cargo_id)?.permissoes ?? []).includes('clientes')
}

/** The team's active members: who may be a customer's seller. */
async function sellersOf(request: Request, orgId: number): Promise<Seller[]> {
  const team = await apiRead(request, teamApi.getusers, { params: { id: orgId }, query: { per_page: 100 } })
  return team.usuarios.data.filter((u) => u.active).map((u) => ({ id: u.user_id, nome: u.nome }))
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const { company, user } = await requireCompany(request)
  // A member whose role may not read the customers stays in the company, told which permission to ask for.
  if (!readsArea(company.permissoes, 'clientes')) return { forbidden: true as const, refusal: READ_REFUSALS.clientes }
  const orgId = company.organizacao_id
  const canManage = await mayManage(request, company, user.email)
  const list = parseListState(CUSTOMER_LIST, url.searchParams)
  const { aba } = list
  const modal = url.searchParams.get('modal')
  const id = Number(url.searchParams.get('id')) || 0

  if (aba === 'pagamentos') {
    const { pagamentos } = await apiRead(request, customersApi.restorePagamentos, { params: { orgId, search: 'null' } })
    return { forbidden: false as const, aba, canManage, canReadOrders: false, methods: pagamentos, customers: null, list, sellers: [], payments: null, customer: null, importacao: null }
  }
  const { clientes } = await apiRead(request, customersApi.restoreClientes, {
    params: { companyId: orgId, regPerPage: PER_PAGE, search: list.q || 'null', filter: list.filtro, order: list.ordem },
    query: { page: list.page },
  })
  redirectPastLastPage(request, list.page, clientes)
  const needsSellers = canManage && (modal === 'novo-cliente' || modal === 'editar-cliente')
  const sellers = needsSellers ? await sellersOf(request, orgId) : []
  const customer = clientes.data.find((c) => c.id === id) ?? null
  let payments: Awaited<ReturnType<typeof apiRead<typeof customersApi.restorePagamentosCliente>>> | null = null
  if (modal === 'pagamentos-cliente' && id) {
    const res = await api(request, customersApi.restorePagamentosCliente, { params: { orgId, customerId: id } })
    if (res.ok) payments = res.data
  }
  const importacao = canManage ? await loadImportFromUrl(request) : null
  // Each customer's orders (/orders-customer) are a link of its row for a member who reads the orders (decision 031).
  const canReadOrders = readsOrders(company.permissoes)
  return { forbidden: false as const, aba, canManage, canReadOrders, methods: null, customers: clientes, list, sellers, payments, customer, importacao }
}

type Intent = typeof IMPORT_INTENT | 'create-customer' | 'update-customer' | 'block' | 'unblock' | 'customer-payments' | 'allow-all' | 'remove-all' | 'create-payment' | 'delete-payment'

export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '') as Intent
  const orgId = company.organizacao_id
  // Back to the list the form was opened from, with the modal closed; built from the list's own
  // parameters only: the request may be the data request (`/customers.data?…`).
  const back = listAddress(CUSTOMER_LIST, '/customers', parseListState(CUSTOMER_LIST, new URL(request.url).searchParams))
  const failed = (name: Intent, result: ReturnType<typeof replyWithApiError>) => data({ intent: name, result, error: null, created: null }, { status: 400 })
  const refused = (name: Intent, error: string) => data({ intent: name, result: undefined, error, created: null }, { status: 400 })
  const done = (text: string) => redirectWithToast(request, back, { kind: 'success', text })

  switch (intent) {
    case IMPORT_INTENT: {
      const started = await startImportFromForm(request, customersApi.importClientes, formData)
      return started instanceof Response ? started : data({ intent, result: undefined, error: null, created: null, importError: started.importError }, { status: 400 })
    }
    case 'create-customer': {
      const submission = parseWithZod(formData, { schema: CreateCustomerFormSchema })
      if (submission.status !== 'success') return failed(intent, submission.reply())
      const res = await api(request, customersApi.createCliente, { json: { organizacao_id: orgId, ...submission.value } })
      const fields = ['cnpj', 'nome', 'contato_nome', 'contato_email', 'contato_telefone', 'vendedor_id']
      if (!res.ok) return failed(intent, replyWithApiError(submission, res.data, { fields }))
      // Without a contact e-mail the invite link is the seller's to share: shown in the modal, not a toast.
      if (res.data.convite && !res.data.convite.enviado_para) {
        return data({ intent, result: undefined, error: null, created: { message: res.data.message, link: res.data.convite.link } })
      }
      return done(res.data.message)
    }
    case 'update-customer': {
      const submission = parseWithZod(formData, { schema: UpdateCustomerFormSchema })
      if (submission.status !== 'success') return failed(intent, submission.reply())
      const { vendedor_id, ...rest } = submission.value
      const res = await api(request, customersApi.updateCliente, { json: { organizacao_id: orgId, ...rest, vendedor_id: vendedor_id ?? null } })
      if (!res.ok) return failed(intent, replyWithApiError(submission, res.data, { fields: ['nome', 'contato_nome', 'contato_email', 'contato_telefone', 'vendedor_id'] }))
      return done(res.data.message)
    }
    case 'block':
    case 'unblock': {
      const submission = parseWithZod(formData, { schema: CustomerIdFormSchema })
      if (submission.status !== 'success') return refused(intent, s.customerGone)
      const endpoint = intent === 'block' ? customersApi.bloqueiaCliente : customersApi.desbloqueiaCliente
      const res = await api(request, endpoint, { params: { orgId, customerId: submission.value.cliente_id } })
      if (!res.ok) return refused(intent, apiErrorMessages(res.data).join(' '))
      return done(res.data.message)
    }
    case 'allow-all':
    case 'remove-all':
    case 'customer-payments': {
      const submission = parseWithZod(formData, { schema: CustomerPaymentsFormSchema })
      if (submission.status !== 'success') return refused(intent, Object.values(submission.error ?? {}).flat().join(' '))
      const { cliente_id: customerId, pagamentos } = submission.value
      if (intent !== 'customer-payments') {
        const endpoint = intent === 'allow-all' ? customersApi.addPagamentosCliente : customersApi.deletePagamentosCliente
        const res = await api(request, endpoint, { params: { orgId, customerId } })
        if (!res.ok) return refused(intent, apiErrorMessages(res.data).join(' '))
        return done(res.data.message)
      }
      // The ticked boxes are the allowed methods: each change is one call.
      const current = await api(request, customersApi.restorePagamentosCliente, { params: { orgId, customerId } })
      if (!current.ok) return refused(intent, apiErrorMessages(current.data).join(' '))
      const wanted = new Set(pagamentos)
      for (const p of current.data.pagamentos) {
        if (wanted.has(p.id) === p.permitido) continue
        const endpoint = wanted.has(p.id) ? customersApi.addPagamentoCliente : customersApi.deletePagamentoCliente
        const res = await api(request, endpoint, { json: { organizacao_id: orgId, cliente_id: customerId, pagamento_id: p.id } })
        if (!res.ok) return refused(intent, apiErrorMessages(res.data).join(' '))
      }
      return done(s.paymentsSaved)
    }
    case 'create-payment': {
      const submission = parseWithZod(formData, { schema: PaymentMethodFormSchema })
      if (submission.status !== 'success') return failed(intent, submission.reply())
      // The form's text goes as typed: the API reads the BRL amount itself.
      const res = await api(request, customersApi.createPagamento, {
        json: { organizacao_id: orgId, ...submission.value, valor_minimo: String(formData.get('valor_minimo') ?? '') },
      })
      if (!res.ok) return failed(intent, replyWithApiError(submission, res.data, { fields: ['nome', 'tipo', 'prazo_dias', 'valor_minimo'] }))
      return done(res.data.message)
    }
    case 'delete-payment': {
      const submission = parseWithZod(formData, { schema: DeletePaymentFormSchema })
      if (submission.status !== 'success') return refused(intent, s.paymentGone)
      const res = await api(request, customersApi.deletePagamento, { params: { id: submission.value.pagamento_id } })
      if (!res.ok) return refused(intent, apiErrorMessages(res.data).join(' '))
      return done(res.data.message)
    }
    default:
      return redirectWithToast(request, back, { kind: 'error', text: 'Ação desconhecida.' })
  }
}

export default function Customers({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.forbidden) return <AreaForbidden id="customers-title" title={s.title} text={loaderData.refusal} />
  return <CustomersScreen loaderData={loaderData} actionData={actionData} />
}

function CustomersScreen({ loaderData, actionData }: { loaderData: Extract<Route.ComponentProps['loaderData'], { forbidden: false }>; actionData: Route.ComponentProps['actionData'] }) {
  const { aba, canManage, canReadOrders, methods, customers, list, sellers, payments, customer } = loaderData
  const location = useLocation()
  const search = new URLSearchParams(location.search)
  const modal = search.get('modal')
  const id = Number(search.get('id'))
  const answered = (intent: Intent) => (actionData && actionData.intent === intent ? actionData : null)
  const method = methods?.find((p) => p.id === id) ?? null
  // Each section opens from its start: the customers' search and filter are not the payment methods'.
  const fresh = parseListState(CUSTOMER_LIST, new URLSearchParams())

  return (
    <section className="stack" aria-labelledby="customers-title">
      <h1 id="customers-title">{s.title}</h1>
      <nav aria-label="Seções de clientes">
        <ul className="team-tabs">
          {CUSTOMER_TABS.map((tab) => (
            <li key={tab}>
              <a href={listAddress(CUSTOMER_LIST, '/customers', fresh, { aba: tab })} aria-current={tab === aba ? 'page' : undefined}>
                {s.tabs[tab]}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {canManage ? null : <p className="notice notice-info">{s.readOnly}</p>}

      {aba === 'clientes' && customers ? (
        <>
          <CustomersTab page={customers} list={list} canManage={canManage} canReadOrders={canReadOrders} />
          <div className="toolbar">
            <SpreadsheetExport kind="clientes" label={s.exportSheet} />
          </div>
          {canManage ? (
            <SpreadsheetImport
              kind="clientes"
              title={s.importTitle}
              job={loaderData.importacao}
              error={actionData && 'importError' in actionData ? actionData.importError : null}
            />
          ) : null}
          {canManage && modal === 'novo-cliente' ? (
            <NewCustomerModal sellers={sellers} lastResult={answered('create-customer')?.result} created={answered('create-customer')?.created ?? null} />
          ) : null}
          {canManage && modal === 'editar-cliente' ? (
            <EditCustomerModal key={id} customer={customer} sellers={sellers} lastResult={answered('update-customer')?.result} />
          ) : null}
          {canManage && (modal === 'bloquear-cliente' || modal === 'desbloquear-cliente') ? (
            <BlockModal
              key={`${modal}-${id}`}
              customer={customer}
              block={modal === 'bloquear-cliente'}
              error={(answered('block') ?? answered('unblock'))?.error ?? null}
            />
          ) : null}
          {modal === 'pagamentos-cliente' ? (
            <CustomerPaymentsModal
              key={id}
              customer={payments?.cliente ?? null}
              payments={payments?.pagamentos ?? []}
              canManage={canManage}
              error={(answered('customer-payments') ?? answered('allow-all') ?? answered('remove-all'))?.error ?? null}
            />
          ) : null}
        </>
      ) : null}

      {aba === 'pagamentos' && methods ? (
        <>
          <PaymentsTab methods={methods} canManage={canManage} />
          {canManage && modal === 'nova-forma' ? <NewPaymentModal lastResult={answered('create-payment')?.result} /> : null}
          {canManage && modal === 'excluir-forma' ? <DeletePaymentModal key={id} method={method} error={answered('delete-payment')?.error ?? null} /> : null}
        </>
      ) : null}
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
