import { listFields, type ListDefinition, type ListState } from '~/lib/list-state.ts'

/**
 * A list's filter form (a GET form) sends only its own fields: the list's other parameters go with it as hidden
 * fields, so that a search keeps the sort, the tab and the other filters (`listFields`).
 */
export function ListFields<D extends ListDefinition>({ definition, state, asked }: { definition: D; state: ListState<D>; asked: readonly (keyof D['params'])[] }) {
  return listFields(definition, state, asked).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)
}
