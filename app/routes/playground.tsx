import { useState } from 'react'
import type { Route } from './+types/playground'
import { maskCellphone, maskCep, maskCnpj, maskNcm } from '~/lib/masks.ts'
import { isValidCnpj } from '~/lib/cnpj.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Playground | Pedidos B2B' }]

const MASKS = [
  { id: 'cnpj', label: 'CNPJ', mask: maskCnpj, max: 18 },
  { id: 'cep', label: 'CEP', mask: maskCep, max: 10 },
  { id: 'cel', label: 'Celular', mask: maskCellphone, max: 15 },
  { id: 'ncm', label: 'NCM', mask: maskNcm, max: 10 },
] as const

/** Developer page: try the masks of spec §5 and the CNPJ check as a user types. */
export default function Playground() {
  const [values, setValues] = useState<Record<string, string>>({})
  return (
    <main className="dev-page stack">
      <h1>Playground</h1>
      {MASKS.map(({ id, label, mask, max }) => (
        <div className="field" key={id}>
          <label htmlFor={`pg-${id}`}>{label}</label>
          <input id={`pg-${id}`} maxLength={max} value={values[id] ?? ''} onChange={(e) => setValues({ ...values, [id]: mask(e.target.value) })} />
          {id === 'cnpj' && values.cnpj ? <small className="field-caption">{isValidCnpj(values.cnpj) ? 'CNPJ válido' : 'CNPJ inválido'}</small> : null}
        </div>
      ))}
    </main>
  )
}
