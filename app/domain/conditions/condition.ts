import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam, pathId } from '../shared/fields.ts'
import { TABLE_TYPES } from './schemas.ts'

/**
 * One condition as every condition call answers it (CondicaoSchema), and `restoreCondicao/{id}`, which
 * the condition's pages read first: for the seller's members, and for an OL invited to it (then with
 * `parceiro`, the OL's own terms).
 */

export { TABLE_TYPES }
export type TableType = (typeof TABLE_TYPES)[number]

export const CondicaoSchema = z
  .object({
    id: z.number().int(),
    organizacao_id: z.number().int(),
    nome: z.string(),
    tipo_tabela: z.enum(TABLE_TYPES).meta({ description: "'D' desconto sobre o preço de tabela; 'L' preço líquido fixo" }),
    inicio: z.string().nullable().meta({ format: 'date' }),
    fim: z.string().nullable().meta({ format: 'date' }),
    ativo: z.boolean(),
    visivel: z.boolean().meta({ description: 'Escolha do vendedor; no plano Básico nenhum comprador a vê (condicoes_restritas)' }),
    minimo_valor_centavos: z.number().int(),
    minimo_quantidade: z.number().int(),
    colunas: z.array(z.string()),
    created_at: z.string().meta({ format: 'date-time' }),
    updated_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'Condicao' })

export const CondicaoDetalheSchema = z
  .object({
    condicao: CondicaoSchema,
    acesso: z.enum(['vendedor', 'ol']).meta({ description: 'Como quem chama vê a condição: a empresa dona ou um OL convidado' }),
    vendedor: z.object({ id: z.number().int(), nome: z.string() }),
    parceiro: z
      .object({ id: z.number().int(), organizacao_id: z.number().int(), nome: z.string(), desconto_extra: z.string(), status: z.enum(['pendente', 'aceito', 'recusado']) })
      .nullable()
      .meta({ description: 'Para um OL: o seu convite nesta condição' }),
  })
  .meta({ id: 'CondicaoDetalhe' })

export const restoreCondicao = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreCondicao/{id}',
  tags: ['Condições'],
  summary: 'Uma condição: para membros do vendedor e de um OL convidado (pendente ou aceito)',
  security: bearer,
  request: {
    params: z.object({ id: idParam('id', 'Condição inválida.', 1) }),
    query: z.object({
      organizacao_id: pathId(1, 'Organização inválida.')
        .optional()
        .meta({ description: 'A empresa por quem se vê a condição (a da sessão): o vendedor, ou o OL convidado. Ausente: o vendedor, se quem chama é membro dele.' }),
    }),
  },
  responses: { 200: jsonContent(CondicaoDetalheSchema, 'A condição'), 404: jsonContent(MessageSchema, 'Não existe ou não é sua'), ...errorResponses },
})
