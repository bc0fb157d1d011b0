import { useFormAction, useLocation } from 'react-router'
import { CompanyDownload, CompanyForm, usePageCompanyId } from '~/components/company-form.tsx'
import type { FieldMetadata, SubmissionResult } from '@conform-to/react'
import { CheckboxField, Field, FormErrors, SelectField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { SpreadsheetImport } from '~/components/spreadsheet-import.tsx'
import { ConfirmModal } from '~/components/ui/confirm-modal.tsx'
import { DataTable, type Column } from '~/components/ui/data-table.tsx'
import { useListAddress, useListHref } from '~/components/ui/list-href.ts'
import { ListFields } from '~/components/ui/list-fields.tsx'
import { Pagination } from '~/components/ui/pagination.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { centavosToInput, formatBrl } from '~/domain/catalog/money.ts'
import { conditionProductsMessages as m } from '~/domain/conditions/products-messages.ts'
import { formatPercent } from '~/domain/conditions/percent.ts'
import { exportPath, IMPORT_INTENT } from '~/lib/spreadsheet-import.ts'
import { withPageCompany } from '~/lib/page-company.ts'
import type { ConditionTabProps } from './detail-tabs.tsx'
import type { Line, ProductsTabData } from './produtos-types.ts'
import { LINE_LIST } from './tab-lists.ts'
import { formSchema } from '~/components/form-schema.ts'

const editLinesFormSchema = formSchema('EditLinesFormSchema')

const BULK_FORM = 'condicao-produtos-selecionados'
/** Parameters of the modals, dropped when one closes. */
const MODAL_PARAMS = ['ids', 'pq', 'pp', 'sel']

const qtdText = (l: Line) => (l.qtd_max === null ? `${l.qtd_min} ou mais` : `${l.qtd_min} a ${l.qtd_max}`)

export function ProdutosTab({ data, detail, actionData }: ConditionTabProps) {
  const d = data as ProductsTabData
  const location = useLocation()
  const href = useListHref()
  const params = new URLSearchParams(location.search)
  const canChange = d.lines.pode_alterar
  const tipo = d.lines.tipo_tabela
  const page = d.lines.produtos
  const modal = canChange ? params.get('modal') : null
  const editId = Number(params.get('id'))
  const editing = modal === 'editar' ? (page.data.find((l) => l.id === editId) ?? null) : null
  const result = actionData?.intent === 'editar' ? (actionData.result as SubmissionResult<string[]>) : undefined
  const importError = actionData?.intent === IMPORT_INTENT ? (actionData.result as { importError: string }).importError : null
  const filtered = Boolean(d.state.q || d.state.filtro)
  const isOl = detail.acesso === 'ol'
  return (
    <section className="stack" aria-labelledby="condicao-produtos-titulo">
      <div className="row-between">
        <h2 id="condicao-produtos-titulo">{m.sectionTitle}</h2>
        {canChange ? (
          <a href={href({ modal: 'adicionar', id: null, ids: null })} className="button primary">
            {m.add}
          </a>
        ) : null}
      </div>
      {canChange ? null : <p className="notice notice-info">{m.readOnly}</p>}
      {isOl && d.lines.desconto_extra ? <p className="muted">Preço final já com o seu desconto extra de {formatPercent(d.lines.desconto_extra)}%.</p> : null}
      <Filters data={d} isOl={isOl} />
      {page.total === 0 ? (
        <div className="empty-state" role="status">
          <p>{filtered ? m.noMatch : m.empty}</p>
        </div>
      ) : (
        <LinesTable data={d} canChange={canChange} />
      )}
      {detail.acesso === 'vendedor' ? (
        <div className="toolbar">
          <CompanyDownload className="button" href={exportPath(`condicao/${detail.condicao.id}`)}>
            {m.export}
          </CompanyDownload>
        </div>
      ) : null}
      {canChange ? (
        <>
          <SpreadsheetImport kind="condicao" title={m.importTitle} job={d.importacao} error={importError} />
          {d.importacao && onlyMissingProducts(d.importacao) ? <SemCadastroForm jobId={d.importacao.id} /> : null}
        </>
      ) : null}
      {modal === 'adicionar' ? <AddModal data={d} /> : null}
      {modal === 'editar' ? (
        editing ? (
          <EditModal key={`um-${editing.id}`} title={m.editTitle(editing.nome)} ids={[editing.id]} line={editing} tipo={tipo} lastResult={result} />
        ) : (
          <RouteModal title={m.bulkTitle} closeParams={MODAL_PARAMS}>
            <p role="alert">{m.linesNotInCondition}</p>
          </RouteModal>
        )
      ) : null}
      {modal === 'editar-varios' ? <EditModal key="varios" title={m.bulkTitle} ids={d.ids} line={null} tipo={tipo} lastResult={result} /> : null}
      {modal === 'remover' ? <RemoveModal ids={d.ids} names={d.ids.map((i) => page.data.find((l) => l.id === i)?.nome).filter((n): n is string => Boolean(n))} /> : null}
    </section>
  )
}

const onlyMissingProducts = (job: NonNullable<ProductsTabData['importacao']>) =>
  job.status === 'recusada' && job.total_erros > 0 && job.total_erros === job.erros.total && job.erros.data.every((e) => e.motivo === m.notInCatalog)

function SemCadastroForm({ jobId }: { jobId: number }) {
  return (
    <CompanyForm method="post" className="card stack" preventScrollReset>
      <input type="hidden" name="intent" value="importar-sem-cadastro" />
      <input type="hidden" name="importacao" value={jobId} />
      <p>Os produtos que não estão no catálogo podem ser cadastrados com o nome, o preço de tabela, a marca e a categoria da planilha, e as linhas gravadas, tudo de uma vez.</p>
      <button type="submit" className="button primary">
        Importar e cadastrar os produtos novos
      </button>
    </CompanyForm>
  )
}

function Filters({ data, isOl }: { data: ProductsTabData; isOl: boolean }) {
  return (
    <CompanyForm method="get" className="products-filters" role="search" aria-label="Filtros dos produtos da condição">
      <ListFields definition={LINE_LIST} state={data.state} asked={['q', 'filtro']} />
      <div className="field products-search">
        <label htmlFor="condicao-produtos-q">Buscar</label>
        <input id="condicao-produtos-q" name="q" type="search" defaultValue={data.state.q} placeholder="Nome, marca, categoria, EAN ou código" maxLength={255} />
      </div>
      <div className="field">
        <label htmlFor="condicao-produtos-filtro">Filtro</label>
        <select id="condicao-produtos-filtro" name="filtro" defaultValue={data.state.filtro}>
          <option value="">Todos</option>
          <option value="ativo:1">Ativos na condição</option>
          <option value="ativo:0">Inativos na condição</option>
          <option value="imposto:1">Com imposto</option>
          <option value="imposto:0">Sem imposto</option>
          {isOl ? null : (
            <>
              {data.marcas.length ? (
                <optgroup label="Marca">
                  {data.marcas.map((v) => (
                    <option key={v} value={`marca:${v}`}>
                      {v}
                    </option>
                  ))}
                </optgroup>
              ) : null}
              {data.categorias.length ? (
                <optgroup label="Categoria">
                  {data.categorias.map((v) => (
                    <option key={v} value={`categoria:${v}`}>
                      {v}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </>
          )}
        </select>
      </div>
      <button type="submit" className="button">
        Filtrar
      </button>
    </CompanyForm>
  )
}

function LinesTable({ data, canChange }: { data: ProductsTabData; canChange: boolean }) {
  const href = useListHref()
  const address = useListAddress(LINE_LIST, data.state)
  const page = data.lines.produtos
  const tipo = data.lines.tipo_tabela
  const priceLabel = tipo === 'D' ? 'Desconto' : 'Preço líquido'
  const columns: Column<Line>[] = [
    {
      key: 'produto',
      header: 'Produto',
      rowHeader: true,
      className: 'product-name',
      cell: (l) => (
        <>
          <span>{l.nome}</span>
          <small className="muted">{[l.ean ? `EAN ${l.ean}` : null, l.codigo ? `Cód. ${l.codigo}` : null, l.unidade].filter(Boolean).join(' · ')}</small>
        </>
      ),
    },
    { key: 'marca', header: 'Marca', label: 'Marca', cell: (l) => l.marca ?? '—' },
    { key: 'lista', header: 'Preço de tabela', label: 'Preço de tabela', numeric: true, className: 'nowrap', cell: (l) => formatBrl(l.preco_lista_centavos) },
    {
      key: 'preco',
      header: priceLabel,
      label: priceLabel,
      numeric: true,
      className: 'nowrap',
      cell: (l) => (tipo === 'D' ? `${formatPercent(l.desconto)}%` : l.preco_liquido_centavos === null ? '—' : formatBrl(l.preco_liquido_centavos)),
    },
    {
      key: 'final',
      header: 'Preço final',
      label: 'Preço final',
      numeric: true,
      className: 'nowrap',
      cell: (l) => <strong>{l.preco_final_centavos === null ? '—' : formatBrl(l.preco_final_centavos)}</strong>,
    },
    { key: 'quantidade', header: 'Quantidade', label: 'Quantidade', className: 'nowrap', cell: qtdText },
    { key: 'multiplo', header: 'Múltiplo', label: 'Múltiplo', numeric: true, cell: (l) => l.multiplo },
    { key: 'imposto', header: 'Imposto', label: 'Imposto', cell: (l) => (l.imposto ? 'Sim' : 'Não') },
    { key: 'situacao', header: 'Situação', label: 'Situação', cell: (l) => <span className={`badge${l.ativo ? '' : ' badge-muted'}`}>{l.ativo ? 'Ativo' : 'Inativo'}</span> },
  ]
  if (canChange)
    columns.push({
      key: 'acoes',
      header: <span className="sr-only">Ações</span>,
      cell: (l) => (
        <div className="row-actions">
          <a href={href({ modal: 'editar', id: l.id, ids: null })} className="button">
            Editar<span className="sr-only"> {l.nome}</span>
          </a>
          <a href={href({ modal: 'remover', ids: l.id, id: null })} className="button danger">
            Remover<span className="sr-only"> {l.nome}</span>
          </a>
        </div>
      ),
    })
  return (
    <div className="stack">
      <DataTable
        id="condicao-produtos"
        caption={`Produtos da condição, página ${page.current_page} de ${page.last_page}`}
        className="condition-lines"
        rows={page.data}
        rowKey={(l) => l.id}
        rowClassName={(l) => (l.ativo ? undefined : 'is-inactive')}
        columns={columns}
        selection={
          canChange
            ? {
                formId: BULK_FORM,
                name: 'ids',
                value: (l) => l.id,
                rowLabel: (l) => `Selecionar ${l.nome}`,
                header: 'Selecionar',
                allLabel: 'Selecionar todos desta página',
                bulk: {
                  label: 'Ações nos produtos selecionados',
                  intent: 'selecionados',
                  lead: 'Selecionados:',
                  actions: [
                    { label: 'Editar', name: 'acao', value: 'editar' },
                    { label: 'Remover', name: 'acao', value: 'remover', tone: 'danger' },
                  ],
                },
              }
            : null
        }
      />
      <Pagination page={page} label="Paginação dos produtos da condição" count={PRODUCTS_COUNT} countAlone href={(n) => address({ page: n })} />
    </div>
  )
}

const PRODUCTS_COUNT = { one: 'produto', many: 'produtos' }

/**
 * 'Adicionar produtos': the catalogue's products not in the condition yet, searchable, ticked and added at once.
 * One form: its search and pages are GET submissions that carry the ticks (`sel`), so that a tick survives a
 * page or a search, with and without JavaScript; 'Adicionar selecionados' posts the same fields.
 */
function AddModal({ data }: { data: ProductsTabData }) {
  const location = useLocation()
  const params = new URLSearchParams(location.search)
  const catalogue = data.catalogue
  const onPage = new Set(catalogue?.data.map((p) => p.id) ?? [])
  const carried = data.pick.sel.filter((id) => !onPage.has(id))
  // The form is a search (its pages carry the ticks): its one post names the page's company in its address instead.
  const postAction = withPageCompany(useFormAction(), usePageCompanyId())
  return (
    <RouteModal title={m.addTitle} closeParams={MODAL_PARAMS}>
      <CompanyForm method="get" className="stack" preventScrollReset>
        {[...params].filter(([k]) => k !== 'pq' && k !== 'pp' && k !== 'sel').map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        <div className="toolbar" role="search" aria-label="Buscar no catálogo">
          <label className="sr-only" htmlFor="condicao-adicionar-q">
            Buscar no catálogo
          </label>
          <input id="condicao-adicionar-q" name="pq" type="search" defaultValue={data.pick.q} placeholder="Nome, marca, EAN ou código" maxLength={255} />
          <button type="submit" className="button" name="pp" value="1">
            Buscar
          </button>
        </div>
        {carried.map((id) => (
          <input key={id} type="hidden" name="sel" value={id} />
        ))}
        {carried.length ? <p className="muted">{carried.length === 1 ? '1 produto marcado em outra página ou busca.' : `${carried.length} produtos marcados em outras páginas ou buscas.`}</p> : null}
        {!catalogue || catalogue.total === 0 ? (
          <p role="status">Nenhum produto do catálogo fora desta condição{data.pick.q ? ' com esta busca' : ''}.</p>
        ) : (
          <>
            <fieldset className="stack">
              <legend>Produtos do catálogo</legend>
              {catalogue.data.map((p) => (
                <div key={p.id} className="checkbox-field">
                  <input type="checkbox" id={`adicionar-${p.id}`} name="sel" value={p.id} defaultChecked={data.pick.sel.includes(p.id)} />
                  <label htmlFor={`adicionar-${p.id}`}>
                    {p.nome} <span className="muted">· {formatBrl(p.preco_centavos)}</span>
                  </label>
                </div>
              ))}
            </fieldset>
            <Pagination page={catalogue} label="Paginação do catálogo" count={PRODUCTS_COUNT} countAlone submitName="pp" />
          </>
        )}
        {(catalogue && catalogue.total > 0) || carried.length > 0 ? (
          <button type="submit" className="button primary" formMethod="post" formAction={postAction} name="intent" value="adicionar">
            {m.addSubmit}
          </button>
        ) : null}
      </CompanyForm>
    </RouteModal>
  )
}

const FLAG_OPTIONS = [
  { value: '1', label: 'Sim' },
  { value: '0', label: 'Não' },
]

/** One line's edit (its values filled in) or the bulk edit of the ticked lines (empty fields keep each line's value). */
function EditModal({ title, ids, line, tipo, lastResult }: { title: string; ids: number[]; line: Line | null; tipo: 'D' | 'L'; lastResult: SubmissionResult<string[]> | undefined }) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(editLinesFormSchema, {
    id: line ? `linha-${line.id}` : 'linhas-varias',
    lastResult,
    defaultValue: line
      ? {
          desconto: tipo === 'D' ? formatPercent(line.desconto) : undefined,
          preco_liquido: tipo === 'L' && line.preco_liquido_centavos !== null ? centavosToInput(line.preco_liquido_centavos) : undefined,
          qtd_min: String(line.qtd_min),
          qtd_max: line.qtd_max === null ? undefined : String(line.qtd_max),
          multiplo: String(line.multiplo),
          imposto: line.imposto ? '1' : '0',
          ativo: line.ativo ? '1' : '0',
        }
      : {},
  })
  const keep = line ? undefined : 'Manter'
  return (
    <RouteModal title={title} closeParams={MODAL_PARAMS}>
      {ids.length === 0 ? (
        <p role="alert">{m.idsRequired}</p>
      ) : (
        <CompanyForm method="post" {...formProps} className="stack" preventScrollReset>
          <input type="hidden" name="intent" value="editar" />
          {ids.map((id) => (
            <input key={id} type="hidden" name="ids" value={id} />
          ))}
          {line ? null : <p className="muted">{ids.length === 1 ? '1 produto selecionado.' : `${ids.length} produtos selecionados.`} Campos vazios ficam como estão.</p>}
          <FormErrors form={form} />
          {tipo === 'D' ? (
            <Field label="Desconto (%)" meta={fields.desconto} inputProps={{ inputMode: 'decimal', autoComplete: 'off', maxLength: 8 }} caption="De 0 a 100, como 12,5." />
          ) : (
            <Field label="Preço líquido (R$)" meta={fields.preco_liquido} inputProps={{ inputMode: 'decimal', autoComplete: 'off', maxLength: 12, placeholder: '0,00' }} />
          )}
          <div className="field-row">
            <Field label="Quantidade mínima" meta={fields.qtd_min} inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} />
            <Field label="Quantidade máxima" meta={fields.qtd_max} inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} caption={line ? 'Vazio: sem máximo.' : undefined} />
          </div>
          <CheckboxField label="Sem quantidade máxima" meta={fields.sem_maximo as FieldMetadata<boolean | undefined>} />
          <Field label="Múltiplo de venda" meta={fields.multiplo} inputProps={{ inputMode: 'numeric', autoComplete: 'off' }} caption="As quantidades mínima e máxima devem ser múltiplas dele." />
          <div className="field-row">
            <SelectField label="Com imposto" meta={fields.imposto} options={FLAG_OPTIONS} placeholder={keep} />
            <SelectField label="Ativo na condição" meta={fields.ativo} options={FLAG_OPTIONS} placeholder={keep} />
          </div>
          <SubmitButton disabled={submitDisabled} pending="Salvando…">
            Salvar
          </SubmitButton>
        </CompanyForm>
      )}
    </RouteModal>
  )
}

function RemoveModal({ ids, names }: { ids: number[]; names: string[] }) {
  if (ids.length === 0) return <ConfirmModal title={m.removeTitle} closeParams={MODAL_PARAMS} gone={m.idsRequired} />
  return (
    <ConfirmModal
      title={m.removeTitle}
      closeParams={MODAL_PARAMS}
      question={m.removeConfirm(ids.length)}
      items={names}
      fields={{ intent: 'remover', ids }}
      cancelLabel="Cancelar"
      confirmLabel="Remover"
    />
  )
}
