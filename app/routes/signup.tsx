import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, useSearchParams } from 'react-router'
import type { Route } from './+types/signup'
import { AuthLayout } from '~/components/auth-layout.tsx'
import { CheckboxField, focusTarget, FormErrors, NewAccountFields, SubmitButton, TERMS_LABEL } from '~/components/forms.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import * as authApi from '~/domain/auth/contract.ts'
import { api } from '~/lib/api.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { authMessages } from '~/domain/auth/messages.ts'
import { capitalise, SignupSchema } from '~/domain/auth/schemas.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { redirectWithToast, withSignedUpEmail } from '~/lib/session.server.ts'
import { formSchema } from '~/components/form-schema.ts'

const signupSchema = formSchema('SignupSchema')

export const meta: Route.MetaFunction = () => [{ title: 'Crie sua conta | Pedidos B2B' }]

const HIDDEN = ['password', 'confirm_password']

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: SignupSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ formErrors: [authMessages.fixFields], hideFields: HIDDEN }) }, { status: 400 })
  }
  const { name, email, password, confirm_password } = submission.value
  const res = await api(request, authApi.register, { json: { name: capitalise(name), email, password, confirm_password } })
  if (!res.ok) {
    return data({ result: replyWithApiError(submission, res.data, { fields: ['name', 'email', 'password', 'confirm_password'], hideFields: HIDDEN }) }, { status: 400 })
  }
  // Login next, keeping where the person was going (e.g. the team invite that sent them here).
  const redirectTo = safeRedirect(formData.get('redirectTo'), '')
  const login = redirectTo ? `/?${new URLSearchParams({ redirectTo })}` : '/'
  return withSignedUpEmail(await redirectWithToast(request, login, { kind: 'success', text: authMessages.signupSuccess }), email)
}

export default function Signup({ actionData }: Route.ComponentProps) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(signupSchema, { id: 'signup', submitError: authMessages.fixFields, lastResult: actionData?.result })
  const focus = focusTarget([fields.name, fields.email, fields.password, fields.confirm_password, fields.terms], fields.name)
  const [searchParams] = useSearchParams()
  const redirectTo = searchParams.get('redirectTo')
  return (
    <AuthLayout title="Crie sua conta" subtitle="Comece a comprar e vender em poucos minutos.">
      <Form method="post" {...formProps}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormErrors form={form} />
        <NewAccountFields user={fields.name} email={fields.email} password={fields.password} repeat={fields.confirm_password} focus={focus} />
        <CheckboxField label={TERMS_LABEL} meta={fields.terms} autoFocus={focus === fields.terms.name} />
        <SubmitButton disabled={submitDisabled} pending="Cadastrando…">
          Cadastrar
        </SubmitButton>
      </Form>
      <p className="center">
        Já tem conta? <a href={redirectTo ? `/?${new URLSearchParams({ redirectTo })}` : '/'}>Entrar</a>
      </p>
    </AuthLayout>
  )
}
