import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import type { Route } from './+types/acoes.cobranca'
import * as billingApi from '~/domain/plans/billing-contract.ts'
import { CompanyEmailFormSchema } from '~/domain/plans/billing-contract.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { safeRedirect, withoutParams } from '~/lib/safe-redirect.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

/**
 * The billing posts of the plans modal and the company e-mail manager: a nota fiscal for an invoice, and adding or
 * removing a company e-mail. Each comes back to the modal it was sent from, with the outcome in a toast.
 */
export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'))
  const organizacao_id = company.organizacao_id
  const toastError = (text: string) => redirectWithToast(request, back, { kind: 'error', text })
  const intent = form.get('intent')
  if (intent === 'nf') {
    const upload = new FormData()
    upload.set('organizacao_id', String(organizacao_id))
    upload.set('titulo_id', String(form.get('titulo_id') ?? ''))
    const file = form.get('nf')
    if (file instanceof File && file.size > 0) upload.set('nf', file)
    const res = await api(request, billingApi.uploadNfTitulo, { form: upload })
    if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
    return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
  }
  const submission = parseWithZod(form, { schema: CompanyEmailFormSchema })
  if (submission.status !== 'success') return toastError(Object.values(submission.error ?? {}).flat().filter(Boolean).join(' '))
  const { email, tipo } = submission.value
  if (intent === 'add-email') {
    const res = await api(request, billingApi.addEmailEmpresa, { json: { organizacao_id, email, tipo } })
    if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
    return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
  }
  if (intent === 'remove-email') {
    const res = await api(request, billingApi.deleteEmailEmpresa, { params: { orgId: organizacao_id, email, tipo } })
    if (!res.ok) return toastError(apiErrorMessages(res.data).join(' '))
    return redirectWithToast(request, withoutParams(back, ['excluir']), { kind: 'success', text: res.data.message })
  }
  return toastError(apiErrorMessages({}).join(' '))
}

export function loader() {
  return redirect('/personal-environment')
}
