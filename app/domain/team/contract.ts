import { z } from 'zod'
import { emailField } from '../auth/schemas.ts'
import { bearer, defineEndpoint, errorResponses, jsonContent, MessageSchema } from '../shared/contract.ts'
import { booleanField, idField, idParam, organizacaoIdField, OrgParams, paginatorSchema } from '../shared/fields.ts'
import { PLANS } from '../plans/plans.ts'
import { MAX_LEVEL, teamMessages as tm } from './messages.ts'
import { text } from '../shared/text.ts'
import { PERMISSIONS } from './permissions.ts'
import { cargoNameField as cargoName, permissionsField as permissionIds } from './schemas.ts'

/** The team calls under api/myteam (Meu Time): roles, permissions, invites, members. */

export const cargoNameField = cargoName.meta({ example: 'Vendedor' })

export const permissionsField = permissionIds.meta({ example: ['pedidos_ver', 'clientes'] })

export const PermissionSchema = z
  .object({ id: z.string(), nome: z.string(), descricao: z.string() })
  .meta({ id: 'Permissao', example: { ...PERMISSIONS[0] } })

export const CargoSchema = z
  .object({
    id: z.number().int(),
    organizacao_id: z.number().int(),
    nome: z.string(),
    permissoes: z.array(z.string()).meta({ description: 'Ids do catálogo de GET api/myteam/getPermissoes/{id}' }),
    membros: z.number().int().meta({ description: 'Membros ativos com este cargo' }),
  })
  .meta({ id: 'Cargo' })

export const CreateCargoBody = z
  .object({ organizacao_id: organizacaoIdField, nome: cargoNameField, permissoes: permissionsField })
  .meta({ id: 'CriarCargoRequest',  example: { organizacao_id: 1, nome: 'Vendedor', permissoes: ['pedidos_ver', 'clientes'] } })

export const EditCargoBody = z
  .object({
    organizacao_id: organizacaoIdField,
    cargo_id: idField(tm.cargoRequired, tm.cargoInvalid, 1),
    nome: cargoNameField,
    permissoes: permissionsField,
  })
  .meta({ id: 'EditarCargoRequest', 
    example: { organizacao_id: 1, cargo_id: 1, nome: 'Vendedor sênior', permissoes: ['pedidos_ver', 'pedidos_status', 'clientes'] },
  })

export const DeleteCargoParams = z.object({
  orgId: idParam('orgId', tm.orgInvalid, 1),
  cargoId: idParam('cargoId', tm.cargoInvalid, 1),
})

export const CargoAnswer = z.object({ message: z.string(), cargo: CargoSchema }).meta({ id: 'CargoSalvo' })

export const roleForbidden = { 403: jsonContent(MessageSchema, 'Não é membro, ou não tem a permissão "equipe"') }

export const getcargos = defineEndpoint({
  method: 'get',
  path: '/api/myteam/{id}/getcargos',
  tags: ['Equipe'],
  summary: 'Cargos da organização com suas permissões; para membros',
  security: bearer,
  request: { params: OrgParams },
  responses: {
    200: jsonContent(z.object({ cargos: z.array(CargoSchema) }), 'Cargos, por nome'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const criarcargo = defineEndpoint({
  method: 'post',
  path: '/api/myteam/criarcargo',
  tags: ['Equipe'],
  summary: 'Cria um cargo com uma lista de permissões (permissão "equipe")',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: CreateCargoBody } } } },
  responses: { 201: jsonContent(CargoAnswer, 'Cargo criado'), ...roleForbidden, ...errorResponses },
})

export const editcargo = defineEndpoint({
  method: 'post',
  path: '/api/myteam/editcargo',
  tags: ['Equipe'],
  summary: 'Renomeia um cargo e troca a lista de permissões dele (permissão "equipe")',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: EditCargoBody } } } },
  responses: { 200: jsonContent(CargoAnswer, 'Cargo atualizado'), ...roleForbidden, ...errorResponses },
})

export const excluircargo = defineEndpoint({
  method: 'delete',
  path: '/api/myteam/{orgId}/{cargoId}/excluircargo',
  tags: ['Equipe'],
  summary: 'Exclui um cargo; os membros com ele continuam na equipe, sem cargo (permissão "equipe")',
  security: bearer,
  request: { params: DeleteCargoParams },
  responses: {
    200: jsonContent(z.object({ message: z.string(), membros_afetados: z.number().int() }), 'Cargo excluído'),
    ...roleForbidden,
    404: jsonContent(MessageSchema, 'O cargo não existe nesta organização'),
    ...errorResponses,
  },
})

export const getPermissoes = defineEndpoint({
  method: 'get',
  path: '/api/myteam/getPermissoes/{id}',
  tags: ['Equipe'],
  summary: 'Catálogo de permissões que um cargo pode ter; para membros da organização',
  security: bearer,
  request: { params: OrgParams },
  responses: {
    200: jsonContent(z.object({ permissoes: z.array(PermissionSchema) }), 'Catálogo'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const InviteBody = z
  .object({
    organizacao_id: organizacaoIdField,
    email: emailField.meta({ example: 'joao.pereira@exemplo.com.br' }),
    cargo_id: idField(tm.cargoRequired, tm.cargoInvalid, 1).nullable().optional().meta({ type: ['integer', 'null'], description: 'Cargo que a pessoa terá; sem cargo quando ausente ou null' }),
    is_admin: booleanField(tm.isAdminInvalid).optional().default(false).meta({ type: 'boolean', example: false }),
  })
  .meta({ id: 'ConvidarMembroRequest',  example: { organizacao_id: 1, email: 'joao.pereira@exemplo.com.br', cargo_id: 1, is_admin: false } })

export const PendingInviteSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    cargo_id: z.number().int().nullable(),
    is_admin: z.boolean(),
    expires_at: z.string().meta({ format: 'date-time' }),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'ConviteEquipe' })

export const InviteParams = z.object({
  orgId: idParam('orgId', tm.orgInvalid, 1),
  token: z
    .string()
    .max(200, tm.inviteInvalid)
    .meta({ param: { name: 'token', in: 'path' }, example: 'o-token-do-link-enviado-por-email', description: 'O token do link do e-mail' }),
})

export const inviteErrors = {
  404: jsonContent(MessageSchema, 'Convite inexistente (ou de outra organização)'),
  410: jsonContent(MessageSchema, 'Convite já aceito, recusado ou expirado'),
} as const

export const invite = defineEndpoint({
  method: 'post',
  path: '/api/myteam/invite',
  tags: ['Equipe'],
  summary: `Convida uma pessoa por e-mail para a equipe (permissão "equipe"); o link vale 7 dias. No plano Básico, até ${PLANS.B.limites.usuarios} usuários contando convites pendentes`,
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: InviteBody } } } },
  responses: {
    201: jsonContent(z.object({ message: z.string(), convite: PendingInviteSchema }), 'Convite criado e enviado por e-mail'),
    403: jsonContent(MessageSchema, 'Não é membro, não tem a permissão "equipe", ou quer convidar um administrador sem sê-lo'),
    ...errorResponses,
  },
})

export const aceiteinvite = defineEndpoint({
  method: 'get',
  path: '/api/myteam/{orgId}/{token}/invite/aceiteinvite',
  tags: ['Equipe'],
  summary: 'Aceita o convite: só o usuário logado com o e-mail convidado; uma vez; entra com o cargo e o acesso do convite',
  security: bearer,
  request: { params: InviteParams },
  responses: {
    200: jsonContent(
      z.object({ message: z.string(), organizacao_id: z.number().int(), organizacao: z.object({ nome: z.string(), tipo: z.string() }) }),
      'Agora é membro da organização',
    ),
    403: jsonContent(MessageSchema, 'O convite é de outro e-mail'),
    ...inviteErrors,
    ...errorResponses,
  },
})

export const negainvite = defineEndpoint({
  method: 'get',
  path: '/api/myteam/{orgId}/{token}/invite/negainvite',
  tags: ['Equipe'],
  summary: 'Recusa o convite; sem login: o token do e-mail basta',
  request: { params: InviteParams },
  responses: {
    200: jsonContent(MessageSchema, 'Convite recusado'),
    ...inviteErrors,
    422: errorResponses[422],
  },
})

export const DEFAULT_PER_PAGE = 20

export const MemberSchema = z
  .object({
    user_id: z.number().int(),
    nome: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
    cargo_id: z.number().int().nullable(),
    cargo: z.string().nullable(),
    is_admin: z.boolean(),
    level: z.number().int(),
    active: z.boolean(),
    created_at: z.string().meta({ format: 'date-time', description: 'Quando entrou na equipe' }),
  })
  .meta({ id: 'MembroEquipe' })

export const UsersQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, tm.pageInvalid)
    .transform(Number)
    .refine((n) => n >= 1, tm.pageInvalid)
    .optional()
    .meta({ type: 'integer', example: 1 }),
  per_page: z
    .string()
    .regex(/^\d{1,3}$/, tm.perPageInvalid)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 100, tm.perPageInvalid)
    .optional()
    .meta({ type: 'integer', example: DEFAULT_PER_PAGE }),
  search: text({ max: 255, tooLong: tm.searchTooLong }).optional().meta({ description: 'Parte do nome ou do e-mail', example: 'ana' }),
})

export const levelField = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ error: tm.levelInvalid }).int(tm.levelInvalid).min(1, tm.levelInvalid).max(MAX_LEVEL, tm.levelInvalid),
)

export const UpdateUserBody = z
  .object({
    organizacao_id: organizacaoIdField,
    user_id: idField(tm.userRequired, tm.userInvalid, 3),
    cargo_id: idField(tm.cargoRequired, tm.cargoInvalid, 1)
      .nullable()
      .optional()
      .meta({ type: ['integer', 'null'], description: 'null tira o cargo; ausente não muda' }),
    is_admin: booleanField(tm.isAdminInvalid).optional().meta({ type: 'boolean', example: false }),
    level: levelField.optional().meta({ type: 'integer', example: 2 }),
  })
  .refine((b) => b.cargo_id !== undefined || b.is_admin !== undefined || b.level !== undefined, { message: tm.nothingToChange, path: ['body'] })
  .meta({ id: 'AtualizarMembroRequest',  example: { organizacao_id: 1, user_id: 3, cargo_id: 1, is_admin: false, level: 2 } })

export const DeleteUserParams = z.object({
  companyId: idParam('companyId', tm.orgInvalid, 1),
  userId: idParam('userId', tm.userInvalid, 3),
})

export const memberForbidden = { 403: jsonContent(MessageSchema, 'Não é membro, não tem a permissão "equipe", ou o alvo é administrador') }

export const getusers = defineEndpoint({
  method: 'get',
  path: '/api/myteam/{id}/getusers',
  tags: ['Equipe'],
  summary: 'Membros da organização (paginados, ativos primeiro, busca por nome ou e-mail) e convites pendentes; para membros',
  security: bearer,
  request: { params: OrgParams, query: UsersQuery },
  responses: {
    200: jsonContent(z.object({ usuarios: paginatorSchema(MemberSchema), convites: z.array(PendingInviteSchema) }), 'Equipe'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})

export const updateUser = defineEndpoint({
  method: 'post',
  path: '/api/myteam/updateUser',
  tags: ['Equipe'],
  summary: 'Muda o cargo, o acesso de administrador ou o nível de um membro (permissão "equipe"; administrador só por administrador; nunca o último)',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: UpdateUserBody } } } },
  responses: {
    200: jsonContent(z.object({ message: z.string(), usuario: MemberSchema }), 'Membro atualizado'),
    ...memberForbidden,
    ...errorResponses,
  },
})

export const deleteUser = defineEndpoint({
  method: 'delete',
  path: '/api/myteam/deleteUser/{companyId}/{userId}',
  tags: ['Equipe'],
  summary: 'Tira um membro da equipe (fica inativo; volta por um novo convite). Permissão "equipe"; administrador só por administrador; nunca o último',
  security: bearer,
  request: { params: DeleteUserParams },
  responses: {
    200: jsonContent(MessageSchema, 'Membro removido'),
    ...memberForbidden,
    404: jsonContent(MessageSchema, 'Não é membro ativo desta organização'),
    ...errorResponses,
  },
})

export const MatrixSchema = z
  .object({
    permissoes: z.array(PermissionSchema),
    cargos: z.array(
      z.object({
        id: z.number().int(),
        nome: z.string(),
        membros: z.number().int(),
        permissoes: z.record(z.string(), z.boolean()).meta({ example: { equipe: false, pedidos_ver: true } }),
      }),
    ),
  })
  .meta({ id: 'CargosPermissoes' })

export const getcargospermissoes = defineEndpoint({
  method: 'get',
  path: '/api/myteam/{id}/getcargospermissoes/',
  tags: ['Equipe'],
  summary: 'Matriz cargos × permissões da organização (também sem a barra final); para membros',
  security: bearer,
  request: { params: OrgParams },
  responses: {
    200: jsonContent(MatrixSchema, 'Cada cargo com todas as permissões do catálogo, marcadas true ou false'),
    403: jsonContent(MessageSchema, 'Não é membro'),
    ...errorResponses,
  },
})
