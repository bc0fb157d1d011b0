import { CompanyForm } from '~/components/company-form.tsx'
import { ChoiceFilter } from '~/components/ui/choice-filter.tsx'
import { DataTable, sortState, type Column } from '~/components/ui/data-table.tsx'
import { useListAddress, useListHref } from '~/components/ui/list-href.ts'
import { ListFields } from '~/components/ui/list-fields.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import type { OrderColumn } from '~/domain/catalog/contract.ts'
import { formatBrl } from '~/domain/catalog/money.ts'
import { formatNcm } from '~/domain/catalog/ncm.ts'
import { productScreenMessages as m } from '~/domain/catalog/messages.ts'
import { PRODUCT_LIST, type CatalogPage, type ProductListState, type Produto } from './types.ts'

const BULK_FORM = 'produtos-selecionados'

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

export function ProductTable({ page, state, canChange }: { page: CatalogPage; state: ProductListState; canChange: boolean }) {
  const href = useListHref()
  const address = useListAddress(PRODUCT_LIST, state)
  const sort = (key: OrderColumn) => sortState(key, state, (ordem, direcao) => address({ ordem, direcao }))
  const columns: Column<Produto>[] = [
    {
      key: 'nome',
      header: 'Produto',
      sort: sort('nome'),
      rowHeader: true,
      className: 'product-name',
      cell: (p) => (
        <>
          <span>{p.nome}</span>
          <small className="muted">{[p.ean ? `EAN ${p.ean}` : null, p.codigo ? `Cód. ${p.codigo}` : null, `${p.unidade}`].filter(Boolean).join(' · ')}</small>
        </>
      ),
    },
    { key: 'marca', header: 'Marca', sort: sort('marca'), label: 'Marca', cell: (p) => p.marca ?? '—' },
    { key: 'categoria', header: 'Categoria', sort: sort('categoria'), label: 'Categoria', cell: (p) => p.categoria ?? '—' },
    { key: 'ncm', header: 'NCM', sort: sort('ncm'), label: 'NCM', className: 'nowrap', cell: (p) => (p.ncm ? formatNcm(p.ncm) : '—') },
    { key: 'preco', header: 'Preço', sort: sort('preco'), label: 'Preço', numeric: true, className: 'nowrap', cell: (p) => formatBrl(p.preco_centavos) },
    { key: 'embalagem', header: 'Emb.', sort: sort('embalagem'), label: 'Embalagem', numeric: true, cell: (p) => p.embalagem },
    { key: 'ativo', header: 'Ativo', sort: sort('ativo'), label: 'Ativo', cell: (p) => <FlagForm product={p} field="ativo" on={p.ativo} canChange={canChange} /> },
    { key: 'imposto', header: 'Imposto', sort: sort('imposto'), label: 'Imposto', cell: (p) => <FlagForm product={p} field="imposto" on={p.imposto} canChange={canChange} /> },
  ]
  if (canChange)
    columns.push({
      key: 'acoes',
      header: <span className="sr-only">Ações</span>,
      cell: (p) => (
        <div className="row-actions">
          <a href={href({ modal: 'editar', id: p.id, ids: null })} className="button">
            Editar<span className="sr-only"> {p.nome}</span>
          </a>
          <a href={href({ modal: 'excluir', ids: p.id, id: null })} className="button danger">
            Excluir<span className="sr-only"> {p.nome}</span>
          </a>
        </div>
      ),
    })
  return (
    <div className="stack">
      <DataTable
        id="produtos"
        caption={`Produtos, página ${page.current_page} de ${page.last_page}`}
        rows={page.data}
        rowKey={(p) => p.id}
        rowClassName={(p) => (p.ativo ? undefined : 'is-inactive')}
        columns={columns}
        selection={
          canChange
            ? {
                formId: BULK_FORM,
                name: 'ids',
                value: (p) => p.id,
                rowLabel: (p) => `Selecionar ${p.nome}`,
                header: 'Selecionar',
                allLabel: 'Selecionar todos desta página',
                bulk: {
                  label: 'Ações nos produtos selecionados',
                  intent: 'bulk',
                  lead: 'Selecionados:',
                  actions: [
                    { label: 'Ativar', name: 'acao', value: 'ativar' },
                    { label: 'Desativar', name: 'acao', value: 'desativar' },
                    { label: 'Excluir', name: 'acao', value: 'excluir', tone: 'danger' },
                  ],
                },
              }
            : null
        }
      />
      <Pagination page={page} label="Paginação de produtos" count={{ one: 'produto', many: 'produtos' }} countAlone href={(n) => address({ page: n })} />
    </div>
  )
}

export function ProductFilters({ state, marcas, categorias }: { state: ProductListState; marcas: string[]; categorias: string[] }) {
  return (
    <CompanyForm method="get" className="products-filters" role="search" aria-label="Filtros de produtos">
      <ListFields definition={PRODUCT_LIST} state={state} asked={['q', 'marca', 'categoria', 'ativo']} />
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

export const emptyText = (state: ProductListState) => (state.q || state.marca || state.categoria || state.ativo ? m.noneFound : m.empty)
