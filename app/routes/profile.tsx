import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import { CompanyForm } from '~/components/company-form.tsx'
import type { Route } from './+types/profile'
import { Field, FormErrors, SubmitButton } from '~/components/forms.tsx'
import { ImageUploadForms } from '~/components/image-upload-forms.tsx'
import { Avatar } from '~/components/ui/avatar.tsx'
import { useValidatedForm } from '~/components/use-validated-form.ts'
import { apiErrorMessages } from '~/lib/api.server.ts'
import { activeSessions, endAllSessions, endOtherSession } from '~/lib/active-sessions.server.ts'
import * as authApi from '~/domain/auth/contract.ts'
import { api } from '~/lib/api.server.ts'
import { replyWithApiError } from '~/lib/form-reply.server.ts'
import { authMessages, sessionMessages } from '~/domain/auth/messages.ts'
import { ProfileNameSchema } from '~/domain/auth/profile-schemas.ts'
import { redirectWithToast, rememberUser } from '~/lib/session.server.ts'
import { formSchema } from '~/components/form-schema.ts'
import { closeDetailsOnEscape } from '~/components/ui/details-escape.ts'

const profileNameSchema = formSchema('ProfileNameSchema')

export const meta: Route.MetaFunction = () => [{ title: 'Perfil | Pedidos B2B' }]


export async function loader({ request }: Route.LoaderArgs) {
  const res = await api(request, authApi.profile)
  if (!res.ok) throw data(apiErrorMessages(res.data).join(' '), { status: res.status })
  return {
    profile: { user_id: res.data.user_id, nome: res.data.nome, email: res.data.email, avatar: res.data.avatar },
    sessions: await activeSessions(request),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (intent === 'end-session') return endOtherSession(request, Number(formData.get('sessao')), '/profile')
  if (intent === 'end-all') return endAllSessions(request, '/profile')
  if (intent === 'avatar' || intent === 'remove-avatar') {
    let res
    if (intent === 'avatar') {
      const body = new FormData()
      const file = formData.get('avatar')
      if (file instanceof File && file.size > 0) body.set('avatar', file, file.name)
      res = await api(request, authApi.saveavatar, { form: body })
    } else {
      res = await api(request, authApi.deletedetail, { json: { detail: 'avatar' } })
    }
    if (!res.ok) return redirectWithToast(request, '/profile', { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
    return rememberUser(request, '/profile', res.data, intent === 'avatar' ? 'Foto atualizada!' : 'Foto removida!')
  }
  const submission = parseWithZod(formData, { schema: ProfileNameSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const res = await api(request, authApi.updateprofile, { json: submission.value })
  if (!res.ok) return data({ result: replyWithApiError(submission, res.data, { fields: ['nome'] }) }, { status: 400 })
  return rememberUser(request, '/profile', res.data, authMessages.profileUpdated)
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, sessions } = loaderData
  const { form, fields, formProps, submitDisabled } = useValidatedForm(profileNameSchema, {
    id: 'profile',
    lastResult: actionData?.result,
    defaultValue: { nome: profile.nome },
  })
  return (
    <section className="stack" aria-labelledby="profile-title">
      <h1 id="profile-title">Perfil</h1>
      <div className="card profile-head">
        <Avatar name={profile.nome} photo={profile.avatar} size={96} alt={`Foto de ${profile.nome}`} />
        <div>
          <h2>{profile.nome}</h2>
          <p className="muted">{profile.email}</p>
        </div>
      </div>

      <ImageUploadForms
        title="Foto"
        noun="foto"
        accept=".png,.jpg,.jpeg,.gif,image/png,image/jpeg,image/gif"
        caption="PNG, JPG ou GIF, até 1MB. Sem foto, mostramos suas iniciais."
        hasImage={Boolean(profile.avatar)}
        intents={{ upload: 'avatar', remove: 'remove-avatar' }}
      />

      <CompanyForm method="post" className="card" {...formProps}>
        <h2>Nome</h2>
        <input type="hidden" name="intent" value="name" />
        <FormErrors form={form} />
        <Field label="Nome" meta={fields.nome} inputProps={{ autoComplete: 'name' }} />
        <SubmitButton disabled={submitDisabled} pending="Salvando…">
          Salvar
        </SubmitButton>
      </CompanyForm>

      <ActiveSessions sessions={sessions} />
    </section>
  )
}

type SessionRow = Route.ComponentProps['loaderData']['sessions'][number]

/** Plain forms with an intent: ending a session works without JavaScript. */
function ActiveSessions({ sessions }: { sessions: SessionRow[] }) {
  const m = sessionMessages
  return (
    <section className="card stack" aria-labelledby="sessions-title">
      <h2 id="sessions-title">{m.title}</h2>
      <p className="muted">{m.intro}</p>
      <ul className="session-list" aria-label={m.title}>
        {sessions.map((s) => (
          <li key={s.id} className="session-item">
            <div>
              <strong>{s.device}</strong> {s.current ? <span className="badge">{m.thisSession}</span> : null}
              <p className="muted">
                {m.signedIn(s.signedIn)} · {m.lastSeen(s.lastSeen)}
              </p>
            </div>
            {s.current ? null : (
              <CompanyForm method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessao" value={s.id} />
                <button type="submit" className="button danger" aria-label={`${m.end}: ${s.device}, ${m.signedIn(s.signedIn).toLowerCase()}, ${m.lastSeen(s.lastSeen).toLowerCase()}`}>
                  {m.end}
                </button>
              </CompanyForm>
            )}
          </li>
        ))}
      </ul>
      <p className="muted">{m.endAllExplain}</p>
      {/* Every session ends, this one too: one more step, which a <details> gives without JavaScript. */}
      <details className="confirm-step" onKeyDown={closeDetailsOnEscape}>
        <summary className="button danger">{m.endAll}</summary>
        <div className="card stack">
          <p>{m.endAllConfirm}</p>
          <CompanyForm method="post">
            <input type="hidden" name="intent" value="end-all" />
            <button type="submit" className="button danger">
              {m.endAllYes}
            </button>
          </CompanyForm>
        </div>
      </details>
    </section>
  )
}

export { ScreenErrorBoundary as ErrorBoundary } from '~/components/shell/screen-error.tsx'
