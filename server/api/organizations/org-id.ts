import { z } from '@hono/zod-openapi'

/** `organizacao_id` in a request body: the organization the call acts on. */
export const organizacaoIdField = z.coerce
  .number({ error: 'A organização é obrigatória.' })
  .int('Organização inválida.')
  .positive('Organização inválida.')
  .openapi({ example: 1 })
