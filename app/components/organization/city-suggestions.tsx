/** The id of the new organization's list of cities, which the city field suggests from. */
export const CITY_LIST_ID = 'nova-cidades'

/**
 * The cities of the chosen state, suggested as the city is typed: empty in the page, rendered again by the address
 * lookup (/acoes/endereco?uf=) once a state is chosen, and swapped in by app/enhance/address-lookup.ts.
 */
export function CitySuggestions({ cities }: { cities: readonly { id: number; nome: string }[] }) {
  return (
    <datalist id={CITY_LIST_ID}>
      {cities.map((c) => (
        <option key={c.id} value={c.nome} />
      ))}
    </datalist>
  )
}
