import { CompanyForm } from '~/components/company-form.tsx'
import { DataTable, sortState, type Column } from '~/components/ui/data-table.tsx'
import { useListAddress, useListHref } from '~/components/ui/list-href.ts'
import { ListFields } from '~/components/ui/list-fields.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import { conditionScreenMessages as m } from '~/domain/conditions/messages.ts'
import { formatPercent } from '~/domain/conditions/percent.ts'
import type { ConditionOrderField } from '~/domain/conditions/schemas.ts'
import { conditionDetailsMessages, conditionDetailsPath, minimumsText } from '~/domain/conditions/tabs.ts'
import { CONDITION_LIST, type CondicaoLista, type CondicoesPage, type ConditionListState } from './list-types.ts'

const BULK_FORM = 'condicoes-selecionadas'

const dateText = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '—')
const createdText = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
const countsText = (c: CondicaoLista) =>
  [
    c.produtos === 1 ? '1 produto' : `${c.produtos} produtos`,
    c.compradores === 1 ? '1 comprador' : `${c.compradores} compradores`,
    c.ols === 1 ? '1 OL' : `${c.ols} OLs`,
  ].join(' · ')

/** A row's switch: flips the condition (condicoesAtivaInativa); works without JavaScript. */
function ActiveForm({ condition, canChange }: { condition: CondicaoLista; canChange: boolean }) {
  const text = condition.ativo ? conditionDetailsMessages.active : conditionDetailsMessages.inactive
  if (!canChange) return <span className={`badge${condition.ativo ? '' : ' badge-muted'}`}>{text}</span>
  return (
    <CompanyForm method="post" preventScrollReset>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="condicao_id" value={condition.id} />
      {/* Its name says the state it shows and what a press does ('Ativa: X. Desativar'), not a pressed state to decode. */}
      <button
        type="submit"
        className={`button flag-button${condition.ativo ? ' is-on' : ''}`}
        aria-label={`${text}: ${condition.nome}. ${condition.ativo ? 'Desativar' : 'Ativar'}`}
        // Marked aria-disabled while sending, not disabled (app/enhance/pending.ts): a disabled button loses the focus, and the keyboard its place.
        id={`alternar-condicao-${condition.id}`}
        data-keep-focus
      >
        {text}
      </button>
    </CompanyForm>
  )
}

export function ConditionTable({ page, state, canChange }: { page: CondicoesPage; state: ConditionListState; canChange: boolean }) {
  const href = useListHref()
  const address = useListAddress(CONDITION_LIST, state)
  const sort = (key: ConditionOrderField) => sortState(key, state, (ordem, direcao) => address({ ordem, direcao }))
  const columns: Column<CondicaoLista>[] = [
    {
      key: 'nome',
      header: 'Condição',
      sort: sort('nome'),
      rowHeader: true,
      className: 'product-name',
      cell: (c) => (
        <>
          <a href={conditionDetailsPath(c, 'C')}>{c.nome}</a>
          <small className="muted">
            {countsText(c)}
            {c.visivel ? '' : ' · oculta para os compradores'}
          </small>
        </>
      ),
    },
    { key: 'tipo_tabela', header: 'Tabela', sort: sort('tipo_tabela'), label: 'Tabela', cell: (c) => conditionDetailsMessages.tableType[c.tipo_tabela] },
    { key: 'inicio', header: 'Início', sort: sort('inicio'), label: 'Início', className: 'nowrap', cell: (c) => dateText(c.inicio) },
    { key: 'fim', header: 'Fim', sort: sort('fim'), label: 'Fim', className: 'nowrap', cell: (c) => dateText(c.fim) },
    { key: 'created_at', header: 'Criada em', sort: sort('created_at'), label: 'Criada em', className: 'nowrap', cell: (c) => createdText(c.created_at) },
    { key: 'minimos', header: 'Mínimos', label: 'Mínimos', className: 'nowrap', cell: (c) => minimumsText(c.minimo_valor_centavos, c.minimo_quantidade) },
    { key: 'situacao', header: 'Situação', label: 'Situação', cell: (c) => <ActiveForm condition={c} canChange={canChange} /> },
  ]
  if (canChange)
    columns.push({
      key: 'acoes',
      header: <span className="sr-only">Ações</span>,
      cell: (c) => (
        <div className="row-actions">
          <a href={href({ modal: 'editar', id: c.id })} className="button">
            Editar<span className="sr-only"> {c.nome}</span>
          </a>
          <a href={href({ modal: 'minimos', id: c.id })} className="button">
            Mínimos<span className="sr-only"> de {c.nome}</span>
          </a>
          <a href={href({ modal: 'excluir', id: c.id })} className="button danger">
            Excluir<span className="sr-only"> {c.nome}</span>
          </a>
        </div>
      ),
    })
  return (
    <div className="stack">
      <DataTable
        id="condicoes"
        caption={`Condições, página ${page.current_page} de ${page.last_page}`}
        rows={page.data}
        rowKey={(c) => c.id}
        rowClassName={(c) => (c.ativo ? undefined : 'is-inactive')}
        columns={columns}
        selection={
          canChange
            ? {
                formId: BULK_FORM,
                name: 'ids',
                value: (c) => c.id,
                rowLabel: (c) => `Selecionar ${c.nome}`,
                header: 'Selecionar',
                allLabel: 'Selecionar todas desta página',
                bulk: {
                  label: 'Ações nas condições selecionadas',
                  intent: 'bulk',
                  lead: 'Selecionadas:',
                  actions: [
                    { label: 'Ativar', name: 'acao', value: 'ativar' },
                    { label: 'Desativar', name: 'acao', value: 'desativar' },
                  ],
                },
              }
            : null
        }
      />
      <ConditionPages page={page} state={state} />
    </div>
  )
}

/** The conditions this company serves as an OL: each opens the OL's page of that condition, where it accepts or refuses. */
export function OlTable({ page, state, orgId, orgName }: { page: CondicoesPage; state: ConditionListState; orgId: number; orgName: string }) {
  const columns: Column<CondicaoLista>[] = [
    {
      key: 'nome',
      header: 'Condição',
      rowHeader: true,
      cell: (c) => {
        const discount = c.parceiro?.desconto_extra ?? '0'
        const path = `/olDetails/${orgId}/${encodeURIComponent(orgName.slice(0, 80) || 'ol')}/${c.vendedor.id}/${c.id}/${encodeURIComponent(discount)}`
        return <a href={path}>{c.nome}</a>
      },
    },
    { key: 'vendedor', header: 'Vendedor', cell: (c) => c.vendedor.nome },
    { key: 'tabela', header: 'Tabela', cell: (c) => conditionDetailsMessages.tableType[c.tipo_tabela] },
    { key: 'desconto', header: 'Desconto extra', numeric: true, cell: (c) => `${formatPercent(c.parceiro?.desconto_extra ?? '0')}%` },
    {
      key: 'convite',
      header: 'Convite',
      cell: (c) => <span className={`badge${c.parceiro?.status === 'aceito' ? '' : ' badge-muted'}`}>{c.parceiro?.status === 'aceito' ? m.olAccepted : m.olPending}</span>,
    },
  ]
  return (
    <div className="stack">
      <DataTable id="ol" caption={`Condições em que esta empresa é OL, página ${page.current_page} de ${page.last_page}`} rows={page.data} rowKey={(c) => c.id} columns={columns} />
      <ConditionPages page={page} state={state} />
    </div>
  )
}

function ConditionPages({ page, state }: { page: CondicoesPage; state: ConditionListState }) {
  const address = useListAddress(CONDITION_LIST, state)
  return <Pagination page={page} label="Paginação de condições" count={{ one: 'condição', many: 'condições' }} countAlone href={(n) => address({ page: n })} />
}

export function ConditionFilters({ state }: { state: ConditionListState }) {
  return (
    <CompanyForm method="get" className="products-filters" role="search" aria-label="Filtros de condições">
      <ListFields definition={CONDITION_LIST} state={state} asked={['q', 'filtro']} />
      <div className="field products-search">
        <label htmlFor="condicoes-q">Buscar</label>
        <input id="condicoes-q" name="q" type="search" defaultValue={state.q} placeholder="Nome da condição" maxLength={255} />
      </div>
      <div className="field">
        <label htmlFor="condicoes-filtro">Situação</label>
        <select id="condicoes-filtro" name="filtro" defaultValue={state.filtro}>
          <option value="todos">Todas</option>
          <option value="ativas">Ativas</option>
          <option value="inativas">Inativas</option>
          <option value="vigentes">Vigentes hoje</option>
        </select>
      </div>
      <button type="submit" className="button" id="condicoes-filtrar">
        Filtrar
      </button>
    </CompanyForm>
  )
}

export const emptyText = (state: ConditionListState) => (state.aba === 'ol' && !state.q && state.filtro === 'todos' ? m.emptyOl : state.q || state.filtro !== 'todos' ? m.noneFound : m.empty)
