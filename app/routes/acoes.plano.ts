import { parseWithZod } from '@conform-to/zod/v4'
import { redirect } from 'react-router'
import type { Route } from './+types/acoes.plano'
import * as plansApi from '~/domain/plans/contract.ts'
import { PlanChoiceSchema } from '~/domain/plans/schemas.ts'
import { planScreenMessages as m } from '~/domain/plans/screen-messages.ts'
import { api, apiErrorMessages } from '~/lib/api.server.ts'
import { requireCompany } from '~/lib/company.server.ts'
import { safeRedirect } from '~/lib/safe-redirect.ts'
import { redirectWithToast } from '~/lib/session.server.ts'

/**
 * The plans modal's posts: start the trial of a plan, or change to it (mode M, a change an admin asks for). Either
 * way the page comes back with the modal open on the new plan, and the shell, drawn again, with what it governs.
 */
export async function action({ request }: Route.ActionArgs) {
  const { company } = await requireCompany(request)
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'))
  const submission = parseWithZod(form, { schema: PlanChoiceSchema })
  if (submission.status !== 'success') return redirectWithToast(request, back, { kind: 'error', text: m.choiceInvalid })
  const { intent, plano } = submission.value
  const orgId = company.organizacao_id
  // Básico has no trial: no card offers one.
  if (intent === 'teste' && plano === 'B') return redirectWithToast(request, back, { kind: 'error', text: m.choiceInvalid })
  const res =
    intent === 'teste' && plano !== 'B'
      ? await api(request, plansApi.startTrial, { params: { orgId, plano } })
      : await api(request, plansApi.changePlain, { params: { orgId, plano, modo: 'M' } })
  if (!res.ok) return redirectWithToast(request, back, { kind: 'error', text: apiErrorMessages(res.data).join(' ') })
  return redirectWithToast(request, back, { kind: 'success', text: res.data.message })
}

export function loader() {
  return redirect('/personal-environment')
}
