import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import type { Route } from './+types/acoes.plano'
import * as billingApi from '~/domain/plans/billing-contract.ts'
import { CompanyEmailFormSchema } from '~/domain/plans/billing-contract.ts'
import * as plansApi from '~/domain/plans/contract.ts'
import { PlanChoiceSchema } from '~/domain/plans/schemas.ts'
import { planScreenMessages as m } from '~/domain/plans/screen-messages.ts'
import * as storeApi from '~/domain/virtual-store/contract.ts'
import { VirtualStoreSchema } from '~/domain/virtual-store/schemas.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { submissionErrorText } from '~/lib/form-reply.server.ts'
import { safeRedirect, withoutParams } from '~/lib/safe-redirect.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

type Reply = { ok: true; text: string; back?: string } | { ok: false; text: string }

const refused = (body: Parameters<typeof apiErrorMessages>[0]): Reply => ({ ok: false, text: apiErrorMessages(body).join(' ') })
const formErrors = (error: Record<string, string[] | null> | null | undefined): Reply => ({ ok: false, text: submissionErrorText(error) })

/**
 * The posts of what the plan governs, from the shell's modals: the plans modal (the trial of a plan, or a change to
 * it, mode M), its Cobranças tab (a nota fiscal), the company e-mail manager, and the virtual store's settings. Each
 * comes back to the modal it was sent from, with the outcome in a toast; after a plan change the shell, drawn again,
 * shows what the new plan governs.
 */
export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'))
  const reply = await act(request, company.organizacao_id, form, back)
  return redirectWithToast(request, reply.ok ? (reply.back ?? back) : back, { kind: reply.ok ? 'success' : 'error', text: reply.text })
}

async function act(request: Request, orgId: number, form: FormData, back: string): Promise<Reply> {
  const intent = form.get('intent')
  if (intent === 'teste' || intent === 'mudar') {
    const submission = parseWithZod(form, { schema: PlanChoiceSchema })
    if (submission.status !== 'success') return { ok: false, text: m.choiceInvalid }
    const { plano } = submission.value
    // Básico has no trial: no card offers one.
    if (intent === 'teste' && plano === 'B') return { ok: false, text: m.choiceInvalid }
    const res =
      intent === 'teste' && plano !== 'B'
        ? await api(request, plansApi.startTrial, { params: { orgId, plano } })
        : await api(request, plansApi.changePlain, { params: { orgId, plano, modo: 'M' } })
    return res.ok ? { ok: true, text: res.data.message } : refused(res.data)
  }
  if (intent === 'loja') {
    const submission = parseWithZod(form, { schema: VirtualStoreSchema })
    if (submission.status !== 'success') return formErrors(submission.error)
    const res = await api(request, storeApi.storePlaceholder, { json: { organizacao_id: orgId, ...submission.value } })
    return res.ok ? { ok: true, text: res.data.message } : refused(res.data)
  }
  if (intent === 'nf') {
    const upload = new FormData()
    upload.set('organizacao_id', String(orgId))
    upload.set('titulo_id', String(form.get('titulo_id') ?? ''))
    const file = form.get('nf')
    if (file instanceof File && file.size > 0) upload.set('nf', file)
    const res = await api(request, billingApi.uploadNfTitulo, { form: upload })
    return res.ok ? { ok: true, text: res.data.message } : refused(res.data)
  }
  const submission = parseWithZod(form, { schema: CompanyEmailFormSchema })
  if (submission.status !== 'success') return formErrors(submission.error)
  const { email, tipo } = submission.value
  if (intent === 'add-email') {
    const res = await api(request, billingApi.addEmailEmpresa, { json: { organizacao_id: orgId, email, tipo } })
    return res.ok ? { ok: true, text: res.data.message } : refused(res.data)
  }
  if (intent === 'remove-email') {
    const res = await api(request, billingApi.deleteEmailEmpresa, { params: { orgId, email, tipo } })
    return res.ok ? { ok: true, text: res.data.message, back: withoutParams(back, ['excluir']) } : refused(res.data)
  }
  return refused({})
}

export function loader() {
  return redirect('/personal-environment')
}
