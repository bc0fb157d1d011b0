import { Link } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { useListHref } from '~/components/ui/list-href.ts'
import { SelectAllCell } from '~/components/ui/select-all.tsx'
import { conditionScreenMessages as m } from '~/domain/conditions/messages.ts'
import { formatPercent } from '~/domain/conditions/percent.ts'
import type { ConditionOrderField } from '~/domain/conditions/schemas.ts'
import { conditionDetailsMessages, conditionDetailsPath, minimumsText } from '~/domain/conditions/tabs.ts'
import type { CondicaoLista, CondicoesPage, ListState } from './list-types.ts'

const BULK_FORM = 'condicoes-selecionadas'

const COLUMNS: { key: ConditionOrderField; label: string }[] = [
  { key: 'nome', label: 'Condição' },
  { key: 'tipo_tabela', label: 'Tabela' },
  { key: 'inicio', label: 'Início' },
  { key: 'fim', label: 'Fim' },
  { key: 'created_at', label: 'Criada em' },
]

const dateText = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '—')
const createdText = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })
const countsText = (c: CondicaoLista) =>
  [
    c.produtos === 1 ? '1 produto' : `${c.produtos} produtos`,
    c.compradores === 1 ? '1 comprador' : `${c.compradores} compradores`,
    c.ols === 1 ? '1 OL' : `${c.ols} OLs`,
  ].join(' · ')

function SortHeader({ column, state }: { column: (typeof COLUMNS)[number]; state: ListState }) {
  const href = useListHref()
  const sorted = state.ordem === column.key
  const next = sorted && state.direcao === 'asc' ? 'desc' : 'asc'
  return (
    <th scope="col" aria-sort={sorted ? (state.direcao === 'asc' ? 'ascending' : 'descending') : undefined}>
      <Link to={href({ ordem: column.key, direcao: next, page: null })} className="sort-link" preventScrollReset>
        {column.label}
        <span aria-hidden="true" className="sort-mark">
          {sorted ? (state.direcao === 'asc' ? ' ▲' : ' ▼') : ''}
        </span>
        <span className="sr-only">{sorted ? `, ordenado ${state.direcao === 'asc' ? 'crescente' : 'decrescente'}` : ', ordenar'}</span>
      </Link>
    </th>
  )
}

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

export function ConditionTable({ page, state, canChange }: { page: CondicoesPage; state: ListState; canChange: boolean }) {
  const href = useListHref()
  return (
    <div className="stack">
      {canChange ? (
        // The row checkboxes join this form through their `form` attribute (a form cannot hold the rows' own forms).
        <CompanyForm id={BULK_FORM} method="post" className="toolbar bulk-bar" aria-label="Ações nas condições selecionadas" preventScrollReset>
          <input type="hidden" name="intent" value="bulk" />
          <span className="muted">Selecionadas:</span>
          <button type="submit" name="acao" value="ativar" className="button">
            Ativar
          </button>
          <button type="submit" name="acao" value="desativar" className="button">
            Desativar
          </button>
        </CompanyForm>
      ) : null}
      <div className="table-scroll" role="region" aria-labelledby="conditions-caption" tabIndex={0}>
        <table className="data-table">
          <caption id="conditions-caption" className="sr-only">
            Condições, página {page.current_page} de {page.last_page}
          </caption>
          <thead>
            <tr>
              {canChange ? (
                <SelectAllCell id="condicoes-todas" formId={BULK_FORM} label="Selecionar todas desta página" header="Selecionar" />
              ) : null}
              {COLUMNS.map((column) => (
                <SortHeader key={column.key} column={column} state={state} />
              ))}
              <th scope="col">Mínimos</th>
              <th scope="col">Situação</th>
              {canChange ? (
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {page.data.map((c) => (
              <tr key={c.id} className={c.ativo ? undefined : 'is-inactive'}>
                {canChange ? (
                  <td className="select-cell">
                    <input type="checkbox" name="ids" value={c.id} form={BULK_FORM} id={`selecionar-${c.id}`} aria-label={`Selecionar ${c.nome}`} />
                  </td>
                ) : null}
                <th scope="row" className="product-name">
                  <Link to={conditionDetailsPath(c, 'C')}>{c.nome}</Link>
                  <small className="muted">
                    {countsText(c)}
                    {c.visivel ? '' : ' · oculta para os compradores'}
                  </small>
                </th>
                <td data-label="Tabela">{conditionDetailsMessages.tableType[c.tipo_tabela]}</td>
                <td className="nowrap" data-label="Início">
                  {dateText(c.inicio)}
                </td>
                <td className="nowrap" data-label="Fim">
                  {dateText(c.fim)}
                </td>
                <td className="nowrap" data-label="Criada em">
                  {createdText(c.created_at)}
                </td>
                <td className="nowrap" data-label="Mínimos">
                  {minimumsText(c.minimo_valor_centavos, c.minimo_quantidade)}
                </td>
                <td data-label="Situação">
                  <ActiveForm condition={c} canChange={canChange} />
                </td>
                {canChange ? (
                  <td>
                    <div className="row-actions">
                      <Link to={href({ modal: 'editar', id: c.id })} className="button" preventScrollReset>
                        Editar<span className="sr-only"> {c.nome}</span>
                      </Link>
                      <Link to={href({ modal: 'minimos', id: c.id })} className="button" preventScrollReset>
                        Mínimos<span className="sr-only"> de {c.nome}</span>
                      </Link>
                      <Link to={href({ modal: 'excluir', id: c.id })} className="button danger" preventScrollReset>
                        Excluir<span className="sr-only"> {c.nome}</span>
                      </Link>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={page} />
    </div>
  )
}

/** The conditions this company serves as an OL: each opens the OL's page of that condition, where it accepts or refuses. */
export function OlTable({ page, orgId, orgName }: { page: CondicoesPage; orgId: number; orgName: string }) {
  return (
    <div className="stack">
      <div className="table-scroll" role="region" aria-labelledby="ol-caption" tabIndex={0}>
        <table className="data-table">
          <caption id="ol-caption" className="sr-only">
            Condições em que esta empresa é OL, página {page.current_page} de {page.last_page}
          </caption>
          <thead>
            <tr>
              <th scope="col">Condição</th>
              <th scope="col">Vendedor</th>
              <th scope="col">Tabela</th>
              <th scope="col">Desconto extra</th>
              <th scope="col">Convite</th>
            </tr>
          </thead>
          <tbody>
            {page.data.map((c) => {
              const discount = c.parceiro?.desconto_extra ?? '0'
              const path = `/olDetails/${orgId}/${encodeURIComponent(orgName.slice(0, 80) || 'ol')}/${c.vendedor.id}/${c.id}/${encodeURIComponent(discount)}`
              return (
                <tr key={c.id}>
                  <th scope="row">
                    <Link to={path}>{c.nome}</Link>
                  </th>
                  <td>{c.vendedor.nome}</td>
                  <td>{conditionDetailsMessages.tableType[c.tipo_tabela]}</td>
                  <td className="numeric">{formatPercent(discount)}%</td>
                  <td>
                    <span className={`badge${c.parceiro?.status === 'aceito' ? '' : ' badge-muted'}`}>{c.parceiro?.status === 'aceito' ? m.olAccepted : m.olPending}</span>
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={page} />
    </div>
  )
}

function Pagination({ page }: { page: CondicoesPage }) {
  const href = useListHref()
  const total = page.total === 1 ? '1 condição' : `${page.total} condições`
  if (page.last_page <= 1) return <p className="muted">{total}</p>
  return (
    <nav className="pagination" aria-label="Paginação de condições">
      {page.current_page > 1 ? <Link to={href({ page: page.current_page - 1 })}>Anterior</Link> : <span />}
      <span>
        Página {page.current_page} de {page.last_page} ({total})
      </span>
      {page.current_page < page.last_page ? <Link to={href({ page: page.current_page + 1 })}>Próxima</Link> : <span />}
    </nav>
  )
}

export function ConditionFilters({ state }: { state: ListState }) {
  return (
    <CompanyForm method="get" className="products-filters" role="search" aria-label="Filtros de condições">
      {state.aba === 'ol' ? <input type="hidden" name="aba" value="ol" /> : null}
      <input type="hidden" name="ordem" value={state.ordem} />
      <input type="hidden" name="direcao" value={state.direcao} />
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

export const emptyText = (state: ListState) => (state.aba === 'ol' && !state.q && state.filtro === 'todos' ? m.emptyOl : state.q || state.filtro !== 'todos' ? m.noneFound : m.empty)
