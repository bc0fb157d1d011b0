import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/signup'
import { AuthLayout } from '~/components/auth-layout.tsx'
import { CheckboxField, Field, FormErrors } from '~/components/forms.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { callApi } from '~/lib/api.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { authMessages } from '~/lib/messages/auth.ts'
import { capitalise, SignupSchema } from '~/lib/schemas/auth.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

export const meta: Route.MetaFunction = () => [{ title: 'Crie sua conta | Pedidos B2B' }]

const HIDDEN = ['password', 'confirm_password']

export async function action({ request }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: SignupSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ formErrors: [authMessages.fixFields], hideFields: HIDDEN }) }, { status: 400 })
  }
  const { name, email, password, confirm_password } = submission.value
  const res = await callApi(request, 'api/register', { json: { name: capitalise(name), email, password, confirm_password } })
  if (!res.ok) {
    return data({ result: replyWithApiError(submission, res.data, { fields: ['name', 'email', 'password', 'confirm_password'], hideFields: HIDDEN }) }, { status: 400 })
  }
  return redirectWithToast(request, '/', { kind: 'success', text: authMessages.signupSuccess })
}


export default function Signup({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  const { form, fields, formProps, submitDisabled } = useValidatedForm(SignupSchema, { id: 'signup', lastResult: actionData?.result })
  return (
    <AuthLayout title="Crie sua conta" subtitle="Comece a comprar e vender em poucos minutos.">
      <Form method="post" {...formProps}>
        <FormErrors form={form} />
        <Field label="Usuário" meta={fields.name} inputProps={{ autoComplete: 'name', autoFocus: true }} />
        <Field label="E-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'email' }} />
        <Field label="Senha" type="password" meta={fields.password} inputProps={{ autoComplete: 'new-password' }} caption="No mínimo 8 caracteres." />
        <Field label="Repita a senha" type="password" meta={fields.confirm_password} inputProps={{ autoComplete: 'new-password' }} />
        <CheckboxField label="Li e concordo com os termos de uso e a política de privacidade" meta={fields.terms} />
        <button type="submit" className="button primary block" disabled={submitDisabled || navigation.state === 'submitting'}>
          {navigation.state === 'submitting' ? 'Cadastrando…' : 'Cadastrar'}
        </button>
      </Form>
      <p className="center">
        Já tem conta? <Link to="/">Entrar</Link>
      </p>
    </AuthLayout>
  )
}
