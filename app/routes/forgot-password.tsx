import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'
import type { Route } from './+types/forgot-password'
import { AuthLayout } from '~/components/auth-layout.tsx'
import { Field, FormErrors, SubmitButton } from '~/components/forms.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import * as authApi from '~/domain/auth/contract.ts'
import { api } from '~/lib/api.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { ForgotPasswordSchema } from '~/domain/auth/schemas.ts'
import { formSchema } from '~/components/form-schema.ts'

const forgotPasswordSchema = formSchema('ForgotPasswordSchema')

export const meta: Route.MetaFunction = () => [{ title: 'Esqueceu a senha? | Pedidos B2B' }]

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema })
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: null }, { status: 400 })
  const res = await api(request, authApi.forgotPassword, { json: submission.value })
  if (!res.ok) return data({ result: replyWithApiError(submission, res.data, { fields: ['email'] }), sent: null }, { status: 400 })
  return { result: submission.reply({ resetForm: true }), sent: res.data.message }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(forgotPasswordSchema, { id: 'forgot-password', lastResult: actionData?.result })
  return (
    <AuthLayout title="Esqueceu a senha?" subtitle="Informe seu e-mail e enviaremos um link para criar uma nova senha.">
      {actionData?.sent ? (
        <p className="notice notice-success" role="status">
          {actionData.sent}
        </p>
      ) : null}
      <Form method="post" {...formProps}>
        <FormErrors form={form} />
        <Field label="E-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'email', autoFocus: true }} />
        <SubmitButton disabled={submitDisabled} pending="Enviando…">
          Enviar
        </SubmitButton>
      </Form>
      <p className="center">
        <a href="/">Voltar ao Login</a>
      </p>
    </AuthLayout>
  )
}
