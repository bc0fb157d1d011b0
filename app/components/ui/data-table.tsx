import type { ReactNode } from 'react'
import { CompanyForm } from '~/components/company-form.tsx'

/** One column: its header, and what each row shows in it. */
export type Column<Row> = {
  key: string
  header: ReactNode
  /** A sortable column: its header is a link to the list sorted by it (`sortHref`). */
  sort?: SortState
  /** The cell's name beside its value when a phone shows each row as a card. */
  label?: string
  /** The row's name: a header cell of the row (`th scope="row"`), which a screen reader says with every other cell. */
  rowHeader?: boolean
  numeric?: boolean
  className?: string
  cell: (row: Row) => ReactNode
}

/** Whether the list is sorted by a column and how, and the address that sorts by it next. */
export type SortState = { direction: 'asc' | 'desc' | null; href: string }

/**
 * A column of a list sorted by `ordem` and `direcao`: pressed, its header sorts the list by it, the other way when it
 * already is.
 */
export function sortState<K extends string>(key: K, list: { ordem: K; direcao: 'asc' | 'desc' }, href: (ordem: K, direcao: 'asc' | 'desc') => string): SortState {
  const sorted = list.ordem === key
  return { direction: sorted ? list.direcao : null, href: href(key, sorted && list.direcao === 'asc' ? 'desc' : 'asc') }
}

/**
 * The rows' checkboxes and what they do: they join the bulk form through their `form` attribute (a form cannot hold
 * the rows' own forms), so that they post with whichever of its buttons is pressed.
 */
export type Selection<Row> = {
  formId: string
  /** The field each ticked row sends ('ids'), and its value; a row without a value has no box. */
  name: string
  value: (row: Row) => string | number | null
  /** Each box's name ('Selecionar Dipirona'). */
  rowLabel: (row: Row) => string
  /** The header cell's name, and the name of its 'select all of this page' box. */
  header: string
  allLabel: string
  /** The bulk form: its name, the intent it posts and its buttons. */
  bulk: { label: string; intent: string; lead?: string; actions: BulkAction[] }
}

export type BulkAction = { label: string; name?: string; value?: string; tone?: 'danger' }

/**
 * The table of a list screen: a caption (said by screen readers, and the name of the scrolling region around it),
 * sortable headers, and, when given a selection, a checkbox per row and a bar of actions on the ticked rows (a form
 * that works without JavaScript; the enhancement layer adds the 'select all' box, app/enhance/select-all.ts).
 */
export function DataTable<Row>({
  id,
  caption,
  rows,
  rowKey,
  rowClassName,
  columns,
  selection,
  className,
}: {
  /** Prefix of the table's ids (caption, 'select all' box). */
  id: string
  caption: string
  rows: readonly Row[]
  rowKey: (row: Row) => string | number
  rowClassName?: (row: Row) => string | undefined
  columns: readonly Column<Row>[]
  selection?: Selection<Row> | null
  className?: string
}) {
  const captionId = `${id}-legenda`
  return (
    <>
      {selection ? <BulkBar selection={selection} /> : null}
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={['data-table', className].filter(Boolean).join(' ')}>
          <caption id={captionId} className="sr-only">
            {caption}
          </caption>
          <thead>
            <tr>
              {selection ? <SelectAllCell id={`${id}-todos`} formId={selection.formId} label={selection.allLabel} header={selection.header} /> : null}
              {columns.map((column) =>
                column.sort ? (
                  <SortHeader key={column.key} sort={column.sort} numeric={column.numeric}>
                    {column.header}
                  </SortHeader>
                ) : (
                  <th key={column.key} scope="col" className={column.numeric ? 'numeric' : undefined}>
                    {column.header}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row)}>
                {selection ? <SelectCell id={id} row={row} selection={selection} /> : null}
                {columns.map((column) => {
                  const className = [column.numeric ? 'numeric' : null, column.className].filter(Boolean).join(' ') || undefined
                  return column.rowHeader ? (
                    <th key={column.key} scope="row" className={className}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.key} className={className} data-label={column.label}>
                      {column.cell(row)}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

function BulkBar<Row>({ selection }: { selection: Selection<Row> }) {
  const { bulk } = selection
  return (
    <CompanyForm id={selection.formId} method="post" className="toolbar bulk-bar" aria-label={bulk.label} preventScrollReset>
      <input type="hidden" name="intent" value={bulk.intent} />
      {bulk.lead ? <span className="muted">{bulk.lead}</span> : null}
      {bulk.actions.map((action) => (
        <button key={action.value ?? action.label} type="submit" name={action.name} value={action.value} className={action.tone ? `button ${action.tone}` : 'button'}>
          {action.label}
        </button>
      ))}
    </CompanyForm>
  )
}

function SelectCell<Row>({ id, row, selection }: { id: string; row: Row; selection: Selection<Row> }) {
  const value = selection.value(row)
  return (
    <td className="select-cell">
      {/* An id of its own: after a post that comes back here, the focus returns to it (app/enhance/keep-place.ts). */}
      {value === null ? null : <input type="checkbox" id={`${id}-${value}`} name={selection.name} value={value} form={selection.formId} aria-label={selection.rowLabel(row)} />}
    </td>
  )
}

/**
 * The header cell's box that ticks every row of the page. Only JavaScript can tick other boxes, so the server renders
 * it hidden and the cell's name (`header`) alone; the enhancement layer (app/enhance/select-all.ts) shows the box and
 * hides the name.
 */
export function SelectAllCell({ id, formId, label, header }: { id: string; formId: string; label: string; header: string }) {
  return (
    <th scope="col" className="select-cell">
      <span className="sr-only" data-select-all-header>
        {header}
      </span>
      <label className="sr-only" htmlFor={id} hidden>
        {label}
      </label>
      <input id={id} type="checkbox" data-select-all={formId} hidden />
    </th>
  )
}

/**
 * A sortable column's header: a link to the list sorted by it (the other way when it already is), its state said as
 * `aria-sort` and in words, for a keyboard or a finger as for a mouse. Every sortable header carries `aria-sort`
 * ('none' when the list is not sorted by it): a phone keeps them as the list's sort bar.
 */
export function SortHeader({ sort, numeric, children }: { sort: SortState; numeric?: boolean; children: ReactNode }) {
  const { direction } = sort
  return (
    <th scope="col" aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'} className={numeric ? 'numeric' : undefined}>
      <a href={sort.href} className="sort-link">
        {children}
        <span aria-hidden="true" className="sort-mark">
          {direction === 'asc' ? ' ▲' : direction === 'desc' ? ' ▼' : ''}
        </span>
        <span className="sr-only">{direction === 'asc' ? ', ordenado crescente' : direction === 'desc' ? ', ordenado decrescente' : ', ordenar'}</span>
      </a>
    </th>
  )
}
