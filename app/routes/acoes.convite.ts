import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import type { Route } from './+types/acoes.convite'
import * as orgApi from '~/domain/organization/contract.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { submissionErrorText } from '~/lib/form-reply.server.ts'
import { PartnerInviteSchema } from '~/domain/organization/partner-invite-schema.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

/** The share modal's post: invite a partner; the link comes back to the modal (flash) to be copied. */
export async function action({ request }: Route.ActionArgs) {
  const { company, session } = await requireCompany(request)
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'))
  const submission = parseWithZod(form, { schema: PartnerInviteSchema })
  if (submission.status !== 'success') {
    return redirectWithToast(request, back, { kind: 'error', text: submissionErrorText(submission.error) })
  }
  const res = await api(request, orgApi.createInvite, {
    json: { organizacao_id: company.organizacao_id, ...submission.value },
  })
  if (!res.ok) return redirectWithToast(request, back, { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
  session.flash('inviteLink', res.data.link)
  return redirectWithToast(request, back, { kind: 'success', text: res.data.message }, session)
}

export function loader() {
  return redirect('/personal-environment')
}
