import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonContent, MessageSchema } from '../shared/contract.ts'
import { optionalPathText, organizacaoIdField, PageQuery, paginatorSchema, pathId } from '../shared/fields.ts'
import { positiveIdField } from '../shared/ids.ts'
import { UFS } from '../shared/uf.ts'
import { companyMessages } from './company-messages.ts'
import { CompanyDetailsSchema, FlagCodeSchema, TokenbaseSchema } from './company-schemas.ts'
import { FeedbackSchema } from './feedback-schema.ts'
import { CODE_TTL_MS, codeMessages, MAX_CODE_ATTEMPTS, MAX_CODES_PER_DAY, organizationMessages } from './messages.ts'
import { PartnerInviteSchema } from './partner-invite-schema.ts'
import { CreateOrganizationSchema } from './schemas.ts'
import { ORG_TYPES } from './org-types.ts'
import { PERMISSION_IDS } from '../team/permissions.ts'

const FILTER_INVALID = 'Filtro deve ser v, f, b ou r.'

/** Organizations, the company profile, flag, partners, verification and feedback: the organization calls. */

export const ContactLinkSchema = z.object({ id: z.number().int(), type: z.string(), content: z.string() })

/** What a company shows of itself: in its profile (company in session) and on its visiting card. */
export const companyFaceFields = {
  organizacao_id: z.number().int(),
  tipo: z.enum(['v', 'f', 'b', 'r']),
  avatar: z.string().nullable(),
  nome: z.string(),
  razao_social: z.string().nullable(),
  cnpj: z.string(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  sobre: z.string().nullable(),
  endereco: z.string().nullable(),
  cidade: z.string().nullable(),
  uf: z.string().nullable(),
}


export const OrgTypes = ['v', 'f', 'b', 'r'] as const

export const MembershipSchema = z
  .object({
    organizacao_id: z.number().int(),
    cnpj: z.string(),
    is_admin: z.boolean(),
    user_level: z.number().int(),
    organizacao: z.object({
      tipo: z.enum(OrgTypes),
      nome: z.string(),
      razao_social: z.string().nullable(),
      avatar: z.string().nullable(),
      active: z.boolean(),
      feedback: z.boolean(),
      plano: z.string(),
    }),
  })
  .meta({ id: 'OrganizationMembership' })

export const orgProfile = defineEndpoint({
  method: 'get',
  path: '/api/OrgProfile/{regPerPage}/{search}/{filter}',
  tags: ['Organizações'],
  summary: 'Organizações do usuário, com busca (nome, razão social, CNPJ) e filtro por tipo; `null` = sem valor',
  security: bearer,
  request: {
    params: z.object({
      regPerPage: z.coerce
        .number({ error: 'Registros por página deve ser um número.' })
        .int()
        .min(1, 'Registros por página deve ser entre 1 e 100.')
        .max(100, 'Registros por página deve ser entre 1 e 100.')
        .meta({ example: 10 }),
      search: optionalPathText('null', 'A busca deve ter no máximo 255 caracteres.'),
      filter: optionalPathText('null', FILTER_INVALID).pipe(z.enum(OrgTypes, { error: FILTER_INVALID }).nullable()),
    }),
    query: PageQuery,
  },
  responses: {
    200: jsonContent(z.object({ organizacoes: paginatorSchema(MembershipSchema) }), 'Página de organizações'),
    ...errorResponses,
  },
})

export const CompanyProfileSchema = z
  .object({
    ...companyFaceFields,
    links: z.array(ContactLinkSchema),
    is_linked: z.boolean(),
    restricoes: z.array(z.object({ restricao: z.string() })),
    bandeira_id: z.number().int().nullable(),
    permissions: z.object({ type: z.string(), pedidos_email: z.number().int() }),
    level: z.number().int(),
    is_admin: z.boolean(),
    permissoes: z.array(z.enum(PERMISSION_IDS)).meta({ description: 'As permissões do catálogo que este membro tem: todas para um administrador, as do seu cargo para os outros' }),
    vertical_id: z.number().int().nullable(),
    tokenbase: z.string().nullable(),
    logged_user: z.number().int(),
    trial_days: z.number().int(),
    active: z.boolean(),
    feedback: z.boolean(),
    plano: z.enum(['B', 'P', 'U', 'M']),
    /** Only for a flag (b): the code its units type in 'Minha bandeira'. */
    codigo_bandeira: z.string().nullable(),
    notificacoes_chat: z.number().int(),
    msg_atraso: z.number().int(),
    msg_atraso_tipos: z
      .object({ B: z.number().int(), F: z.number().int() })
      .meta({ description: 'msg_atraso por tipo de canal: B (bandeira) e F (fornecedor e clientes), a aba do chat onde as mensagens aguardam' }),
    condicoes_restritas: z.number().int().meta({ description: 'No plano Básico, as condições ativas e visíveis da empresa (nenhum comprador as vê); 0 nos outros planos' }),
  })
  .meta({ id: 'CompanyProfile' })

export const profile = defineEndpoint({
  method: 'get',
  path: '/api/empresas/profile/{id}',
  tags: ['Organizações'],
  summary: 'Perfil da organização para a sessão; só para membros',
  security: bearer,
  request: { params: z.object({ id: pathId(1, 'Organização inválida.') }) },
  responses: {
    200: jsonContent(CompanyProfileSchema, 'Perfil da organização'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const UpdateBody = CompanyDetailsSchema.extend({ organizacao_id: organizacaoIdField }).meta({ id: 'UpdateCompanyRequest', 
  example: {
    organizacao_id: 1,
    razao_social: 'Distribuidora Sol Ltda',
    email: 'contato@distribuidorasol.com.br',
    telefone: '(11) 98765-4321',
    sobre: 'Distribuidora de medicamentos e perfumaria em São Paulo.',
    endereco: 'Rua das Flores, 100',
    cidade: 'São Paulo',
    uf: 'SP',
    links: [{ type: 'site', content: 'https://distribuidorasol.com.br' }],
    cartao_admin: true,
  },
})

export const AvatarBody = z
  .object({
    organizacao_id: organizacaoIdField,
    avatar: z.instanceof(File, { error: companyMessages.logoType }).meta({ type: 'string', format: 'binary' }),
  })
  .meta({ id: 'CompanyLogoRequest',  example: { organizacao_id: 1, avatar: '(arquivo PNG ou JPG de até 1MB)' } })

export const DeleteDetailBody = z
  .discriminatedUnion('detail', [
    z.object({ organizacao_id: organizacaoIdField, detail: z.literal('avatar') }),
    z.object({ organizacao_id: organizacaoIdField, detail: z.literal('link'), link_id: z.number().int().positive() }),
  ], { error: 'Informe o que excluir: avatar ou link.' })
  .meta({ id: 'DeleteCompanyDetailRequest',  example: { organizacao_id: 1, detail: 'avatar' } })

export const SavedSchema = z.object({ message: z.string(), avatar: z.string().nullable().optional() })

export const updateprofile = defineEndpoint({
  method: 'post',
  path: '/api/empresas/updateprofile',
  tags: ['Organizações'],
  summary: 'Edita os dados do cartão de visita da empresa (só administradores)',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: UpdateBody } } } },
  responses: { 200: jsonContent(MessageSchema, 'Dados salvos'), 403: jsonContent(MessageSchema, 'Não é administrador'), ...errorResponses },
})

export const saveavatar = defineEndpoint({
  method: 'post',
  path: '/api/empresas/saveavatar',
  tags: ['Organizações'],
  summary: 'Troca o logo da empresa (PNG ou JPG até 1 MB, conferido pelo conteúdo; só administradores)',
  security: bearer,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: AvatarBody } } } },
  responses: { 200: jsonContent(SavedSchema, 'Logo salvo'), 403: jsonContent(MessageSchema, 'Não é administrador'), ...errorResponses },
})

export const deletedetail = defineEndpoint({
  method: 'post',
  path: '/api/empresas/deletedetail',
  tags: ['Organizações'],
  summary: 'Exclui o logo ou um link do cartão de visita (só administradores)',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: DeleteDetailBody } } } },
  responses: { 200: jsonContent(MessageSchema, 'Excluído'), 403: jsonContent(MessageSchema, 'Não é administrador'), ...errorResponses },
})

export const VisitingCardSchema = z
  .object({
    ...companyFaceFields,
    links: z.array(ContactLinkSchema),
    /** The company shows its administrator to other companies (null to them otherwise; its own members always see it). */
    cartao_admin: z.boolean(),
    admin: z.object({ nome: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'VisitingCard' })

export const cartao = defineEndpoint({
  method: 'get',
  path: '/api/empresas/cartao/{orgId}/{targetId}',
  tags: ['Organizações'],
  summary: 'Cartão de visita de uma empresa, visto pela organização {orgId}: a própria, ou uma parceira (cliente, fornecedor, bandeira, unidade)',
  security: bearer,
  request: {
    params: z.object({
      orgId: pathId(1, 'Organização inválida.'),
      targetId: pathId(3, 'Organização inválida.'),
    }),
  },
  responses: {
    200: jsonContent(VisitingCardSchema, 'Cartão de visita'),
    403: jsonContent(MessageSchema, 'Sem relação com a empresa'),
    ...errorResponses,
  },
})

export const linkaBandeira = defineEndpoint({
  method: 'get',
  path: '/api/bandeira/linkaBandeira/{orgId}/{code}',
  tags: ['Bandeira'],
  summary: 'O varejo {orgId} entra na bandeira dona do código {code}',
  security: bearer,
  request: { params: z.object({ orgId: pathId(3), code: FlagCodeSchema.shape.code.meta({ example: 'FARMAMAIS' }) }) },
  responses: {
    200: jsonContent(z.object({ message: z.string(), bandeira: VisitingCardSchema }), 'Bandeira adicionada'),
    403: jsonContent(MessageSchema, 'Sem permissão'),
    ...errorResponses,
  },
})

export const deleteVarejo = defineEndpoint({
  method: 'get',
  path: '/api/bandeira/deleteVarejo/{orgId}/{bandeiraId}',
  tags: ['Bandeira'],
  summary: 'O varejo {orgId} sai da bandeira {bandeiraId} (pedido pelo varejo ou pela bandeira)',
  security: bearer,
  request: { params: z.object({ orgId: pathId(3), bandeiraId: pathId(2) }) },
  responses: { 200: jsonContent(MessageSchema, 'Bandeira removida'), 403: jsonContent(MessageSchema, 'Sem permissão'), ...errorResponses },
})

export const regenerateCode = defineEndpoint({
  method: 'post',
  path: '/api/bandeira/regenerateCode',
  tags: ['Bandeira'],
  summary: 'Gera um novo código para a bandeira (o antigo deixa de valer)',
  security: bearer,
  request: {
    body: {
      required: true,
      content: { 'application/json': { schema: z.object({ organizacao_id: organizacaoIdField }).meta({ id: 'RegenerateFlagCodeRequest',  example: { organizacao_id: 2 } }) } },
    },
  },
  responses: { 200: jsonContent(z.object({ message: z.string(), codigo_bandeira: z.string() }), 'Novo código'), ...errorResponses },
})

/** A code, or null to delete it (deleting sends a null tokenbase). */
export const StoreTokenbaseBody = z
  .object({ organizacao_id: organizacaoIdField, tokenbase: TokenbaseSchema.shape.tokenbase.nullable() })
  .meta({ id: 'StoreTokenbaseRequest',  example: { organizacao_id: 3, tokenbase: 'TKB-FARMA-2026' } })

export const storeTokenBase = defineEndpoint({
  method: 'post',
  path: '/api/empresas/storeTokenBase',
  tags: ['Organizações'],
  summary: 'Grava ou exclui (null) o código Tokenbase da empresa',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: StoreTokenbaseBody } } } },
  responses: {
    200: jsonContent(z.object({ message: z.string(), tokenbase: z.string().nullable() }), 'Tokenbase atualizado'),
    403: jsonContent(MessageSchema, 'Sem permissão'),
    ...errorResponses,
  },
})

export const CreateInviteBody = PartnerInviteSchema.extend({ organizacao_id: organizacaoIdField }).meta({ id: 'CreatePartnerInviteRequest', 
  example: { organizacao_id: 1, nome: 'Farmácia Nova Era', cnpj: '11.444.777/0001-61', email: 'compras@novaera.com.br' },
})

export const InviteLookupSchema = z
  .object({
    cnpj: z.string(),
    organizacao: z.object({ organizacao_id: z.number().int(), nome: z.string(), tipo: z.string(), vinculada: z.boolean() }).nullable(),
    convite: z.object({ nome: z.string(), email: z.string().nullable(), expires_at: z.string() }).nullable(),
  })
  .meta({ id: 'PartnerInviteLookup' })

export const createInvite = defineEndpoint({
  method: 'post',
  path: '/api/empresas/createInvite',
  tags: ['Convites'],
  summary: 'Convida uma empresa parceira: unidade (bandeira), cliente (fornecedor) ou fornecedor (varejo, revenda); envia o link por e-mail',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: CreateInviteBody } } } },
  responses: {
    201: jsonContent(z.object({ message: z.string(), link: z.string(), expires_at: z.string() }), 'Convite criado e enviado'),
    403: jsonContent(MessageSchema, 'Sem permissão'),
    ...errorResponses,
  },
})

export const restoreInviteOrg = defineEndpoint({
  method: 'get',
  path: '/api/empresas/restoreInviteOrg/{orgId}/{cnpj}/{relacao}',
  tags: ['Convites'],
  summary: 'Antes de convidar: o CNPJ já é de uma empresa da plataforma (e já é parceira nessa relação)? Há convite pendente desta organização?',
  security: bearer,
  request: {
    params: z.object({
      orgId: pathId(1, 'Organização inválida.'),
      cnpj: PartnerInviteSchema.shape.cnpj.meta({ example: '11444777000161' }),
      relacao: z.enum(['cliente', 'fornecedor', 'unidade'], { error: 'Relação deve ser cliente, fornecedor ou unidade.' }).meta({ example: 'cliente' }),
    }),
  },
  responses: { 200: jsonContent(InviteLookupSchema, 'Resultado da busca'), 403: jsonContent(MessageSchema, 'Não é membro'), ...errorResponses },
})

export const EntrySchema = z
  .object({
    id: z.number().int(),
    acao: z.string(),
    descricao: z.string(),
    detalhes: z.record(z.string(), z.unknown()),
    user: z.object({ id: z.number().int(), nome: z.string() }).nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEntry' })

export const logging = defineEndpoint({
  method: 'get',
  path: '/api/empresas/logging/{orgId}',
  tags: ['Organizações'],
  summary: 'Quem fez o quê na organização, mais recente primeiro (quem gerencia a equipe)',
  security: bearer,
  request: { params: z.object({ orgId: pathId(1, 'Organização inválida.') }), query: PageQuery },
  responses: { 200: jsonContent(paginatorSchema(EntrySchema), 'Página do registro'), 403: jsonContent(MessageSchema, 'Sem permissão'), ...errorResponses },
})

export const SaveFeedbackBody = FeedbackSchema.extend({ organizacao_id: organizacaoIdField }).meta({ id: 'SaveFeedbackRequest', 
  example: { organizacao_id: 1, nota: 5, comentario: 'Os pedidos chegam bem mais rápido agora.' },
})

export const saveFeedback = defineEndpoint({
  method: 'post',
  path: '/api/saveFeedback',
  tags: ['Organizações'],
  summary: 'Registra a avaliação que a organização pede a seus membros antes de entrarem',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: SaveFeedbackBody } } } },
  responses: { 200: jsonContent(MessageSchema, 'Avaliação registrada'), 403: jsonContent(MessageSchema, 'Não é membro'), ...errorResponses },
})

export const VerticalSchema = z.object({ id: z.number().int(), nome: z.string() }).meta({ id: 'Vertical' })

export const showVerticais = defineEndpoint({
  method: 'get',
  path: '/api/organizacao/showVerticais',
  tags: ['Organizações'],
  summary: 'Verticais (segmentos: Farma, Alimentos...) para o cadastro de uma organização',
  security: bearer,
  responses: {
    200: jsonContent(z.object({ verticais: z.array(VerticalSchema) }), 'Verticais em ordem alfabética'),
    401: errorResponses[401],
  },
})

export const CNPJ_FREE = organizationMessages.cnpjFree

export const CnpjCheckSchema = z
  .object({
    cnpj: z.string().meta({ example: '11444777000161', description: 'Sem máscara, letras em maiúsculas' }),
    valido: z.literal(true),
    disponivel: z.literal(true),
    message: z.string().meta({ example: CNPJ_FREE }),
  })
  .meta({ id: 'CnpjCheck' })

export const responses = { 200: jsonContent(CnpjCheckSchema, 'CNPJ válido e livre'), ...errorResponses }

export const verificaCnpj = defineEndpoint({
  method: 'get',
  path: '/api/empresas/verificaCnpj/{cnpj}',
  tags: ['Organizações'],
  summary: 'Diz se um CNPJ é válido (numérico ou alfanumérico) e ainda não está cadastrado',
  description:
    'Aceita o CNPJ com ou sem máscara; na máscara, a barra vai codificada (`%2F`). ' +
    'Inválido: 422 "CNPJ inválido."; já cadastrado: 422 "Este CNPJ já está cadastrado."',
  security: bearer,
  request: {
    params: z.object({
      cnpj: z.string().meta({ param: { name: 'cnpj', in: 'path' }, example: '12.345.678/0001-95' }),
    }),
  },
  responses,
})

export const verificaCnpjMasked = defineEndpoint({
  method: 'get',
  path: '/api/empresas/verificaCnpj/{raiz}/{filial}',
  tags: ['Organizações'],
  summary: 'O mesmo, com a máscara e a barra sem codificar: verificaCnpj/00.000.000/0000-00',
  security: bearer,
  request: {
    params: z.object({
      raiz: z.string().meta({ param: { name: 'raiz', in: 'path' }, example: '9Z.X8Y.7W6', description: 'Antes da barra' }),
      filial: z.string().meta({ param: { name: 'filial', in: 'path' }, example: '0001-40', description: 'Depois da barra' }),
    }),
  },
  responses,
})

/**
 * The web form's schema (app/domain/organization/schemas.ts), so the form and the API give
 * the same Portuguese messages; only described here for the OpenAPI document. The fields
 * use zod's own `.meta()`: they may be built before @hono/zod-openapi extends zod, and then
 * have no `.meta()`. The object `extend()` returns is built here, after it, so it has.
 */
export const shape = CreateOrganizationSchema.shape

export const CreateOrganizationBody = CreateOrganizationSchema.extend({
  tipo: shape.tipo.meta({ type: 'string', enum: [...ORG_TYPES], description: 'v varejo, f fornecedor, b bandeira, r revenda' }),
  cnpj: shape.cnpj.meta({ type: 'string', description: 'Com ou sem máscara; numérico ou alfanumérico' }),
  nome: shape.nome.meta({ description: 'Nome fantasia; sem ele, a razão social' }),
  vertical_id: shape.vertical_id.meta({ type: 'integer', description: 'Uma das verticais de GET api/organizacao/showVerticais' }),
  telefone: shape.telefone.meta({ description: 'Guardado só com dígitos' }),
  cep: shape.cep.meta({ type: 'string', description: '8 dígitos, com ou sem máscara (00.000-000)' }),
  uf: shape.uf.meta({ type: 'string', enum: [...UFS], description: 'Sigla da UF; minúsculas são aceitas' }),
}).meta({ id: 'CreateOrganizationRequest', 
  example: {
    tipo: 'f',
    cnpj: '11.444.777/0001-61',
    razao_social: 'Laboratório Vida Nova Ltda',
    nome: 'Vida Nova',
    vertical_id: 1,
    email: 'contato@vidanova.com.br',
    telefone: '(11) 98765-4321',
    cep: '01.310-100',
    endereco: 'Avenida Paulista',
    numero: '1000',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    uf: 'SP',
  },
})

export const CreatedOrganizationSchema = z
  .object({
    message: z.string(),
    organizacao: z.object({
      organizacao_id: z.number().int(),
      tipo: z.enum(ORG_TYPES),
      nome: z.string(),
      razao_social: z.string(),
      cnpj: z.string(),
      vertical_id: z.number().int(),
      email: z.string().nullable(),
      telefone: z.string().nullable(),
      cep: z.string(),
      endereco: z.string(),
      numero: z.string().nullable(),
      bairro: z.string().nullable(),
      cidade: z.string(),
      uf: z.string(),
      active: z.boolean(),
      codigo_bandeira: z.string().nullable(),
      is_admin: z.boolean(),
      user_level: z.number().int(),
    }),
  })
  .meta({ id: 'CreatedOrganizationFromSelector' })

export const create = defineEndpoint({
  method: 'post',
  path: '/api/seletor/create',
  tags: ['Organizações'],
  summary: 'Cria uma organização (inativa até o código enviado por e-mail ser confirmado); quem cria é o administrador',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: CreateOrganizationBody } } } },
  responses: { 201: jsonContent(CreatedOrganizationSchema, 'Organização criada, inativa'), ...errorResponses },
})

export const organizacaoId = positiveIdField(codeMessages.organizationRequired, codeMessages.organizationInvalid).meta({ type: 'integer', example: 1 })

export const VerifyBody = z
  .object({
    organizacao_id: organizacaoId,
    code: z
      .union([z.string(), z.number().transform(String)], { error: codeMessages.codeRequired })
      .transform((v) => v.replace(/\s/g, ''))
      .pipe(z.string().min(1, codeMessages.codeRequired).pipe(z.string().regex(/^\d{6}$/, codeMessages.codeFormat)))
      .meta({ type: 'string', example: '482913' }),
  })
  .meta({ id: 'VerifyValidationCodeRequest',  example: { organizacao_id: 1, code: '482913' } })

export const ResendBody = z.object({ organizacao_id: organizacaoId }).meta({ id: 'ResendValidationCodeRequest',  example: { organizacao_id: 1 } })

export const VerifiedSchema = z
  .object({ message: z.string(), organizacao: z.object({ organizacao_id: z.number().int(), active: z.literal(true) }) })
  .meta({ id: 'OrganizationVerified' })

export const verifyValidationCode = defineEndpoint({
  method: 'post',
  path: '/api/empresas/verifyValidationCode',
  tags: ['Organizações'],
  summary: 'Ativa a organização nova com o código de 6 dígitos enviado por e-mail a quem a criou',
  description: `O código vale ${CODE_TTL_MS / 3_600_000} horas e ${MAX_CODE_ATTEMPTS} tentativas; depois disso é preciso pedir outro (resendValidationCode). Só membros.`,
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: VerifyBody } } } },
  responses: {
    200: jsonContent(VerifiedSchema, 'Organização ativa (também quando já estava)'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const resendValidationCode = defineEndpoint({
  method: 'post',
  path: '/api/empresas/resendValidationCode',
  tags: ['Organizações'],
  summary: 'Envia um novo código de verificação (o anterior deixa de valer); no máximo um por minuto',
  description: `Chamada nossa (não está na spec). O código vai para quem criou a organização. Até ${MAX_CODES_PER_DAY} códigos por organização a cada 24 horas.`,
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: ResendBody } } } },
  responses: {
    200: jsonContent(MessageSchema, 'Código enviado'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    429: jsonContent(MessageSchema, 'Pedido cedo demais (Retry-After)'),
    503: jsonContent(MessageSchema, 'O código foi gerado, mas o e-mail não saiu'),
    ...errorResponses,
  },
})
