import { parseWithZod } from '@conform-to/zod/v4'
import type { FormErrors, TypedQuantities } from '~/components/orders/order-detail.tsx'
import * as ordersApi from '~/domain/orders/contract.ts'
import { orderMessages as m } from '~/domain/orders/messages.ts'
import { StatusChangeFormSchema } from '~/domain/orders/schemas.ts'
import { positiveIdField } from '~/domain/shared/ids.ts'
import type { ListState } from '~/domain/orders/list-state.ts'
import { api, apiErrorMessages } from './api.server.ts'

/** A page of the orders list as the screen shows it: `customerId` for one customer's orders, `period` false to leave the dates out. */
export function readOrderList(request: Request, orgId: number, list: ListState, customerId: number | null, period = true) {
  return api(request, ordersApi.restorePedidos, {
    params: {
      orgId,
      regPerPage: ORDERS_PER_PAGE,
      search: list.q || 'null',
      status: list.status || 'null',
      papel: customerId ? 'V' : list.aba,
    },
    query: {
      page: list.page,
      de: (period && list.de) || null,
      ate: (period && list.ate) || null,
      cliente: customerId,
    },
  })
}

const ORDERS_PER_PAGE = 20

/**
 * The status change form of /orders and of the deep link's confirmation, posted for the entered
 * organization: the change's answer, or the errors by field (Conform's or the API's names).
 */
export async function changeOrderStatus(
  request: Request,
  orgId: number,
  formData: FormData,
): Promise<{ ok: true; message: string } | { ok: false; errors: FormErrors; typed: TypedQuantities }> {
  const submission = parseWithZod(formData, { schema: StatusChangeFormSchema })
  if (submission.status !== 'success') return { ok: false, errors: (submission.error ?? {}) as FormErrors, typed: typedQuantities(formData) }
  const res = await api(request, ordersApi.updateStatus, { json: { organizacao_id: orgId, ...submission.value } })
  if (res.ok) return { ok: true, message: res.data.message }
  const errors = 'errors' in res.data && res.data.errors ? (res.data.errors as FormErrors) : { form: apiErrorMessages(res.data) }
  return { ok: false, errors, typed: typedQuantities(formData) }
}

const TYPED_FIELD = /^quantidades\[(\d{1,4})\]\.quantidade$/

/**
 * The invoiced quantities as typed, by line: a refused change shows them again, as JavaScript's form keeps them
 * (without it the page is drawn anew from the order).
 */
function typedQuantities(formData: FormData): TypedQuantities {
  const typed: TypedQuantities = {}
  for (const [name, value] of formData) {
    const index = TYPED_FIELD.exec(name)?.[1]
    const itemId = index === undefined ? null : formData.get(`quantidades[${index}].item_id`)
    if (typeof value === 'string' && typeof itemId === 'string' && itemId.length <= 12) typed[itemId] = value.slice(0, 20)
  }
  return typed
}

/** 'Repetir pedido': the toast's kind and text, naming the lines left out. */
export async function repeatOrder(request: Request, orgId: number, formData: FormData): Promise<{ kind: 'success' | 'error'; text: string }> {
  const pedido = positiveIdField(m.orderRequired, m.orderInvalid).safeParse(formData.get('pedido_id'))
  if (!pedido.success) return { kind: 'error', text: m.orderInvalid }
  const res = await api(request, ordersApi.repetirPedido, { json: { organizacao_id: orgId, pedido_id: pedido.data } })
  if (!res.ok) return { kind: 'error', text: apiErrorMessages(res.data).join(' ') }
  const skipped = res.data.ignorados.map((i) => `${i.nome} (${i.motivo})`).join('; ')
  const adjusted = res.data.adicionados
    .filter((a) => a.quantidade !== a.quantidade_pedido)
    .map((a) => `${a.nome} (${a.quantidade_pedido.toLocaleString('pt-BR')} → ${a.quantidade.toLocaleString('pt-BR')})`)
    .join('; ')
  const text = [res.data.message, skipped ? m.repeatSkipped(skipped) : '', adjusted ? m.repeatAdjusted(adjusted) : ''].filter(Boolean).join(' ')
  return { kind: res.data.adicionados.length ? 'success' : 'error', text }
}
