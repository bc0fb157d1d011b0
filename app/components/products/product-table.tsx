import { Link } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import { ChoiceFilter } from '~/components/ui/choice-filter.tsx'
import { SelectAllCell } from '~/components/ui/select-all.tsx'
import type { OrderColumn } from '~/domain/catalog/contract.ts'
import { formatBrl } from '~/domain/catalog/money.ts'
import { formatNcm } from '~/domain/catalog/ncm.ts'
import { productScreenMessages as m } from '~/domain/catalog/messages.ts'
import { useListHref } from '~/components/ui/list-href.ts'
import type { CatalogPage, ListState, Produto } from './types.ts'

const BULK_FORM = 'produtos-selecionados'

/** Column headers: the sortable ones are links that flip the direction when already sorted by. */
const COLUMNS: { key: OrderColumn; label: string; numeric?: boolean }[] = [
  { key: 'nome', label: 'Produto' },
  { key: 'marca', label: 'Marca' },
  { key: 'categoria', label: 'Categoria' },
  { key: 'ncm', label: 'NCM' },
  { key: 'preco', label: 'Preço', numeric: true },
  { key: 'embalagem', label: 'Emb.', numeric: true },
  { key: 'ativo', label: 'Ativo' },
  { key: 'imposto', label: 'Imposto' },
]

function SortHeader({ column, state }: { column: (typeof COLUMNS)[number]; state: ListState }) {
  const href = useListHref()
  const sorted = state.ordem === column.key
  const next = sorted && state.direcao === 'asc' ? 'desc' : 'asc'
  return (
    <th scope="col" aria-sort={sorted ? (state.direcao === 'asc' ? 'ascending' : 'descending') : undefined} className={column.numeric ? 'numeric' : undefined}>
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

/** A row's switch (active, tax): a small form posting its intent; works without JavaScript. */
function FlagForm({ product, field, on, canChange }: { product: Produto; field: 'ativo' | 'imposto'; on: boolean; canChange: boolean }) {
  const text = field === 'ativo' ? (on ? 'Ativo' : 'Inativo') : on ? 'Sim' : 'Não'
  if (!canChange) return <span className={`badge${on ? '' : ' badge-muted'}`}>{text}</span>
  return (
    <CompanyForm method="post" preventScrollReset>
      <input type="hidden" name="intent" value={`toggle-${field}`} />
      <input type="hidden" name="produto_id" value={product.id} />
      <input type="hidden" name="valor" value={on ? '0' : '1'} />
      {/* Marked aria-disabled while sending, not disabled (app/enhance/pending.ts): a disabled button loses the focus, and the keyboard its place in the list. */}
      <button type="submit" className={`button flag-button${on ? ' is-on' : ''}`} aria-pressed={on} id={`alternar-${field}-${product.id}`} data-keep-focus>
        {text}
        <span className="sr-only">
          {' '}
          ({field === 'ativo' ? 'ativo' : 'com imposto'}): {product.nome}
        </span>
      </button>
    </CompanyForm>
  )
}

export function ProductTable({ page, state, canChange }: { page: CatalogPage; state: ListState; canChange: boolean }) {
  const href = useListHref()
  return (
    <div className="stack">
      {canChange ? (
        // The row checkboxes join this form through their `form` attribute (a form cannot hold the rows' own forms).
        <CompanyForm id={BULK_FORM} method="post" className="toolbar bulk-bar" aria-label="Ações nos produtos selecionados" preventScrollReset>
          <input type="hidden" name="intent" value="bulk" />
          <span className="muted">Selecionados:</span>
          <button type="submit" name="acao" value="ativar" className="button">
            Ativar
          </button>
          <button type="submit" name="acao" value="desativar" className="button">
            Desativar
          </button>
          <button type="submit" name="acao" value="excluir" className="button danger">
            Excluir
          </button>
        </CompanyForm>
      ) : null}
      <div className="table-scroll" role="region" aria-labelledby="products-caption" tabIndex={0}>
        <table className="data-table">
          <caption id="products-caption" className="sr-only">
            Produtos, página {page.current_page} de {page.last_page}
          </caption>
          <thead>
            <tr>
              {canChange ? (
                <SelectAllCell id="produtos-todos" formId={BULK_FORM} label="Selecionar todos desta página" header="Selecionar" />
              ) : null}
              {COLUMNS.map((column) => (
                <SortHeader key={column.key} column={column} state={state} />
              ))}
              {canChange ? (
                <th scope="col">
                  <span className="sr-only">Ações</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {page.data.map((p) => (
              <tr key={p.id} className={p.ativo ? undefined : 'is-inactive'}>
                {canChange ? (
                  <td className="select-cell">
                    <input type="checkbox" name="ids" value={p.id} form={BULK_FORM} id={`selecionar-${p.id}`} aria-label={`Selecionar ${p.nome}`} />
                  </td>
                ) : null}
                <th scope="row" className="product-name">
                  <span>{p.nome}</span>
                  <small className="muted">
                    {[p.ean ? `EAN ${p.ean}` : null, p.codigo ? `Cód. ${p.codigo}` : null, `${p.unidade}`].filter(Boolean).join(' · ')}
                  </small>
                </th>
                <td data-label="Marca">{p.marca ?? '—'}</td>
                <td data-label="Categoria">{p.categoria ?? '—'}</td>
                <td className="nowrap" data-label="NCM">
                  {p.ncm ? formatNcm(p.ncm) : '—'}
                </td>
                <td className="numeric nowrap" data-label="Preço">
                  {formatBrl(p.preco_centavos)}
                </td>
                <td className="numeric" data-label="Embalagem">
                  {p.embalagem}
                </td>
                <td data-label="Ativo">
                  <FlagForm product={p} field="ativo" on={p.ativo} canChange={canChange} />
                </td>
                <td data-label="Imposto">
                  <FlagForm product={p} field="imposto" on={p.imposto} canChange={canChange} />
                </td>
                {canChange ? (
                  <td>
                    <div className="row-actions">
                      <Link to={href({ modal: 'editar', id: p.id, ids: null })} className="button" preventScrollReset>
                        Editar<span className="sr-only"> {p.nome}</span>
                      </Link>
                      <Link to={href({ modal: 'excluir', ids: p.id, id: null })} className="button danger" preventScrollReset>
                        Excluir<span className="sr-only"> {p.nome}</span>
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

function Pagination({ page }: { page: CatalogPage }) {
  const href = useListHref()
  if (page.last_page <= 1) return <p className="muted">{page.total === 1 ? '1 produto' : `${page.total} produtos`}</p>
  return (
    <nav className="pagination" aria-label="Paginação de produtos">
      {page.current_page > 1 ? <Link to={href({ page: page.current_page - 1 })}>Anterior</Link> : <span />}
      <span>
        Página {page.current_page} de {page.last_page} ({page.total} produtos)
      </span>
      {page.current_page < page.last_page ? <Link to={href({ page: page.current_page + 1 })}>Próxima</Link> : <span />}
    </nav>
  )
}

export function ProductFilters({ state, marcas, categorias }: { state: ListState; marcas: string[]; categorias: string[] }) {
  return (
    <CompanyForm method="get" className="products-filters" role="search" aria-label="Filtros de produtos">
      <input type="hidden" name="ordem" value={state.ordem} />
      <input type="hidden" name="direcao" value={state.direcao} />
      <div className="field products-search">
        <label htmlFor="produtos-q">Buscar</label>
        <input id="produtos-q" name="q" type="search" defaultValue={state.q} placeholder="Nome, marca, categoria, EAN ou código" maxLength={255} />
      </div>
      <ChoiceFilter id="produtos-marca" name="marca" label="Marca" value={state.marca} choices={marcas} />
      <ChoiceFilter id="produtos-categoria" name="categoria" label="Categoria" value={state.categoria} choices={categorias} />
      <div className="field">
        <label htmlFor="produtos-ativo">Situação</label>
        <select id="produtos-ativo" name="ativo" defaultValue={state.ativo}>
          <option value="">Todos</option>
          <option value="1">Ativos</option>
          <option value="0">Inativos</option>
        </select>
      </div>
      <button type="submit" className="button" id="produtos-filtrar">
        Filtrar
      </button>
    </CompanyForm>
  )
}

export const emptyText = (state: ListState) => (state.q || state.marca || state.categoria || state.ativo ? m.noneFound : m.empty)
