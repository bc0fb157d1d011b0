import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import type { Route } from './+types/acoes.bandeira'
import * as orgApi from '~/domain/organization/contract.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { submissionErrorText } from '~/lib/form-reply.server.ts'
import { FlagCodeSchema } from '~/domain/organization/company-schemas.ts'
import { safeRedirect, withoutParams } from '~/lib/safe-redirect.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

/** The flag modal's posts: join with a code, leave (after confirmation), or, for a flag, a new code. */
export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'))
  const intent = form.get('intent')
  const orgId = company.organizacao_id
  let res
  if (intent === 'join') {
    const submission = parseWithZod(form, { schema: FlagCodeSchema })
    if (submission.status !== 'success') {
      const text = submissionErrorText(submission.error)
      return redirectWithToast(request, back, { kind: 'error', text })
    }
    res = await api(request, orgApi.linkaBandeira, { params: { orgId, code: submission.value.code } })
  } else if (intent === 'leave' && company.bandeira_id) {
    res = await api(request, orgApi.deleteVarejo, { params: { orgId, bandeiraId: company.bandeira_id } })
  } else if (intent === 'regenerate') {
    res = await api(request, orgApi.regenerateCode, { json: { organizacao_id: orgId } })
  } else {
    return redirect(back)
  }
  // The modal stays open on its new state, past the confirmation step.
  return redirectWithToast(request, withoutParams(back, ['confirmar']), {
    kind: res.ok ? 'success' : 'error',
    text: res.ok ? res.data.message : apiErrorMessages(res.data).join(' '),
  })
}

export function loader() {
  return redirect('/personal-environment')
}
