import { z } from 'zod'
import { RULE_TYPES } from '../pricing/rules.ts'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { idField, idParam, optionalPathText, PageQuery, paginatorSchema, pathId } from '../shared/fields.ts'
import { rulesMessages as m } from './rules-messages.ts'
import { parceiroIdField, regraIdField, resolveRule, ruleAtivoField, ruleShape } from './rules-schemas.ts'

/**
 * A condition's discount rules (semantics in decision 020). The seller's members
 * read every rule of its conditions and, holding 'condicoes', change them; an invited OL reads the
 * condition's rules and its own, and its members holding 'condicoes' change the OL's own rules.
 */
const TAGS = ['Condições: regras']

export const RegraSchema = z
  .object({
    id: z.number().int(),
    condicao_id: z.number().int(),
    condicao_nome: z.string(),
    parceiro_id: z.number().int().nullable().meta({ description: 'A linha do OL na condição (como parceiro.id de restoreCondicao); null = regra do vendedor' }),
    parceiro_nome: z.string().nullable(),
    nome: z.string(),
    tipo: z.enum(RULE_TYPES).meta({ description: "'Q' unidades, 'V' valor em centavos, 'M' produtos diferentes" }),
    minimo: z.number().int().meta({ description: 'Unidades, centavos ou produtos diferentes, conforme o tipo' }),
    desconto: z.string().meta({ description: 'Percentual, como "2.5000"' }),
    marca: z.string().nullable(),
    categoria: z.string().nullable(),
    produto_id: z.number().int().nullable(),
    produto_nome: z.string().nullable(),
    ativo: z.boolean(),
    created_at: z.string().meta({ format: 'date-time' }),
    updated_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'RegraCondicao' })

const forbidden = { 403: jsonContent(MessageSchema, 'Sem a permissão "condicoes"') }
const notFound = { 404: jsonContent(MessageSchema, 'A condição, a regra ou o OL não existe, ou não é seu') }
const actingFor = pathId(1, 'Organização inválida.')
  .optional()
  .meta({ description: 'A empresa por quem se age (a da sessão): o vendedor, ou o OL convidado' })

const condicaoIdField = idField('Informe a condição.', 'Condição inválida.', 1)
const exampleRule = { nome: 'Sol a partir de 50', tipo: 'Q', minimo: '50', desconto: '2,5', marca: 'Sol', categoria: null, produto_id: null }

export const searchRegra = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/searchRegra/{orgId}',
  tags: TAGS,
  summary: 'As regras de todas as condições do vendedor, paginadas; busca sem acentos no nome da regra, da condição, na marca e na categoria; para membros',
  security: bearer,
  request: {
    params: z.object({ orgId: idParam('orgId', 'Organização inválida.', 1) }),
    query: PageQuery.extend({ busca: optionalPathText('sol', m.searchTooLong).optional() }),
  },
  responses: { 200: jsonContent(paginatorSchema(RegraSchema).meta({ id: 'PaginaRegras' }), 'Uma página de regras'), 403: jsonContent(MessageSchema, 'Não é membro'), ...errorResponses },
})

export const AlcancesSchema = z
  .object({
    marcas: z.array(z.string()),
    categorias: z.array(z.string()),
    produtos: z.array(z.object({ id: z.number().int(), nome: z.string() })),
  })
  .meta({ id: 'AlcancesRegra', description: 'Marcas, categorias e produtos da condição: o que uma regra pode alcançar' })

export const restoreRules = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/restoreRules/{conditionId}',
  tags: TAGS,
  summary: 'As regras da condição: para o vendedor todas (as dos OLs com o nome do OL); para um OL as do vendedor e as suas',
  security: bearer,
  request: { params: z.object({ conditionId: idParam('conditionId', 'Condição inválida.', 1) }), query: z.object({ organizacao_id: actingFor }) },
  responses: {
    200: jsonContent(
      z
        .object({
          regras: z.array(RegraSchema),
          alcances: AlcancesSchema,
          parceiro_id: z.number().int().nullable().meta({ description: 'Para um OL: a sua linha na condição (as suas regras têm este parceiro_id)' }),
          pode_alterar: z.boolean().meta({ description: 'Com a permissão "condicoes": o vendedor altera todas as regras, um OL as suas' }),
        })
        .meta({ id: 'RegrasCondicao' }),
      'Regras',
    ),
    404: jsonContent(MessageSchema, 'Condição não encontrada'),
    ...errorResponses,
  },
})

const ruleMeta = {
  nome: ruleShape.nome.meta({ example: 'Sol a partir de 50' }),
  tipo: ruleShape.tipo.meta({ example: 'Q' }),
  minimo: ruleShape.minimo.meta({ type: ['string', 'integer'], example: '50', description: "'Q' e 'M': número inteiro; 'V': valor em reais pt-BR ('1.000,00')" }),
  desconto: ruleShape.desconto.meta({ type: ['string', 'number'], example: '2,5', description: 'Percentual > 0 e ≤ 100, até 4 casas' }),
  marca: ruleShape.marca.meta({ type: ['string', 'null'], example: 'Sol' }),
  categoria: ruleShape.categoria.meta({ type: ['string', 'null'], example: null }),
  produto_id: ruleShape.produto_id.meta({ type: ['integer', 'null'], example: null }),
}

export const AddRulesBody = z
  .object({ condicao_id: condicaoIdField, ...ruleMeta })
  .transform((v, ctx) => resolveRule(v, ctx))
  .meta({ id: 'AdicionarRegraRequest', example: { condicao_id: 1, ...exampleRule } })

export const AddRulesParceiroBody = z
  .object({ condicao_id: condicaoIdField, parceiro_id: parceiroIdField.meta({ type: 'integer', example: 1 }), ...ruleMeta })
  .transform((v, ctx) => resolveRule(v, ctx))
  .meta({ id: 'AdicionarRegraParceiroRequest', example: { condicao_id: 1, parceiro_id: 1, ...exampleRule } })

export const UpdateRulesBody = z
  .object({ regra_id: regraIdField.meta({ type: 'integer', example: 1 }), ...ruleMeta, ativo: ruleAtivoField.meta({ type: 'boolean', description: 'Padrão: mantém' }) })
  .transform((v, ctx) => resolveRule(v, ctx))
  .meta({ id: 'AtualizarRegraRequest', example: { regra_id: 1, ...exampleRule, ativo: true } })

const RuleItem = z.object(ruleMeta)

export const DefineRulesBody = z
  .object({
    condicao_id: condicaoIdField,
    parceiro_id: parceiroIdField.nullish().meta({ type: ['integer', 'null'], example: null, description: 'Ausente ou null: as regras do vendedor; um OL: as regras desse OL' }),
    regras: z.array(RuleItem, { error: m.listTooLong }).max(100, m.listTooLong),
  })
  .transform((v, ctx) => ({ ...v, parceiro_id: v.parceiro_id ?? null, regras: v.regras.map((r, i) => resolveRule(r, ctx, ['regras', i])) }))
  .meta({ id: 'DefinirRegrasRequest', example: { condicao_id: 1, parceiro_id: null, regras: [exampleRule, { ...exampleRule, nome: 'Sol a partir de 100', minimo: '100', desconto: '4' }] } })

const oneRule = z.object({ message: z.string(), regra: RegraSchema })

export const addRules = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addRules',
  tags: TAGS,
  summary: 'Adiciona uma regra do vendedor à condição (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(AddRulesBody) },
  responses: { 201: jsonContent(oneRule, 'Adicionada'), ...forbidden, ...notFound, ...errorResponses },
})

export const addRulesParceiro = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/addRulesParceiro',
  tags: TAGS,
  summary: 'Adiciona uma regra que vale só nos pedidos por um OL: pelo vendedor, ou pelo próprio OL (permissão "condicoes" de quem age)',
  security: bearer,
  request: { body: jsonBody(AddRulesParceiroBody) },
  responses: { 201: jsonContent(oneRule, 'Adicionada'), ...forbidden, ...notFound, ...errorResponses },
})

export const updateRules = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/updateRules',
  tags: TAGS,
  summary: 'Troca os campos de uma regra: o vendedor qualquer regra da condição, um OL só as suas (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(UpdateRulesBody) },
  responses: { 200: jsonContent(oneRule, 'Atualizada'), ...forbidden, ...notFound, ...errorResponses },
})

export const defineRules = defineEndpoint({
  method: 'post',
  path: '/api/condicoes/defineRules',
  tags: TAGS,
  summary: 'Troca de uma vez todas as regras do vendedor (ou de um OL) na condição: todas ou nenhuma (permissão "condicoes")',
  security: bearer,
  request: { body: jsonBody(DefineRulesBody) },
  responses: { 200: jsonContent(z.object({ message: z.string(), regras: z.array(RegraSchema) }), 'Definidas'), ...forbidden, ...notFound, ...errorResponses },
})

export const deleteRules = defineEndpoint({
  method: 'get',
  path: '/api/condicoes/deleteRules/{regraId}',
  tags: TAGS,
  summary: 'Exclui uma regra: o vendedor qualquer regra da condição, um OL só as suas (permissão "condicoes")',
  security: bearer,
  request: { params: z.object({ regraId: idParam('regraId', m.regraInvalid, 1) }) },
  responses: { 200: jsonContent(MessageSchema, 'Excluída'), ...forbidden, ...notFound, ...errorResponses },
})
