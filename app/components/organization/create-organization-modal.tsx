import { useEffect, useRef, useState } from 'react'
import { Form, useFetcher } from 'react-router'
import { Field, FormErrors, MaskedField, SelectField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { ORG_TYPE_DESCRIPTIONS } from '~/domain/organization/messages.ts'
import { ORG_TYPE_LABELS } from '~/domain/organization/org-types.ts'
import { ORG_TYPES } from '~/domain/organization/org-types.ts'
import { UFS } from '~/domain/shared/uf.ts'
import { formSchema } from '~/components/form-schema.ts'

const createOrganizationSchema = formSchema(() => import('~/domain/organization/schemas.ts').then((m) => m.CreateOrganizationSchema))

type CepAnswer = { endereco?: string; bairro?: string; cidade?: string; uf?: string; erro?: string }
type CitiesAnswer = { cidades?: { id: number; nome: string }[]; erro?: string }

/**
 * Personal environment → 'Criar organização'. The CEP fills the address and the state
 * lists its cities (looked up by the API); when the lookups fail, or without
 * JavaScript, the person types the address by hand.
 */
export function CreateOrganizationModal({
  verticals,
  lastResult,
}: {
  verticals: { id: number; nome: string }[]
  lastResult?: Parameters<typeof useValidatedForm>[1]['lastResult']
}) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(createOrganizationSchema, { id: 'nova-organizacao', lastResult })
  const cep = useFetcher<CepAnswer>()
  const cities = useFetcher<CitiesAnswer>()
  const [lookupNote, setLookupNote] = useState<string | null>(null)
  const lastCep = useRef('')

  // The answer of a CEP lookup fills the address fields the person has not typed yet.
  useEffect(() => {
    const answer = cep.data
    if (!answer || cep.state !== 'idle') return
    if (answer.erro) {
      setLookupNote(answer.erro)
      return
    }
    setLookupNote(null)
    for (const name of ['endereco', 'bairro', 'cidade', 'uf'] as const) {
      const value = answer[name]
      if (value) form.update({ name, value })
    }
    if (answer.uf) cities.load(`/acoes/endereco?uf=${answer.uf}`)
  }, [cep.data, cep.state])

  const cityOptions = cities.data?.cidades ?? []
  return (
    <RouteModal title="Nova organização">
      <Form method="post" {...formProps} className="stack">
        <input type="hidden" name="intent" value="create" />
        <FormErrors form={form} />
        <fieldset className="links-fieldset" aria-describedby={fields.tipo.errors ? fields.tipo.errorId : undefined}>
          <legend>Tipo</legend>
          {ORG_TYPES.map((tipo) => (
            <div className="checkbox-row org-type-option" key={tipo}>
              <input
                type="radio"
                id={`nova-tipo-${tipo}`}
                name={fields.tipo.name}
                value={tipo}
                defaultChecked={fields.tipo.initialValue === tipo}
                // The focus lands on a radio when the type is missing: each says so, not only the group.
                aria-invalid={fields.tipo.errors ? true : undefined}
                aria-describedby={[`nova-tipo-${tipo}-desc`, fields.tipo.errors ? fields.tipo.errorId : ''].join(' ').trim()}
              />
              <label htmlFor={`nova-tipo-${tipo}`}>
                <strong>{ORG_TYPE_LABELS[tipo]}</strong>{' '}
                <span id={`nova-tipo-${tipo}-desc`} className="muted">
                  {ORG_TYPE_DESCRIPTIONS[tipo]}
                </span>
              </label>
            </div>
          ))}
          {fields.tipo.errors ? (
            <ul className="field-errors" id={fields.tipo.errorId}>
              {fields.tipo.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </fieldset>
        <MaskedField label="CNPJ" meta={fields.cnpj} mask="cnpj" />
        <Field label="Razão social" meta={fields.razao_social} inputProps={{ autoComplete: 'organization' }} />
        <Field label="Nome fantasia (opcional)" meta={fields.nome} />
        <SelectField
          label="Vertical"
          meta={fields.vertical_id}
          placeholder="Escolha o segmento"
          options={verticals.map((v) => ({ value: String(v.id), label: v.nome }))}
        />
        <Field label="E-mail (opcional)" type="email" meta={fields.email} />
        <MaskedField label="Telefone (opcional)" meta={fields.telefone} mask="cellphone" />
        <div
          onBlur={(event) => {
            const value = (event.target as HTMLInputElement).value?.replace(/\D/g, '')
            if (value?.length === 8 && value !== lastCep.current) {
              lastCep.current = value
              cep.load(`/acoes/endereco?cep=${value}`)
            }
          }}
        >
          <MaskedField label="CEP" meta={fields.cep} mask="cep" />
        </div>
        <p role="status" className="muted field-caption">
          {cep.state === 'loading' ? 'Buscando o endereço do CEP…' : lookupNote ?? 'Digite o CEP para preencher o endereço.'}
        </p>
        <Field label="Endereço" meta={fields.endereco} inputProps={{ autoComplete: 'address-line1' }} />
        <div className="field-row">
          <Field label="Número (opcional)" meta={fields.numero} />
          <Field label="Bairro (opcional)" meta={fields.bairro} />
        </div>
        <div className="field-row">
          <div
            className="field-grow"
            onChange={(event) => {
              const target = event.target
              if (target instanceof HTMLSelectElement && target.value) cities.load(`/acoes/endereco?uf=${target.value}`)
            }}
          >
            <SelectField label="UF" meta={fields.uf} placeholder="—" options={UFS.map((uf) => ({ value: uf, label: uf }))} />
          </div>
          <Field label="Cidade" meta={fields.cidade} inputProps={{ list: 'nova-cidades', autoComplete: 'address-level2' }} />
        </div>
        <datalist id="nova-cidades">
          {cityOptions.map((c) => (
            <option key={c.id} value={c.nome} />
          ))}
        </datalist>
        <SubmitButton disabled={submitDisabled} pending="Criando…">
          Criar organização
        </SubmitButton>
      </Form>
    </RouteModal>
  )
}
