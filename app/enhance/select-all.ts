/**
 * A table's 'select all of this page' box (SelectAllCell in app/components/ui/data-table.tsx, `data-select-all` naming the form its rows' boxes join):
 * shown, it ticks or clears every row, and follows them (ticked when all are, mixed when some are).
 */
export function startSelectAll() {
  for (const all of document.querySelectorAll<HTMLInputElement>('input[data-select-all]')) {
    const rows = () => [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"][form]')].filter((box) => box.getAttribute('form') === all.dataset.selectAll)
    all.closest('th')?.querySelector('[data-select-all-header]')?.setAttribute('hidden', '')
    for (const element of [all, ...(all.labels ?? [])]) element.hidden = false
    const follow = () => {
      const boxes = rows()
      const ticked = boxes.filter((box) => box.checked).length
      all.checked = ticked > 0 && ticked === boxes.length
      all.indeterminate = ticked > 0 && ticked < boxes.length
    }
    all.addEventListener('change', () => {
      for (const box of rows()) box.checked = all.checked
    })
    document.addEventListener('change', (event) => {
      if (event.target instanceof HTMLInputElement && event.target !== all && event.target.getAttribute('form') === all.dataset.selectAll) follow()
    })
    // Boxes the browser kept ticked across a reload or Back.
    follow()
  }
}
