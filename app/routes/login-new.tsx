import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/login-new'
import { AuthLayout } from '~/components/auth-layout.tsx'
import { CheckboxField, Field, focusTarget, FormErrors, NewAccountFields, SubmitButton, TERMS_LABEL } from '~/components/forms.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import * as authApi from '~/domain/auth/contract.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { maskCnpj } from '~/domain/shared/masks.ts'
import { enterCompany } from '~/lib/company.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { authMessages } from '~/domain/auth/messages.ts'
import { NewCustomerSchema } from '~/domain/auth/schemas.ts'
import { LOGO_ACCEPT } from '~/domain/auth/logo.ts'
import { commitSession, startSession, withToast } from '~/lib/session.server.ts'
import { formSchema } from '~/components/form-schema.ts'

const newCustomerSchema = formSchema('NewCustomerSchema')

export const meta: Route.MetaFunction = () => [{ title: 'Cadastro da empresa convidada | Pedidos B2B' }]

async function restoreInvite(request: Request, token: string) {
  return api(request, authApi.restoreInvite, { params: { token } })
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const res = await restoreInvite(request, params.token)
  if (!res.ok) return { invite: null, problem: apiErrorMessages(res.data)[0] }
  return { invite: res.data, problem: null }
}

const HIDDEN = ['password', 'confirm_password', 'logo']

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: NewCustomerSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ formErrors: [authMessages.fixFields], hideFields: HIDDEN }) }, { status: 400 })
  }
  const invite = await restoreInvite(request, params.token)
  if (!invite.ok) {
    return data({ result: submission.reply({ formErrors: apiErrorMessages(invite.data), hideFields: HIDDEN }) }, { status: 400 })
  }
  const v = submission.value
  const body = new FormData()
  for (const [key, value] of Object.entries({
    name: v.name,
    cnpj: invite.data.cnpj,
    token: params.token,
    user: v.user,
    email: v.email,
    password: v.password,
    confirm_password: v.confirm_password,
  })) {
    body.set(key, value)
  }
  if (v.logo) body.set('logo', v.logo, v.logo.name)
  const res = await api(request, authApi.createOrgAutoLogin, { form: body })
  if (!res.ok) {
    return data(
      { result: replyWithApiError(submission, res.data, { fields: ['user', 'email', 'password', 'confirm_password', 'name', 'logo'], hideFields: HIDDEN }) },
      { status: 400 },
    )
  }
  const { token, ...user } = res.data.user
  const session = await startSession(request, { token, user, remember: false })
  const entered =
    (await enterCompany(request, session, res.data.organizacao.organizacao_id)) ??
    redirect('/personal-environment', { headers: { 'Set-Cookie': await commitSession(session) } })
  return withToast(entered, { kind: 'success', text: authMessages.signupSuccess })
}

export default function LoginNew({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(newCustomerSchema, { id: 'login-new', submitError: authMessages.fixFields, lastResult: actionData?.result, defaultValue: { name: loaderData.invite?.nome ?? '' } })
  const focus = focusTarget([fields.user, fields.email, fields.password, fields.confirm_password, fields.name, fields.logo, fields.terms], fields.user)

  if (!loaderData.invite) {
    return (
      <AuthLayout title="Convite indisponível">
        <p className="notice notice-error" role="alert">
          {loaderData.problem}
        </p>
        <p className="center">
          <a href="/">Voltar ao Login</a>
        </p>
      </AuthLayout>
    )
  }
  return (
    <AuthLayout
      title="Cadastre sua empresa"
      subtitle={<>Você foi convidado. CNPJ da empresa: <strong>{maskCnpj(loaderData.invite.cnpj)}</strong></>}
    >
      <Form method="post" encType="multipart/form-data" {...formProps}>
        <FormErrors form={form} />
        <NewAccountFields user={fields.user} email={fields.email} password={fields.password} repeat={fields.confirm_password} focus={focus} />
        <Field label="Nome da empresa" meta={fields.name} inputProps={{ autoComplete: 'organization', autoFocus: focus === fields.name.name }} />
        <Field label="Logo (opcional)" type="file" meta={fields.logo} inputProps={{ accept: LOGO_ACCEPT, autoFocus: focus === fields.logo.name }} caption="PNG, JPG ou JPEG, até 1MB." />
        <CheckboxField label={TERMS_LABEL} meta={fields.terms} autoFocus={focus === fields.terms.name} />
        <SubmitButton disabled={submitDisabled} pending="Criando…">
          Criar conta e empresa
        </SubmitButton>
      </Form>
      <p className="center">
        Já tem conta? <a href="/">Entrar</a>
      </p>
    </AuthLayout>
  )
}
