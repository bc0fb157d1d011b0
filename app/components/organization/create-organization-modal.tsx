import { CompanyForm } from '~/components/company-form.tsx'
import { Field, FormErrors, MaskedField, SelectField, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { ORG_TYPE_DESCRIPTIONS, organizationMessages } from '~/domain/organization/messages.ts'
import { ORG_TYPE_LABELS } from '~/domain/organization/org-types.ts'
import { ORG_TYPES } from '~/domain/organization/org-types.ts'
import { UFS } from '~/domain/shared/uf.ts'
import { formSchema } from '~/components/form-schema.ts'
import { CITY_LIST_ID, CitySuggestions } from './city-suggestions.tsx'

const createOrganizationSchema = formSchema('CreateOrganizationSchema')

/**
 * Personal environment → 'Criar organização'. The CEP fills the address and the state
 * lists its cities (looked up by the API, app/enhance/address-lookup.ts); when the lookups
 * fail, or without JavaScript, the person types the address by hand.
 */
export function CreateOrganizationModal({
  verticals,
  lastResult,
}: {
  verticals: { id: number; nome: string }[]
  lastResult?: Parameters<typeof useValidatedForm>[1]['lastResult']
}) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(createOrganizationSchema, { id: 'nova-organizacao', lastResult })
  return (
    <RouteModal title="Nova organização">
      <CompanyForm method="post" {...formProps} className="stack" data-address-lookup>
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
        <MaskedField label="CEP" meta={fields.cep} mask="cep" />
        <p role="status" className="muted field-caption" data-lookup-note data-looking={organizationMessages.cepLooking} data-unavailable={organizationMessages.cepUnavailable}>
          {organizationMessages.cepHint}
        </p>
        <Field label="Endereço" meta={fields.endereco} inputProps={{ autoComplete: 'address-line1' }} />
        <div className="field-row">
          <Field label="Número (opcional)" meta={fields.numero} />
          <Field label="Bairro (opcional)" meta={fields.bairro} />
        </div>
        <div className="field-row">
          <div className="field-grow">
            <SelectField label="UF" meta={fields.uf} placeholder="—" options={UFS.map((uf) => ({ value: uf, label: uf }))} />
          </div>
          <Field label="Cidade" meta={fields.cidade} inputProps={{ list: CITY_LIST_ID, autoComplete: 'address-level2' }} />
        </div>
        <CitySuggestions cities={[]} />
        <SubmitButton disabled={submitDisabled} pending="Criando…">
          Criar organização
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}
