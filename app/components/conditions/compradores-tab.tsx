import type { SubmissionResult } from '@conform-to/react'
import { CompanyDownload, CompanyForm } from '~/components/company-form.tsx'
import { FormErrors, MaskedField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { SpreadsheetImport } from '~/components/spreadsheet-import.tsx'
import { DataTable, type Column } from '~/components/ui/data-table.tsx'
import { useListAddress, useListHref } from '~/components/ui/list-href.ts'
import { ListFields } from '~/components/ui/list-fields.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { buyersMessages as m } from '~/domain/conditions/buyers-messages.ts'
import { BUYER_TYPES } from '~/domain/conditions/buyer-types.ts'
import { maskCnpj } from '~/domain/shared/masks.ts'
import type { CompradoresData } from '~/lib/conditions/compradores.server.ts'
import { exportPath } from '~/lib/spreadsheet-import.ts'
import type { ConditionTabProps } from './detail-tabs.tsx'
import { BUYER_LIST, type BuyerListState } from './tab-lists.ts'
import { formSchema } from '~/components/form-schema.ts'

const findBuyerFormSchema = formSchema('FindBuyerFormSchema')

const MODAL_PARAMS = ['modal', 'cnpj', 'busca']
const REMOVE_FORM = 'compradores-remover'
const TYPE_LABELS = { T: 'Todos', C: 'Clientes', B: 'Bandeiras' } as const
const STATUS_LABELS = { vinculado: 'Vinculado', pendente: 'Convite pendente', bloqueado: 'Bloqueado' } as const
const STATUS_BADGES = { vinculado: 'badge-success', pendente: 'badge-warning', bloqueado: 'badge-danger' } as const

type Answer = NonNullable<CompradoresData['answer']>
type Buyer = Answer['compradores']['data'][number]

/** The buyers section: which list, its buyers (search, type, pages), adding, removing, import and export. */
export function CompradoresTab({ data, detail, actionData }: ConditionTabProps) {
  const tab = data as CompradoresData
  const href = useListHref()
  const address = useListAddress(BUYER_LIST, tab.list)
  const answered = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined)
  if (!tab.answer) {
    return (
      <p className="notice notice-error" role="alert">
        {tab.error}
      </p>
    )
  }
  const { answer, list } = tab
  const canChange = !answer.somente_leitura
  const isSeller = detail.acesso === 'vendedor'
  const importError = (answered('importar-planilha') as { importError?: string } | undefined)?.importError ?? null
  return (
    <section className="stack" aria-labelledby="compradores-title">
      <h2 id="compradores-title">{m.heading}</h2>
      {isSeller && answer.listas.length > 0 ? <ListChooser answer={answer} list={list} /> : null}
      {answer.parceiro?.espelho_de ? (
        <p className="notice notice-info">{m.mirrorNotice(answer.parceiro.espelho_de.nome)}</p>
      ) : !canChange ? (
        <p className="notice notice-info">{m.readOnly}</p>
      ) : null}

      <div className="customers-toolbar">
        <CompanyForm method="get" className="customers-search" role="search" aria-label="Buscar compradores">
          <ListFields definition={BUYER_LIST} state={list} asked={['q', 'tipo']} />
          <div className="field">
            <label htmlFor="compradores-q">Buscar por nome ou CNPJ</label>
            <input id="compradores-q" name="q" type="search" defaultValue={list.q} maxLength={255} />
          </div>
          <div className="field">
            <label htmlFor="compradores-tipo">Tipo</label>
            <select id="compradores-tipo" name="tipo" defaultValue={list.tipo}>
              {BUYER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button">
            Buscar
          </button>
        </CompanyForm>
        {canChange ? (
          <div className="toolbar">
            <a href={href({ modal: 'adicionar-comprador', cnpj: null, busca: null })} className="button primary">
              {m.add}
            </a>
            {tab.ownList ? (
              <CompanyForm method="post">
                <button type="submit" name="intent" value="add-all" className="button">
                  {m.addAll}
                </button>
              </CompanyForm>
            ) : null}
          </div>
        ) : null}
      </div>

      <BuyerTable answer={answer} canChange={canChange} />
      <Pagination page={answer.compradores} label="Paginação de compradores" count={{ one: 'comprador', many: 'compradores' }} href={(n) => address({ page: n })} />

      {isSeller ? (
        <div className="toolbar">
          <CompanyDownload className="button" href={exportPath(`compradores/${detail.condicao.id}`)}>
            Exportar compradores (xlsx)
          </CompanyDownload>
        </div>
      ) : null}
      {isSeller && canChange ? <SpreadsheetImport kind="compradores" title="Importar compradores" job={tab.importacao} error={importError} /> : null}

      {canChange && tab.modalOpen ? (
        <AddBuyerModal
          tab={tab}
          lastFind={answered('find-buyer') as SubmissionResult<string[]> | undefined}
          lastPick={answered('pick-customers') as SubmissionResult<string[]> | undefined}
        />
      ) : null}
    </section>
  )
}

function ListChooser({ answer, list }: { answer: Answer; list: BuyerListState }) {
  const address = useListAddress(BUYER_LIST, list)
  const lista = list.lista
  // Another list opens from its start, with its own search.
  const to = (value: number | null) => address({ lista: value, q: '' })
  return (
    <nav aria-label={m.listLabel}>
      <ul className="team-tabs">
        <li>
          <a href={to(null)} aria-current={lista === null ? 'page' : undefined}>
            {m.directList}
          </a>
        </li>
        {answer.listas.map((l) => (
          <li key={l.organizacao_id}>
            <a href={to(l.organizacao_id)} aria-current={lista === l.organizacao_id ? 'page' : undefined}>
              OL {l.nome}
              {l.espelho ? ' (espelho)' : ''}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function BuyerTable({ answer, canChange }: { answer: Answer; canChange: boolean }) {
  const rows = answer.compradores.data
  if (rows.length === 0) {
    return (
      <div className="empty-state" role="status">
        <p>{m.empty}</p>
      </div>
    )
  }
  const columns: Column<Buyer>[] = [
    { key: 'comprador', header: 'Comprador', rowHeader: true, cell: (b) => b.nome },
    { key: 'cnpj', header: 'CNPJ', className: 'nowrap', cell: (b) => maskCnpj(b.cnpj) },
    { key: 'tipo', header: 'Tipo', cell: (b) => (b.tipo === 'C' ? 'Cliente' : 'Bandeira') },
    {
      key: 'situacao',
      header: 'Situação',
      cell: (b) =>
        b.situacao ? <span className={`badge ${STATUS_BADGES[b.situacao]}`}>{STATUS_LABELS[b.situacao]}</span> : `${b.unidades ?? 0} ${b.unidades === 1 ? 'unidade' : 'unidades'}`,
    },
  ]
  if (canChange)
    columns.push({
      key: 'acoes',
      header: <span className="sr-only">Ações</span>,
      // A button of the bulk form that names one buyer: the server removes that one alone, whatever else is ticked.
      cell: (b) => (
        <button type="submit" form={REMOVE_FORM} name="comprador_id" value={b.id} className="button">
          {m.remove}
          <span className="sr-only"> {b.nome}</span>
        </button>
      ),
    })
  return (
    <DataTable
      id="compradores"
      caption={`Compradores, página ${answer.compradores.current_page} de ${answer.compradores.last_page}`}
      rows={rows}
      rowKey={(b) => b.id}
      columns={columns}
      selection={
        canChange
          ? {
              formId: REMOVE_FORM,
              name: 'compradores',
              value: (b) => b.id,
              rowLabel: (b) => `Marcar ${b.nome}`,
              header: 'Marcar',
              allLabel: 'Marcar todos desta página',
              bulk: { label: 'Ações nos compradores marcados', intent: 'remove', actions: [{ label: m.removeChecked, tone: 'danger' }] },
            }
          : null
      }
    />
  )
}

function AddBuyerModal({ tab, lastFind, lastPick }: { tab: CompradoresData; lastFind: SubmissionResult<string[]> | undefined; lastPick: SubmissionResult<string[]> | undefined }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(findBuyerFormSchema, { id: 'comprador-cnpj', lastResult: lastFind })
  const lookup = tab.lookup
  const found = lookup?.found
  const pickErrors = lastPick?.error ? Object.values(lastPick.error).flat() : []
  return (
    <RouteModal title={m.add} closeParams={MODAL_PARAMS}>
      {/* Focus starts here, not in the CNPJ: leaving that empty field for the customers' search would show its
          'obrigatório' message for a path the person did not take. */}
      <p className="muted" tabIndex={-1} data-autofocus>
        Busque pelo CNPJ ou escolha entre seus clientes.
      </p>
      <CompanyForm method="post" {...formProps} className="stack">
        <input type="hidden" name="intent" value="find-buyer" />
        <FormErrors form={form} />
        <MaskedField label="CNPJ do cliente ou da bandeira" meta={fields.cnpj} mask="cnpj" />
        <SubmitButton disabled={submitDisabled} pending="Buscando…">
          Buscar CNPJ
        </SubmitButton>
      </CompanyForm>
      {lookup ? (
        <div className="stack" role="status" aria-live="polite">
          {lookup.error ? <p className="notice notice-error">{lookup.error}</p> : null}
          {found?.cliente ? (
            <FoundRow
              label={`Cliente: ${found.cliente.nome} (${STATUS_LABELS[found.cliente.situacao]})`}
              already={found.cliente.ja_comprador}
              field="cliente_id"
              id={found.cliente.id}
              action="Adicionar cliente"
            />
          ) : null}
          {found?.bandeira ? (
            <FoundRow
              label={`Bandeira: ${found.bandeira.nome} (${found.bandeira.unidades} ${found.bandeira.unidades === 1 ? 'unidade' : 'unidades'})`}
              already={found.bandeira.ja_comprador}
              field="bandeira_id"
              id={found.bandeira.id}
              action="Adicionar bandeira"
            />
          ) : null}
          {found?.unidade && !found.cliente ? (
            <p>
              {found.unidade.nome} está na plataforma, mas não é cliente desta lista: cadastre-a em Clientes
              {found.unidade.bandeira ? ` ou adicione a bandeira ${found.unidade.bandeira.nome}` : ''}.
            </p>
          ) : null}
          {found?.unidade?.bandeira && !found.cliente ? (
            <FoundRow label={`Bandeira: ${found.unidade.bandeira.nome}`} already={false} field="bandeira_id" id={found.unidade.bandeira.id} action="Adicionar bandeira" />
          ) : null}
        </div>
      ) : null}
      {tab.customers ? (
        <section className="stack" aria-labelledby="comprador-clientes-title">
          <h3 id="comprador-clientes-title">Ou escolha entre seus clientes</h3>
          <CompanyForm method="get" role="search" aria-label="Buscar clientes" className="toolbar">
            <input type="hidden" name="aba" value="compradores" />
            <input type="hidden" name="modal" value="adicionar-comprador" />
            <div className="field">
              <label htmlFor="comprador-busca">Buscar cliente</label>
              <input id="comprador-busca" name="busca" type="search" defaultValue={tab.customers.busca} maxLength={255} />
            </div>
            <button type="submit" className="button">
              Buscar
            </button>
          </CompanyForm>
          {tab.customers.page.data.length === 0 ? (
            <p className="muted">Nenhum cliente encontrado.</p>
          ) : (
            <CompanyForm method="post" className="stack">
              <input type="hidden" name="intent" value="pick-customers" />
              <fieldset className="stack">
                <legend>Clientes</legend>
                {tab.customers.page.data.map((c) => (
                  <div className="checkbox-row" key={c.id}>
                    <input type="checkbox" id={`comprador-cliente-${c.id}`} name="clientes" value={c.id} />
                    <label htmlFor={`comprador-cliente-${c.id}`}>
                      {c.nome} <span className="muted">{maskCnpj(c.cnpj)}</span>
                    </label>
                  </div>
                ))}
              </fieldset>
              {pickErrors.length ? (
                <p className="notice notice-error" role="alert">
                  {pickErrors.join(' ')}
                </p>
              ) : null}
              <button type="submit" className="button primary">
                Adicionar marcados
              </button>
            </CompanyForm>
          )}
        </section>
      ) : null}
    </RouteModal>
  )
}

function FoundRow({ label, already, field, id, action }: { label: string; already: boolean; field: 'cliente_id' | 'bandeira_id'; id: number; action: string }) {
  return (
    <CompanyForm method="post" className="toolbar">
      <input type="hidden" name="intent" value="add-buyer" />
      <input type="hidden" name={field} value={id} />
      <p>{label}</p>
      {already ? (
        <p className="muted">Já está na lista.</p>
      ) : (
        <button type="submit" className="button primary">
          {action}
        </button>
      )}
    </CompanyForm>
  )
}
