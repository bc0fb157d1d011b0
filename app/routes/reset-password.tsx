import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import type { Route } from './+types/reset-password'
import { AuthLayout } from '~/components/auth-layout.tsx'
import { Field, focusTarget, FormErrors, SubmitButton } from '~/components/forms.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import * as authApi from '~/domain/auth/contract.ts'
import { api } from '~/lib/api.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { ResetPasswordSchema } from '~/domain/auth/schemas.ts'
import { endSessionsOfEmail, redirectWithToast } from '~/lib/session.server.ts'
import { formSchema } from '~/components/form-schema.ts'

const resetPasswordSchema = formSchema('ResetPasswordSchema')

export const meta: Route.MetaFunction = () => [{ title: 'Nova senha | Pedidos B2B' }]

const HIDDEN = ['password', 'password_confirmation']

export async function action({ request, params }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: HIDDEN }) }, { status: 400 })
  const res = await api(request, authApi.resetPassword, {
    json: { ...submission.value, email: params.email, token: params.token },
  })
  if (!res.ok) {
    return data({ result: replyWithApiError(submission, res.data, { fields: HIDDEN, hideFields: HIDDEN }) }, { status: 400 })
  }
  // The API revoked every token of the account; its web sessions on every device end with them.
  await endSessionsOfEmail(params.email)
  return redirectWithToast(request, '/', { kind: 'success', text: res.data.message })
}

export default function ResetPassword({ actionData, params }: Route.ComponentProps) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(resetPasswordSchema, { id: 'reset-password', lastResult: actionData?.result })
  const focus = focusTarget([fields.password, fields.password_confirmation], fields.password)
  return (
    <AuthLayout title="Crie uma nova senha" subtitle={<>Para a conta <strong data-testid="reset-email">{params.email}</strong></>}>
      <Form method="post" {...formProps}>
        <FormErrors form={form} />
        {/* The account the new password is for, for the browser's password manager (not sent to be read: the address holds it). */}
        <input type="text" name="username" autoComplete="username" value={params.email} readOnly hidden />
        <Field label="Nova senha" type="password" meta={fields.password} inputProps={{ autoComplete: 'new-password', autoFocus: focus === fields.password.name }} caption="No mínimo 8 caracteres." />
        <Field label="Repita a nova senha" type="password" meta={fields.password_confirmation} inputProps={{ autoComplete: 'new-password', autoFocus: focus === fields.password_confirmation.name }} />
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          Salvar nova senha
        </SubmitButton>
      </Form>
      <p className="center">
        <a href="/">Voltar ao Login</a>
      </p>
    </AuthLayout>
  )
}
