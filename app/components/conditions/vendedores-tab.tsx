import type { SubmissionResult } from '@conform-to/react'
import { Link } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { useTeamHref } from '~/components/team/links.ts'
import { Pagination } from '~/components/team/team-tabs.tsx'
import { sellersMessages as m } from '~/domain/conditions/sellers-messages.ts'
import type { VendedoresData } from '~/lib/conditions/vendedores.server.ts'
import type { ConditionTabProps } from './detail-tabs.tsx'

const REMOVE_FORM = 'vendedores-remover'

type Loaded = Extract<VendedoresData, { ol: false }>
type Answer = NonNullable<Loaded['answer']>

const errorsOf = (result: unknown) => {
  const reply = result as SubmissionResult<string[]> | undefined
  return reply?.error ? Object.values(reply.error).flat().filter((e): e is string => typeof e === 'string') : []
}

/** The sellers section: members and roles who sell the condition; add from pickers, remove. */
export function VendedoresTab({ data, actionData }: ConditionTabProps) {
  const tab = data as VendedoresData
  const href = useTeamHref()
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
          <input type="hidden" name="aba" value="vendedores" />
          <div className="field">
            <label htmlFor="vendedores-q">Buscar por nome ou e-mail</label>
            <input id="vendedores-q" name="q" type="search" defaultValue={tab.q} maxLength={255} />
          </div>
          <button type="submit" className="button">
            Buscar
          </button>
        </CompanyForm>
        {canChange ? (
          <Link to={href({ modal: 'adicionar-vendedor', busca: null })} className="button primary" preventScrollReset>
            Adicionar vendedor
          </Link>
        ) : null}
      </div>
      <SellerTable answer={answer} canChange={canChange} />
      <Pagination page={answer.vendedores.current_page} lastPage={answer.vendedores.last_page} total={answer.vendedores.total} noun="vendedores" href={(n) => href({ page: n, modal: null })} />
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
  return (
    <>
      {canChange ? (
        <CompanyForm method="post" id={REMOVE_FORM} className="toolbar">
          <input type="hidden" name="intent" value="remove" />
          <button type="submit" className="button danger">
            Remover marcados
          </button>
        </CompanyForm>
      ) : null}
      <div className="table-scroll" role="region" aria-labelledby="vendedores-caption" tabIndex={0}>
        <table className="data-table">
          <caption id="vendedores-caption" className="sr-only">
            Vendedores, página {answer.vendedores.current_page} de {answer.vendedores.last_page}
          </caption>
          <thead>
            <tr>
              {canChange ? (
                <th scope="col" className="select-cell">
                  <span className="sr-only">Marcar</span>
                </th>
              ) : null}
              <th scope="col">Vendedor</th>
              <th scope="col">Tipo</th>
              <th scope="col">E-mail ou membros</th>
              {canChange ? (
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((v) => (
              <tr key={v.id}>
                {canChange ? (
                  <td className="select-cell">
                    {v.tipo === 'U' ? <input type="checkbox" name="usuarios" value={v.usuario_id ?? ''} form={REMOVE_FORM} aria-label={`Marcar ${v.nome}`} /> : null}
                  </td>
                ) : null}
                <th scope="row">{v.nome}</th>
                <td>{v.tipo === 'U' ? 'Membro' : 'Cargo'}</td>
                <td>{v.tipo === 'U' ? v.email : `${v.membros ?? 0} ${v.membros === 1 ? 'membro' : 'membros'}`}</td>
                {canChange ? (
                  <td>
                    <button type="submit" form={REMOVE_FORM} name="vendedor" value={`${v.tipo}:${v.tipo === 'U' ? v.usuario_id : v.cargo_id}`} className="button">
                      Remover<span className="sr-only"> {v.nome}</span>
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
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
