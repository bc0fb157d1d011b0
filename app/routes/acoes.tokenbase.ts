import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import type { Route } from './+types/acoes.tokenbase'
import * as orgApi from '~/domain/organization/contract.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { submissionErrorText } from '~/lib/form-reply.server.ts'
import { TokenbaseSchema } from '~/domain/organization/company-schemas.ts'
import { safeRedirect, withoutParams } from '~/lib/safe-redirect.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

/** The tokenbase modal's posts: store a code ('Confirma') or delete it ('Excluir' sends null). */
export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'))
  let tokenbase: string | null = null
  if (form.get('intent') !== 'delete') {
    const submission = parseWithZod(form, { schema: TokenbaseSchema })
    if (submission.status !== 'success') {
      return redirectWithToast(request, back, { kind: 'error', text: submissionErrorText(submission.error) })
    }
    tokenbase = submission.value.tokenbase
  }
  const res = await api(request, orgApi.storeTokenBase, {
    json: { organizacao_id: company.organizacao_id, tokenbase },
  })
  if (!res.ok) return redirectWithToast(request, back, { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
  return redirectWithToast(request, withoutParams(back, ['editar']), { kind: 'success', text: res.data.message })
}

export function loader() {
  return redirect('/personal-environment')
}
