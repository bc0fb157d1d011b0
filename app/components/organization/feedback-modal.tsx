import { CompanyForm } from '~/components/company-form.tsx'
import { FormErrors, SubmitButton, TextareaField } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { formSchema } from '~/components/form-schema.ts'

const feedbackSchema = formSchema('FeedbackSchema')

const NOTAS = [1, 2, 3, 4, 5] as const

/** The organization asks its members for a short rating before they enter, while its `feedback` flag is set. */
export function FeedbackModal({
  organization,
  lastResult,
}: {
  organization: { organizacao_id: number; nome: string }
  lastResult?: Parameters<typeof useValidatedForm>[1]['lastResult']
}) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(feedbackSchema, { id: 'avaliar', lastResult })
  return (
    <RouteModal title="Sua opinião" closeParams={['org']}>
      <p>
        Antes de entrar, <strong>{organization.nome}</strong> pede uma avaliação rápida: de 1 a 5, como está sendo usar a plataforma?
      </p>
      <CompanyForm method="post" {...formProps} className="stack">
        <input type="hidden" name="intent" value="feedback" />
        <input type="hidden" name="organizacao_id" value={organization.organizacao_id} />
        <FormErrors form={form} />
        <fieldset className="links-fieldset" aria-describedby={fields.nota.errors ? fields.nota.errorId : undefined}>
          <legend>Nota</legend>
          <div className="toolbar">
            {NOTAS.map((nota) => (
              <div className="checkbox-row" key={nota}>
                <input
                  type="radio"
                  id={`nota-${nota}`}
                  name={fields.nota.name}
                  value={nota}
                  aria-invalid={fields.nota.errors ? true : undefined}
                  aria-describedby={fields.nota.errors ? fields.nota.errorId : undefined}
                />
                <label htmlFor={`nota-${nota}`}>{nota}</label>
              </div>
            ))}
          </div>
          {fields.nota.errors ? (
            <ul className="field-errors" id={fields.nota.errorId}>
              {fields.nota.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </fieldset>
        <TextareaField label="Comentário (opcional)" meta={fields.comentario} rows={3} />
        <SubmitButton disabled={submitDisabled} pending="Enviando…">
          Enviar e entrar
        </SubmitButton>
      </CompanyForm>
    </RouteModal>
  )
}
