import { parseWithZod } from '@conform-to/zod/v4'
import type { FormErrors } from '~/components/orders/order-detail.tsx'
import * as ordersApi from '~/domain/orders/contract.ts'
import { orderMessages as m } from '~/domain/orders/messages.ts'
import { StatusChangeFormSchema } from '~/domain/orders/schemas.ts'
import { positiveIdField } from '~/domain/shared/ids.ts'
import { api, apiErrorMessages } from './api.server.ts'

/**
 * The status change form of /orders and of the deep link's confirmation, posted for the entered
 * organization: the change's answer, or the errors by field (Conform's or the API's names).
 */
export async function changeOrderStatus(request: Request, orgId: number, formData: FormData): Promise<{ ok: true; message: string } | { ok: false; errors: FormErrors }> {
  const submission = parseWithZod(formData, { schema: StatusChangeFormSchema })
  if (submission.status !== 'success') return { ok: false, errors: (submission.error ?? {}) as FormErrors }
  const res = await api(request, ordersApi.updateStatus, { json: { organizacao_id: orgId, ...submission.value } })
  if (res.ok) return { ok: true, message: res.data.message }
  return { ok: false, errors: 'errors' in res.data && res.data.errors ? (res.data.errors as FormErrors) : { form: apiErrorMessages(res.data) } }
}

/** 'Repetir pedido': the toast's kind and text, naming the lines left out. */
export async function repeatOrder(request: Request, orgId: number, formData: FormData): Promise<{ kind: 'success' | 'error'; text: string }> {
  const pedido = positiveIdField(m.orderRequired, m.orderInvalid).safeParse(formData.get('pedido_id'))
  if (!pedido.success) return { kind: 'error', text: m.orderInvalid }
  const res = await api(request, ordersApi.repetirPedido, { json: { organizacao_id: orgId, pedido_id: pedido.data } })
  if (!res.ok) return { kind: 'error', text: apiErrorMessages(res.data).join(' ') }
  const skipped = res.data.ignorados.map((i) => `${i.nome} (${i.motivo})`).join('; ')
  return { kind: res.data.adicionados.length ? 'success' : 'error', text: skipped ? `${res.data.message} ${m.repeatSkipped(skipped)}` : res.data.message }
}
