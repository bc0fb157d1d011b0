import type { SubmissionResult } from '@conform-to/react'
import { CompanyForm } from '~/components/company-form.tsx'
import { Field, FormErrors, MaskedField, SelectField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { formatDate } from '~/components/team/format.ts'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { DataTable, type Column, type SortState } from '~/components/ui/data-table.tsx'
import { useListAddress, useListHref } from '~/components/ui/list-href.ts'
import { ListFields } from '~/components/ui/list-fields.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { customerScreenMessages as s } from '~/domain/customers/messages.ts'
import { CUSTOMER_FILTERS, type CustomerOrder } from '~/domain/customers/list-options.ts'
import { formatTelefone } from '~/domain/customers/phone.ts'
import { maskCnpj } from '~/domain/shared/masks.ts'
import { CUSTOMER_LIST, MODAL_PARAMS, type Customer, type CustomerListState, type CustomerPayment, type Paginated, type Seller } from './types.ts'
import { formSchema } from '~/components/form-schema.ts'

const createCustomerFormSchema = formSchema('CreateCustomerFormSchema')
const updateCustomerFormSchema = formSchema('UpdateCustomerFormSchema')

type LastResult = SubmissionResult<string[]> | undefined

/** A column that orders the list by it: its name, or '-' and its name the other way (the second press). */
function sortBy(field: 'nome' | 'cnpj' | 'created_at', ordem: CustomerOrder, href: (ordem: CustomerOrder) => string): SortState {
  const direction = ordem === field ? 'asc' : ordem === `-${field}` ? 'desc' : null
  return { direction, href: href(ordem === field ? `-${field}` : field) }
}

export function StatusBadges({ customer }: { customer: Customer }) {
  return (
    <span className="badge-list">
      {customer.bloqueado ? <span className="badge badge-danger">{s.blockedBadge}</span> : null}
      {customer.situacao === 'pendente' ? <span className="badge badge-warning">{s.pendingBadge}</span> : <span className="badge badge-success">{s.linkedBadge}</span>}
    </span>
  )
}

export function CustomersTab({ page, list, canManage, canReadOrders }: { page: Paginated<Customer>; list: CustomerListState; canManage: boolean; canReadOrders: boolean }) {
  const href = useListHref()
  const address = useListAddress(CUSTOMER_LIST, list)
  const sort = (field: 'nome' | 'cnpj' | 'created_at') => sortBy(field, list.ordem, (ordem) => address({ ordem }))
  const filtered = Boolean(list.q) || list.filtro !== 'todos'
  const columns: Column<Customer>[] = [
    { key: 'nome', header: 'Cliente', sort: sort('nome'), label: 'Cliente', className: 'customer-name', cell: (c) => <strong>{c.nome}</strong> },
    { key: 'cnpj', header: 'CNPJ', sort: sort('cnpj'), label: 'CNPJ', className: 'nowrap', cell: (c) => maskCnpj(c.cnpj) },
    {
      key: 'contato',
      header: 'Contato',
      label: 'Contato',
      cell: (c) => (
        <>
          {c.contato_nome ?? ''}
          {c.contato_email ? <div className="muted">{c.contato_email}</div> : null}
          {c.contato_telefone ? <div className="muted nowrap">{formatTelefone(c.contato_telefone)}</div> : null}
        </>
      ),
    },
    { key: 'vendedor', header: 'Vendedor', label: 'Vendedor', cell: (c) => c.vendedor ?? <span className="muted">{s.noSeller}</span> },
    { key: 'situacao', header: 'Situação', label: 'Situação', cell: (c) => <StatusBadges customer={c} /> },
    { key: 'created_at', header: 'Cadastro', sort: sort('created_at'), label: 'Cadastro', className: 'nowrap', cell: (c) => formatDate(c.created_at) },
    {
      key: 'acoes',
      header: 'Ações',
      cell: (c) => (
        <div className="actions">
          {canManage ? (
            <a href={href({ modal: 'editar-cliente', id: c.id })} className="button" aria-label={`${s.edit} ${c.nome}`}>
              {s.edit}
            </a>
          ) : null}
          <a href={href({ modal: 'pagamentos-cliente', id: c.id })} className="button" aria-label={`${s.payments} de ${c.nome}`}>
            {s.payments}
          </a>
          {canReadOrders ? (
            <a href={`/orders-customer/${c.id}`} className="button" aria-label={`${s.orders} de ${c.nome}`}>
              {s.orders}
            </a>
          ) : null}
          {canManage ? (
            <a
              href={href({ modal: c.bloqueado ? 'desbloquear-cliente' : 'bloquear-cliente', id: c.id })}
              className={c.bloqueado ? 'button' : 'button danger'}
              aria-label={`${c.bloqueado ? s.unblock : s.block} ${c.nome}`}
            >
              {c.bloqueado ? s.unblock : s.block}
            </a>
          ) : null}
        </div>
      ),
    },
  ]
  return (
    <div className="stack">
      <div className="customers-toolbar">
        <CompanyForm method="get" className="customers-search" role="search" aria-label={s.searchLabel}>
          <ListFields definition={CUSTOMER_LIST} state={list} asked={['q', 'filtro']} />
          <div className="field">
            <label htmlFor="customers-q">{s.searchLabel}</label>
            <input id="customers-q" name="q" type="search" defaultValue={list.q} placeholder={s.searchPlaceholder} maxLength={255} />
          </div>
          <div className="field">
            <label htmlFor="customers-filtro">{s.filterLabel}</label>
            <select id="customers-filtro" name="filtro" defaultValue={list.filtro}>
              {CUSTOMER_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {s.filters[f]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            Buscar
          </button>
        </CompanyForm>
        {canManage ? (
          <a href={href({ modal: 'novo-cliente', id: null })} className="button primary">
            {s.newCustomer}
          </a>
        ) : null}
      </div>

      {page.data.length === 0 ? (
        <div className="empty-state" role="status">
          <p>{filtered ? s.noCustomersFound : s.noCustomers}</p>
        </div>
      ) : (
        <DataTable id="clientes" caption="Lista de clientes" rows={page.data} rowKey={(c) => c.id} columns={columns} />
      )}
      <Pagination page={page} label="Paginação de clientes" count={{ one: 'cliente', many: 'clientes' }} href={(n) => address({ page: n })} />
    </div>
  )
}

const sellerOptions = (sellers: Seller[]) => sellers.map((v) => ({ value: String(v.id), label: v.nome }))

export function NewCustomerModal({ sellers, lastResult, created }: { sellers: Seller[]; lastResult: LastResult; created: { message: string; link: string | null } | null }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(createCustomerFormSchema, { id: 'customer-new', lastResult })
  if (created) {
    return (
      <RouteModal title={s.newCustomer} closeParams={MODAL_PARAMS}>
        {/* The pressed button went with the form: the keyboard starts on the message, then Tab reaches the link. */}
        <p role="status" tabIndex={-1} data-autofocus>
          {created.message}
        </p>
        {created.link ? (
          <div className="field">
            <label htmlFor="customer-invite-link">{s.inviteLink}</label>
            <input id="customer-invite-link" className="invite-link" readOnly value={created.link} />
          </div>
        ) : null}
      </RouteModal>
    )
  }
  return (
    <RouteModal title={s.newCustomer} closeParams={MODAL_PARAMS}>
      <p className="muted">Se a empresa já estiver na plataforma, ela é vinculada na hora; senão, recebe um convite no e-mail do contato.</p>
      <CompanyForm method="post" {...formProps}>
        <input type="hidden" name="intent" value="create-customer" />
        <FormErrors form={form} />
        <MaskedField label="CNPJ" meta={fields.cnpj} mask="cnpj" />
        <Field label="Nome do cliente" meta={fields.nome} inputProps={{ maxLength: 255 }} />
        <Field label="Nome do contato" meta={fields.contato_nome} inputProps={{ maxLength: 255, autoComplete: 'off' }} />
        <Field label="E-mail do contato" type="email" meta={fields.contato_email} inputProps={{ autoComplete: 'off' }} />
        <MaskedField label="Telefone do contato" meta={fields.contato_telefone} mask="cellphone" />
        <SelectField label="Vendedor" meta={fields.vendedor_id} placeholder={s.noSeller} options={sellerOptions(sellers)} />
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          Cadastrar cliente
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

export function EditCustomerModal({ customer, sellers, lastResult }: { customer: Customer | null; sellers: Seller[]; lastResult: LastResult }) {
  if (!customer) {
    return (
      <RouteModal title="Editar cliente" closeParams={MODAL_PARAMS}>
        <p role="alert">{s.customerGone}</p>
      </RouteModal>
    )
  }
  return <EditCustomerForm customer={customer} sellers={sellers} lastResult={lastResult} />
}

function EditCustomerForm({ customer, sellers, lastResult }: { customer: Customer; sellers: Seller[]; lastResult: LastResult }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(updateCustomerFormSchema, {
    id: `customer-edit-${customer.id}`,
    lastResult,
    defaultValue: {
      cliente_id: customer.id,
      nome: customer.nome,
      contato_nome: customer.contato_nome ?? undefined,
      contato_email: customer.contato_email ?? undefined,
      contato_telefone: customer.contato_telefone ? formatTelefone(customer.contato_telefone) : undefined,
      vendedor_id: customer.vendedor_id ?? undefined,
    },
  })
  return (
    <RouteModal title={`Editar ${customer.nome}`} closeParams={MODAL_PARAMS}>
      <p className="muted">CNPJ {maskCnpj(customer.cnpj)}</p>
      <CompanyForm method="post" {...formProps}>
        <input type="hidden" name="intent" value="update-customer" />
        <input type="hidden" name="cliente_id" value={customer.id} />
        <FormErrors form={form} />
        <Field label="Nome do cliente" meta={fields.nome} inputProps={{ maxLength: 255 }} />
        <Field label="Nome do contato" meta={fields.contato_nome} inputProps={{ maxLength: 255, autoComplete: 'off' }} />
        <Field label="E-mail do contato" type="email" meta={fields.contato_email} inputProps={{ autoComplete: 'off' }} />
        <MaskedField label="Telefone do contato" meta={fields.contato_telefone} mask="cellphone" />
        <SelectField label="Vendedor" meta={fields.vendedor_id} placeholder={s.noSeller} options={sellerOptions(sellers)} />
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          Salvar
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}

export function BlockModal({ customer, block, error }: { customer: Customer | null; block: boolean; error: string | null }) {
  const title = `${block ? s.block : s.unblock} cliente`
  if (!customer) return <ConfirmModal title={title} closeParams={MODAL_PARAMS} gone={s.customerGone} />
  return (
    <ConfirmModal
      title={title}
      closeParams={MODAL_PARAMS}
      question={block ? s.confirmBlock(customer.nome) : s.confirmUnblock(customer.nome)}
      fields={{ intent: block ? 'block' : 'unblock', cliente_id: customer.id }}
      errors={error ? [error] : null}
      cancelLabel="Não"
      confirmLabel={block ? 'Sim, bloquear' : 'Sim, desbloquear'}
      tone={block ? 'danger' : 'primary'}
    />
  )
}

/** The methods the customer may use: checkboxes saved together, or all allowed / all removed at once. */
export function CustomerPaymentsModal(props: { customer: { id: number; nome: string } | null; payments: CustomerPayment[]; canManage: boolean; error: string | null }) {
  const { customer, payments, canManage, error } = props
  if (!customer) {
    return (
      <RouteModal title={s.payments} closeParams={MODAL_PARAMS}>
        <p role="alert">{s.customerGone}</p>
      </RouteModal>
    )
  }
  const title = s.paymentsOf(customer.nome)
  if (payments.length === 0) {
    return (
      <RouteModal title={title} closeParams={MODAL_PARAMS}>
        <p>{s.noPaymentMethods}</p>
      </RouteModal>
    )
  }
  const label = (p: CustomerPayment) => `${p.nome} (${s.term(p.prazo_dias)})`
  if (!canManage) {
    return (
      <RouteModal title={title} closeParams={MODAL_PARAMS}>
        <ul className="payment-options">
          {payments.map((p) => (
            <li key={p.id}>
              {label(p)}: <strong>{p.permitido ? 'permitida' : 'não permitida'}</strong>
            </li>
          ))}
        </ul>
      </RouteModal>
    )
  }
  return (
    <RouteModal title={title} closeParams={MODAL_PARAMS}>
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      <CompanyForm method="post" className="stack">
        <input type="hidden" name="cliente_id" value={customer.id} />
        <fieldset className="stack">
          <legend>Formas de pagamento permitidas</legend>
          <ul className="payment-options">
            {payments.map((p) => (
              <li key={p.id}>
                <label>
                  <input type="checkbox" name="pagamentos" value={p.id} defaultChecked={p.permitido} />
                  {label(p)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <div className="button-row">
          {/* First in the form: the one the Enter key submits. */}
          <button type="submit" name="intent" value="customer-payments" className="button primary">
            Salvar
          </button>
          <button type="submit" name="intent" value="allow-all" className="button">
            {s.allowAll}
          </button>
          <button type="submit" name="intent" value="remove-all" className="button">
            {s.removeAll}
          </button>
        </div>
      </CompanyForm>
    </RouteModal>
  )
}
