import { CompanyForm } from '~/components/company-form.tsx'
import { Field, FormErrors, SubmitButton } from '~/components/forms.tsx'
import { RouteModal } from '~/components/route-modal.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { organizationMessages } from '~/domain/organization/messages.ts'
import { formSchema } from '~/components/form-schema.ts'

const verificationCodeSchema = formSchema('VerificationCodeSchema')

/**
 * The wait-for-verification modal: a new organization stays inactive until
 * the six-digit code mailed to its creator is typed here.
 */
export function VerifyOrganizationModal({
  organization,
  lastResult,
}: {
  organization: { organizacao_id: number; nome: string }
  lastResult?: Parameters<typeof useValidatedForm>[1]['lastResult']
}) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(verificationCodeSchema, { id: 'verificar', lastResult })
  return (
    <RouteModal title="Aguardando verificação" closeParams={['org']}>
      <p>
        <strong>{organization.nome}</strong>: {organizationMessages.waitingVerification} Enviamos um código de 6 dígitos para o e-mail de
        quem a criou. Digite-o para ativar a organização.
      </p>
      <CompanyForm method="post" {...formProps} className="stack">
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="organizacao_id" value={organization.organizacao_id} />
        <FormErrors form={form} />
        <Field
          label="Código de verificação"
          meta={fields.code}
          inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, autoFocus: true }}
        />
        <SubmitButton disabled={submitDisabled} pending="Verificando…">
          Verificar
        </SubmitButton>
      </CompanyForm>
      <CompanyForm method="post">
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="organizacao_id" value={organization.organizacao_id} />
        <button type="submit" className="button block">
          Enviar novo código
        </button>
      </CompanyForm>
    </RouteModal>
  )
}
