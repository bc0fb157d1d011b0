import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idParam } from '../shared/fields.ts'
import { planMessages as m } from './messages.ts'
import { PAID_PLAN_CODES, PLAN_CODES } from './plans.ts'

/**
 * The plan calls of the plans modal ('{product} Pro'), under api/empresas like the other organization calls
 * (decision 050). Every one names the organization first and then the plan: read by any member; the trial
 * and the change by its admins only.
 */

const TAGS = ['Planos']
const orgId = idParam('orgId', m.orgInvalid, 1)
const planParam = z.enum(PLAN_CODES, { error: m.planInvalid }).meta({ param: { name: 'plano', in: 'path' }, example: 'P' })
const PlanCodeSchema = z.enum(PLAN_CODES).meta({ description: 'B Básico, P Pro, U Pro +, M Pro ∞' })

const memberOnly = { 403: jsonContent(MessageSchema, 'Não é membro da organização') }
const adminOnly = { 403: jsonContent(MessageSchema, 'Não é membro, ou não é administrador da organização') }

/** A limit: a count, or null for no limit. */
const Limit = z.number().int().nullable()

export const PlanCardSchema = z
  .object({
    codigo: PlanCodeSchema,
    nome: z.string(),
    descricao: z.string(),
    itens: z.array(z.string()).meta({ description: 'O que o plano dá, como o cartão do plano lista' }),
    limites: z.object({ usuarios: Limit, emails_comerciais: Limit, emails_pedidos: Limit }).meta({ description: 'null = sem limite; 0 = nenhum' }),
    recursos: z.object({
      chat_interno: z.boolean(),
      chat_externo: z.boolean(),
      dashboard: z.boolean(),
      condicoes_visiveis: z.boolean(),
      pedidos_ilimitados: z.boolean(),
      simulador: z.boolean(),
      caca_pedidos: z.boolean(),
      loja_virtual: z.boolean(),
      integracoes: z.boolean(),
    }),
    preco: z
      .object({
        tipo: z.enum(['gratis', 'por_usuario', 'negociado']),
        por_usuario_centavos: z.number().int().nullable().meta({ description: 'Por usuário por mês; null quando grátis ou negociado' }),
        usuarios_minimos: z.number().int().nullable().meta({ description: 'Usuários cobrados no mínimo; null quando grátis ou negociado' }),
      })
      .nullable()
      .meta({ description: 'Só para administradores; null para os outros membros' }),
  })
  .meta({ id: 'PlanoCartao' })

export const restorePlano = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restorePlano/{orgId}',
  tags: TAGS,
  summary: 'Os quatro planos (Básico, Pro, Pro +, Pro ∞) com o que cada um dá e, só para administradores, os preços; `orgId` = a organização',
  security: bearer,
  request: { params: z.object({ orgId }) },
  responses: {
    200: jsonContent(z.object({ planos: z.array(PlanCardSchema), is_admin: z.boolean() }), 'Os planos'),
    ...memberOnly,
    ...errorResponses,
  },
})

export const PlanStatusSchema = z
  .object({
    plano: PlanCodeSchema.meta({ description: 'O plano contratado; durante o teste grátis, B' }),
    plano_efetivo: PlanCodeSchema.meta({ description: 'O plano cujos recursos valem agora: o do teste enquanto ele corre' }),
    trial: z.boolean().meta({ description: 'O teste grátis corre agora' }),
    trial_dias: z.number().int().meta({ description: 'Dias inteiros de teste usados (0 a 14); 0 sem teste' }),
    trial_plano: z.enum(PAID_PLAN_CODES).nullable().meta({ description: 'O plano do teste, enquanto ele corre' }),
    trial_fim: z.string().nullable().meta({ format: 'date-time', description: 'Quando o teste acaba, enquanto ele corre' }),
    teste_usado: z.boolean().meta({ description: 'A organização já iniciou o seu único teste grátis' }),
    pedidos: z.number().int().meta({ description: 'Pedidos de que a organização é parte (comprou, vendeu ou é o OL)' }),
  })
  .meta({ id: 'PlanoSituacao' })

export const restorePlain = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restorePlain/{orgId}/{plano}',
  tags: TAGS,
  summary:
    'A situação do plano da organização (plano, teste grátis, pedidos) e se ela pode mudar agora para o plano {plano}, com o que remover antes; `plano` = null para só a situação',
  security: bearer,
  request: {
    params: z.object({
      orgId,
      plano: z
        .enum([...PLAN_CODES, 'null'], { error: m.planOrNullInvalid })
        .transform((v) => (v === 'null' ? null : v))
        .meta({ param: { name: 'plano', in: 'path' }, example: 'B' }),
    }),
  },
  responses: {
    200: jsonContent(
      PlanStatusSchema.extend({
        mudanca: z
          .object({
            plano: PlanCodeSchema,
            permitida: z.boolean(),
            motivos: z.array(z.string()).meta({ description: 'Por que changePlain recusaria a mudança agora: o que remover antes' }),
          })
          .nullable(),
      }),
      'A situação do plano',
    ),
    ...memberOnly,
    ...errorResponses,
  },
})

const StatusAnswer = z.object({ message: z.string(), situacao: PlanStatusSchema })

export const startTrial = defineEndpoint({
  method: 'get',
  path: '/api/empresas/startTrial/{orgId}/{plano}',
  tags: TAGS,
  summary:
    'Inicia o teste grátis de 14 dias do plano pago {plano} (P, U ou M) numa organização no Básico que nunca o usou; ao fim ela volta sozinha ao Básico, sem nada apagado (só administradores)',
  security: bearer,
  request: {
    params: z.object({
      orgId,
      plano: z.enum(PAID_PLAN_CODES, { error: m.trialPlanInvalid }).meta({ param: { name: 'plano', in: 'path' }, example: 'P' }),
    }),
  },
  responses: {
    200: jsonContent(StatusAnswer, 'Teste iniciado'),
    ...adminOnly,
    ...errorResponses,
  },
})

export const changePlain = defineEndpoint({
  method: 'get',
  path: '/api/empresas/changePlain/{orgId}/{plano}/{modo}',
  tags: TAGS,
  summary:
    'Troca o plano da organização por {plano}; `modo` M = mudança pedida por um administrador. Recusada (422) enquanto o uso atual passa dos limites do plano pedido, dizendo o que remover (só administradores)',
  security: bearer,
  request: {
    params: z.object({
      orgId,
      plano: planParam,
      modo: z.enum(['M'], { error: m.modeInvalid }).meta({ param: { name: 'modo', in: 'path' }, example: 'M' }),
    }),
  },
  responses: {
    200: jsonContent(StatusAnswer, 'Plano trocado'),
    ...adminOnly,
    ...errorResponses,
  },
})
