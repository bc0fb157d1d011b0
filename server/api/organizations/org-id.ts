import { z } from '@hono/zod-openapi'
import { positiveIdField } from '../../../app/domain/shared/ids.ts'
import { MAX_DB_INT } from '../http.ts'

/** `organizacao_id` in a request body: the organization the call acts on. */
export const organizacaoIdField = positiveIdField('A organização é obrigatória.', 'Organização inválida.').openapi({ type: 'integer', example: 1 })

/** An id in the path: a positive integer, with a Portuguese message otherwise. */
export const idParam = (example: number, label = 'Identificador') =>
  z.coerce
    .number({ error: `${label} inválido.` })
    .int(`${label} inválido.`)
    .positive(`${label} inválido.`)
    .max(MAX_DB_INT, `${label} inválido.`)
    .openapi({ example })
