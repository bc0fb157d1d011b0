import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import type { Route } from './+types/acoes.loja'
import * as storeApi from '~/domain/virtual-store/contract.ts'
import { VirtualStoreSchema } from '~/domain/virtual-store/schemas.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

/** The virtual store modal's post: the store's address and welcome text; the modal comes back with its link. */
export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'))
  const submission = parseWithZod(form, { schema: VirtualStoreSchema })
  if (submission.status !== 'success') {
    return redirectWithToast(request, back, { kind: 'error', text: Object.values(submission.error ?? {}).flat().filter(Boolean).join(' ') })
  }
  const res = await api(request, storeApi.storePlaceholder, { json: { organizacao_id: company.organizacao_id, ...submission.value } })
  if (!res.ok) return redirectWithToast(request, back, { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
  return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
}

export function loader() {
  return redirect('/personal-environment')
}
