import { data, Form, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/team-invite'
import { AuthLayout } from '~/components/auth-layout.tsx'
import { ErrorList } from '~/components/error-list.tsx'
import * as teamApi from '~/domain/team/contract.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { enterCompany } from '~/lib/company.server.ts'
import { teamInviteScreenMessages as m } from '~/domain/team/messages.ts'
import { INVITE_TOKEN_PATTERN, ORG_ID_PATTERN } from '~/domain/team/invite-link.ts'
import { destroySession, endSession, getAuth, redirectWithToast, withToast } from '~/lib/session.server.ts'

/**
 * The team invite opened from the mail (server/mail/team-templates.ts):
 * /convite-equipe/{orgId}/{token} to accept, the same with ?acao=recusar to decline.
 * Public: declining needs no login (the token proves the mail arrived); accepting
 * needs the account of the invited e-mail, so Login and sign-up come back here
 * (redirectTo). Nothing happens on opening the page — mail scanners open links —
 * only when its button is pressed.
 */
export const meta: Route.MetaFunction = () => [{ title: 'Convite para a equipe | Pedidos B2B' }]

function invitePath(params: { orgId: string; token: string }) {
  return `/convite-equipe/${params.orgId}/${encodeURIComponent(params.token)}`
}

const wellFormed = (params: { orgId: string; token: string }) => ORG_ID_PATTERN.test(params.orgId) && INVITE_TOKEN_PATTERN.test(params.token)

const loginFirst = (here: string) => `/?redirectTo=${encodeURIComponent(here)}`

export async function loader({ request, params }: Route.LoaderArgs) {
  const auth = await getAuth(request)
  const decline = new URL(request.url).searchParams.get('acao') === 'recusar'
  return {
    valid: wellFormed(params),
    mode: decline ? ('decline' as const) : ('accept' as const),
    here: invitePath(params),
    user: auth ? { nome: auth.user.nome, email: auth.user.email } : null,
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const here = invitePath(params)
  if (!wellFormed(params)) return data({ error: [m.malformed], declined: null }, { status: 400 })
  const intent = (await request.formData()).get('intent')
  const auth = await getAuth(request)
  const inviteParams = { params: { orgId: params.orgId, token: params.token } }

  if (intent === 'decline') {
    const res = await api(request, teamApi.negainvite, inviteParams)
    if (!res.ok) return data({ error: apiErrorMessages(res.data), declined: null }, { status: res.status })
    return { error: null, declined: res.data.message }
  }

  if (intent === 'switch-account') {
    // The invite belongs to another e-mail: leave this account and come back after the right one logs in.
    if (!auth) throw redirect(loginFirst(here))
    throw redirect(loginFirst(here), { headers: { 'Set-Cookie': await endSession(request, auth.session) } })
  }

  if (!auth) throw redirect(loginFirst(here))
  const res = await api(request, teamApi.aceiteinvite, { ...inviteParams, token: auth.token })
  if (res.status === 401) throw redirect(loginFirst(here), { headers: { 'Set-Cookie': await destroySession(auth.session) } })
  if (!res.ok) return data({ error: apiErrorMessages(res.data), declined: null }, { status: res.status })
  // Enter the organization at once, so the person lands in it (its landing screen by type).
  const toast = { kind: 'success' as const, text: res.data.message }
  const entered = await enterCompany(request, auth.session, res.data.organizacao_id)
  return entered ? withToast(entered, toast) : redirectWithToast(request, '/personal-environment', toast)
}

export default function TeamInvite({ loaderData, actionData }: Route.ComponentProps) {
  const { valid, mode, here, user } = loaderData
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle'
  if (!valid) {
    return (
      <AuthLayout title={m.title}>
        <p role="alert">{m.malformed}</p>
        <p className="center">
          <a href="/">Ir para o Login</a>
        </p>
      </AuthLayout>
    )
  }
  if (actionData?.declined) {
    return (
      <AuthLayout title={m.declineTitle}>
        <p role="status" className="notice notice-success">
          {m.declined}
        </p>
        <p className="center">
          <a href={user ? '/personal-environment' : '/'}>{user ? 'Ir para as minhas organizações' : 'Ir para o Login'}</a>
        </p>
      </AuthLayout>
    )
  }
  const errors = (
    <div role="alert" aria-live="assertive">
      <ErrorList errors={actionData?.error} live={false} />
    </div>
  )

  if (mode === 'decline') {
    return (
      <AuthLayout title={m.declineTitle}>
        <p>{m.whatItIs}</p>
        <p>{m.declineExplain}</p>
        {errors}
        <Form method="post">
          <input type="hidden" name="intent" value="decline" />
          <button type="submit" className="button block danger" disabled={busy}>
            Recusar convite
          </button>
        </Form>
        <p className="center">
          <a href={here}>Prefiro aceitar o convite</a>
        </p>
      </AuthLayout>
    )
  }

  return (
    <AuthLayout title={m.title}>
      <p>{m.whatItIs}</p>
      {errors}
      {user ? (
        <>
          <p>
            {m.loggedInAs(user.nome, user.email)} {m.onlyInvitedAccount}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="accept" />
            <button type="submit" className="button primary block" disabled={busy}>
              Aceitar convite
            </button>
          </Form>
          <Form method="post" className="center">
            <input type="hidden" name="intent" value="switch-account" />
            <button type="submit" className="button block" disabled={busy}>
              Entrar com outra conta
            </button>
          </Form>
        </>
      ) : (
        <>
          <p>{m.acceptNeedsAccount()}</p>
          <div className="button-row invite-auth-links">
            <a href={`/?redirectTo=${encodeURIComponent(here)}`} className="button primary">
              Entrar
            </a>
            <a href={`/signup?redirectTo=${encodeURIComponent(here)}`} className="button">
              Criar conta
            </a>
          </div>
        </>
      )}
      <p className="center">
        <a href={`${here}?acao=recusar`}>Recusar convite</a>
      </p>
    </AuthLayout>
  )
}
