import { z } from '@hono/zod-openapi'

/** `organizacao_id` in a request body: the organization the call acts on. */
export const organizacaoIdField = z.coerce
  .number({ error: 'A organização é obrigatória.' })
  .int('Organização inválida.')
  .positive('Organização inválida.')
  .openapi({ example: 1 })

/** An id in the path: a positive integer, with a Portuguese message otherwise. */
export const idParam = (example: number, label = 'Identificador') =>
  z.coerce
    .number({ error: `${label} inválido.` })
    .int(`${label} inválido.`)
    .positive(`${label} inválido.`)
    .openapi({ example })
