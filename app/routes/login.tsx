import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect } from 'react'
import { data, Form, redirect, useSearchParams } from 'react-router'
import type { Route } from './+types/login'
import { AuthLayout } from '~/components/auth-layout.tsx'
import { forgetChatState } from '~/components/chat/chat-storage.ts'
import { CheckboxField, Field, focusTarget, FormErrors, SubmitButton } from '~/components/forms.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import * as authApi from '~/domain/auth/contract.ts'
import { api } from '~/lib/api.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { redirectAfterLogin } from '~/lib/post-login.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { LoginSchema } from '~/domain/auth/schemas.ts'
import { getAuth, startSession, takeSignedUpEmail } from '~/lib/session.server.ts'
import { formSchema } from '~/components/form-schema.ts'
import { orderMessages } from '~/domain/orders/messages.ts'
import { ORDER_STATUS_LABELS } from '~/domain/orders/order-status.ts'

const loginSchema = formSchema('LoginSchema')

export const meta: Route.MetaFunction = () => [{ title: 'Entrar | Pedidos B2B' }]

/** Where a screen that sent the person to Login (`?redirectTo=`) wants them back; '' when absent or not a path of this site. */
const redirectTarget = (value: FormDataEntryValue | string | null) => safeRedirect(value, '')

export async function loader({ request, params }: Route.LoaderArgs) {
  const auth = await getAuth(request)
  if (auth) {
    if (params.orderId && params.orderStatus) {
      throw redirect(`/personal-environment/update-order-status/${encodeURIComponent(params.orderId)}/${encodeURIComponent(params.orderStatus)}`)
    }
    const back = redirectTarget(new URL(request.url).searchParams.get('redirectTo'))
    if (back) throw redirect(back)
    // Only the Login at / moves on; an unknown path keeps showing Login.
    if (!params['*']) throw redirect('/personal-environment')
  }
  // From an order e-mail's link: which change the login leads to (the change itself is confirmed after it).
  const { orderId, orderStatus } = params
  const notice = orderId && /^\d{1,10}$/.test(orderId) && orderStatus && orderStatus !== 'A' && ORDER_STATUS_LABELS[orderStatus] ? orderMessages.loginToChange(orderId, ORDER_STATUS_LABELS[orderStatus]) : null
  // Right after sign-up: the new account's e-mail is already in the form.
  const signedUp = await takeSignedUpEmail(request)
  return signedUp ? data({ email: signedUp.email, notice }, { headers: { 'Set-Cookie': signedUp.setCookie } }) : { email: null, notice }
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: LoginSchema })
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const { email, password, remember } = submission.value
  const res = await api(request, authApi.login, { json: { email, password } })
  if (!res.ok) {
    return data(
      { result: replyWithApiError(submission, res.data, { fields: [], hideFields: ['password'] }) },
      { status: res.status === 429 ? 429 : 400 },
    )
  }
  const { token, ...user } = res.data
  const session = await startSession(request, { token, user, remember: remember === true })
  return redirectAfterLogin(request, session, params, redirectTarget(formData.get('redirectTo')))
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { form, fields, formProps, submitDisabled } = useValidatedForm(loginSchema, {
    id: 'login',
    lastResult: actionData?.result,
    defaultValue: loaderData.email ? { email: loaderData.email } : undefined,
  })
  // A refused login (a wrong password empties its field) starts on the password, unless the e-mail is what is wrong.
  const focus = focusTarget([fields.email, fields.password], actionData || loaderData.email ? fields.password : fields.email)
  const [searchParams] = useSearchParams()
  const redirectTo = searchParams.get('redirectTo')
  // Login shows when nobody is logged in: the user profile is empty, which resets the chat state.
  useEffect(forgetChatState, [])
  return (
    <AuthLayout title="Bom te ver novamente!" subtitle="Entre para acompanhar seus pedidos e condições.">
      {loaderData.notice ? (
        <p className="notice notice-info" role="status">
          {loaderData.notice}
        </p>
      ) : null}
      <Form method="post" {...formProps}>
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
        <FormErrors form={form} />
        <Field label="E-mail" type="email" meta={fields.email} inputProps={{ autoComplete: 'email', autoFocus: focus === fields.email.name }} />
        <Field label="Senha" type="password" meta={fields.password} inputProps={{ autoComplete: 'current-password', autoFocus: focus === fields.password.name }} />
        <div className="row-between">
          <CheckboxField label="Lembrar de mim" meta={fields.remember} />
          <a href="/forgot-password">Esqueceu a senha?</a>
        </div>
        <SubmitButton disabled={submitDisabled} pending="Entrando…">
          Entrar
        </SubmitButton>
      </Form>
      <p className="center">
        Ainda não tem conta? <a href={redirectTo ? `/signup?${new URLSearchParams({ redirectTo })}` : '/signup'}>Crie sua conta</a>
      </p>
    </AuthLayout>
  )
}
