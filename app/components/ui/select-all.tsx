/**
 * A table's first header cell when its rows have checkboxes joined to a form (`form={formId}`): the box that ticks
 * every row of the page. Only JavaScript can tick other boxes, so the server renders it hidden and the cell's name
 * (`header`) alone; the enhancement layer (app/enhance/select-all.ts) shows the box and hides the name.
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
