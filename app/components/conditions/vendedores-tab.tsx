import type { SubmissionResult } from '@conform-to/react'
import { CompanyForm } from '~/components/company-form.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { DataTable, type Column } from '~/components/ui/data-table.tsx'
import { useListAddress, useListHref } from '~/components/ui/list-href.ts'
import { ListFields } from '~/components/ui/list-fields.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import { sellersMessages as m } from '~/domain/conditions/sellers-messages.ts'
import type { VendedoresData } from '~/lib/conditions/vendedores.server.ts'
import type { ConditionTabProps } from './detail-tabs.tsx'
import { SELLER_LIST, type SellerListState } from './tab-lists.ts'

const REMOVE_FORM = 'vendedores-remover'

type Loaded = Extract<VendedoresData, { ol: false }>
type Answer = NonNullable<Loaded['answer']>
type Seller = Answer['vendedores']['data'][number]

const errorsOf = (result: unknown) => {
  const reply = result as SubmissionResult<string[]> | undefined
  return reply?.error ? Object.values(reply.error).flat().filter((e): e is string => typeof e === 'string') : []
}

/** The sellers section: members and roles who sell the condition; add from pickers, remove. */
export function VendedoresTab({ data, actionData }: ConditionTabProps) {
  const tab = data as VendedoresData
  const href = useListHref()
  if (tab.ol) return <p className="notice notice-info">Os vendedores desta condição são da empresa dona dela.</p>
  if (!tab.answer) {
    return (
      <p className="notice notice-error" role="alert">
        {tab.error}
      </p>
    )
  }
  const { answer } = tab
  const canChange = !answer.somente_leitura
  return (
    <section className="stack" aria-labelledby="vendedores-title">
      <h2 id="vendedores-title">{m.heading}</h2>
      {canChange ? null : <p className="notice notice-info">{m.readOnly}</p>}
      <div className="customers-toolbar">
        <CompanyForm method="get" className="customers-search" role="search" aria-label="Buscar vendedores">
          <ListFields definition={SELLER_LIST} state={tab.list} asked={['q']} />
          <div className="field">
            <label htmlFor="vendedores-q">Buscar por nome ou e-mail</label>
            <input id="vendedores-q" name="q" type="search" defaultValue={tab.list.q} maxLength={255} />
          </div>
          <button type="submit" className="button">
            Buscar
          </button>
        </CompanyForm>
        {canChange ? (
          <a href={href({ modal: 'adicionar-vendedor', busca: null })} className="button primary">
            Adicionar vendedor
          </a>
        ) : null}
      </div>
      <SellerTable answer={answer} canChange={canChange} />
      <SellerPages answer={answer} list={tab.list} />
      {tab.picker ? (
        <AddSellerModal
          picker={tab.picker}
          sellersErrors={actionData?.intent === 'add-sellers' ? errorsOf(actionData.result) : []}
          cargosErrors={actionData?.intent === 'add-cargos' ? errorsOf(actionData.result) : []}
        />
      ) : null}
    </section>
  )
}

function SellerTable({ answer, canChange }: { answer: Answer; canChange: boolean }) {
  const rows = answer.vendedores.data
  if (rows.length === 0) {
    return (
      <div className="empty-state" role="status">
        <p>{m.empty}</p>
      </div>
    )
  }
  const columns: Column<Seller>[] = [
    { key: 'vendedor', header: 'Vendedor', rowHeader: true, cell: (v) => v.nome },
    { key: 'tipo', header: 'Tipo', cell: (v) => (v.tipo === 'U' ? 'Membro' : 'Cargo') },
    { key: 'contato', header: 'E-mail ou membros', cell: (v) => (v.tipo === 'U' ? v.email : `${v.membros ?? 0} ${v.membros === 1 ? 'membro' : 'membros'}`) },
  ]
  if (canChange)
    columns.push({
      key: 'acoes',
      header: <span className="sr-only">Ações</span>,
      // A button of the bulk form that names one seller (a member or a role): the server removes that one alone.
      cell: (v) => (
        <button type="submit" form={REMOVE_FORM} name="vendedor" value={`${v.tipo}:${v.tipo === 'U' ? v.usuario_id : v.cargo_id}`} className="button">
          Remover<span className="sr-only"> {v.nome}</span>
        </button>
      ),
    })
  return (
    <DataTable
      id="vendedores"
      caption={`Vendedores, página ${answer.vendedores.current_page} de ${answer.vendedores.last_page}`}
      rows={rows}
      rowKey={(v) => v.id}
      columns={columns}
      selection={
        canChange
          ? {
              formId: REMOVE_FORM,
              name: 'usuarios',
              // Only members are ticked together: a role is removed by its own button.
              value: (v) => (v.tipo === 'U' ? v.usuario_id : null),
              rowLabel: (v) => `Marcar ${v.nome}`,
              header: 'Marcar',
              allLabel: 'Marcar todos desta página',
              bulk: { label: 'Ações nos vendedores marcados', intent: 'remove', actions: [{ label: 'Remover marcados', tone: 'danger' }] },
            }
          : null
      }
    />
  )
}

function SellerPages({ answer, list }: { answer: Answer; list: SellerListState }) {
  const address = useListAddress(SELLER_LIST, list)
  return <Pagination page={answer.vendedores} label="Paginação de vendedores" count={{ one: 'vendedor', many: 'vendedores' }} href={(n) => address({ page: n })} />
}

function AddSellerModal({ picker, sellersErrors, cargosErrors }: { picker: NonNullable<Loaded['picker']>; sellersErrors: string[]; cargosErrors: string[] }) {
  const members = picker.usuarios.filter((u) => !u.ja_vende)
  const roles = picker.cargos.filter((c) => !c.ja_vende)
  return (
    <RouteModal title="Adicionar vendedor" closeParams={['modal', 'busca']}>
      <CompanyForm method="get" role="search" aria-label="Buscar membros e cargos" className="toolbar">
        <input type="hidden" name="aba" value="vendedores" />
        <input type="hidden" name="modal" value="adicionar-vendedor" />
        <div className="field">
          <label htmlFor="vendedor-busca">Buscar membro ou cargo</label>
          <input id="vendedor-busca" name="busca" type="search" defaultValue={picker.busca} maxLength={255} />
        </div>
        <button type="submit" className="button">
          Buscar
        </button>
      </CompanyForm>
      <CompanyForm method="post" className="stack">
        <input type="hidden" name="intent" value="add-sellers" />
        <fieldset className="stack">
          <legend>{m.addMembers}</legend>
          {members.length === 0 ? <p className="muted">Nenhum membro a adicionar.</p> : null}
          {members.map((u) => (
            <div className="checkbox-row" key={u.id}>
              <input type="checkbox" id={`vendedor-usuario-${u.id}`} name="usuarios" value={u.id} />
              <label htmlFor={`vendedor-usuario-${u.id}`}>
                {u.nome} <span className="muted">{u.email}</span>
              </label>
            </div>
          ))}
        </fieldset>
        {sellersErrors.length ? (
          <p className="notice notice-error" role="alert">
            {sellersErrors.join(' ')}
          </p>
        ) : null}
        {members.length ? (
          <button type="submit" className="button primary">
            Adicionar membros marcados
          </button>
        ) : null}
      </CompanyForm>
      <CompanyForm method="post" className="stack">
        <input type="hidden" name="intent" value="add-cargos" />
        <fieldset className="stack">
          <legend>{m.addCargos}</legend>
          {roles.length === 0 ? <p className="muted">Nenhum cargo a adicionar.</p> : null}
          {roles.map((c) => (
            <div className="checkbox-row" key={c.id}>
              <input type="checkbox" id={`vendedor-cargo-${c.id}`} name="cargos" value={c.id} />
              <label htmlFor={`vendedor-cargo-${c.id}`}>
                {c.nome} <span className="muted">({c.membros} {c.membros === 1 ? 'membro' : 'membros'})</span>
              </label>
            </div>
          ))}
        </fieldset>
        {cargosErrors.length ? (
          <p className="notice notice-error" role="alert">
            {cargosErrors.join(' ')}
          </p>
        ) : null}
        {roles.length ? (
          <button type="submit" className="button primary">
            Adicionar cargos marcados
          </button>
        ) : null}
      </CompanyForm>
    </RouteModal>
  )
}
