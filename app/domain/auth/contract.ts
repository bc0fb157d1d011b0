import { z } from 'zod'
import { bearer, defineEndpoint, errorResponses, jsonBody, jsonContent, MessageSchema } from '../shared/contract.ts'
import { MAX_DB_INT } from '../shared/fields.ts'
import { CNPJ_MAX_TYPED } from '../organization/schemas.ts'
import { tokenText } from '../shared/text.ts'
import { authMessages as m, sessionMessages as sm } from './messages.ts'
import { companyNameField, emailField, logoField, newPasswordField, passwordField, passwordsMatch, profileNameField, repeatField, userNameField } from './schemas.ts'

/** Sign-up, login, password reset, profile and invite sign-up: the auth calls. */

export const UserProfileSchema = z
  .object({
    user_id: z.number().int(),
    nome: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
    token: z.string(),
  })
  .meta({ id: 'UserProfile' })

export const csrfCookie = defineEndpoint({
  method: 'get',
  path: '/sanctum/csrf-cookie',
  tags: ['Autenticação'],
  summary: 'Entrega o cookie XSRF-TOKEN (Sanctum)',
  responses: { 204: { description: 'Cookie definido' } },
})

export const MAX_LOGIN_ATTEMPTS = 5

export const LoginBody = z
  .object({ email: emailField, password: passwordField })
  .meta({ id: 'LoginRequest',  example: { email: 'ana@distribuidorasol.com.br', password: 'demo12345' } })

export const login = defineEndpoint({
  method: 'post',
  path: '/api/login',
  tags: ['Autenticação'],
  summary: 'Entra com e-mail e senha e recebe o token (Sanctum)',
  request: { body: { required: true, content: { 'application/json': { schema: LoginBody } } } },
  responses: {
    200: jsonContent(UserProfileSchema, 'Perfil do usuário com o token'),
    422: errorResponses[422],
    429: jsonContent(MessageSchema, `Mais de ${MAX_LOGIN_ATTEMPTS} tentativas erradas por minuto para o e-mail e endereço`),
  },
})

export const logout = defineEndpoint({
  method: 'post',
  path: '/api/logout',
  tags: ['Autenticação'],
  summary: 'Sai: revoga o token usado na chamada',
  security: bearer,
  responses: { 200: jsonContent(MessageSchema, 'Token revogado'), 401: errorResponses[401] },
})

export const MAX_TOKENS_PER_CALL = 100

export const LogoutTokensBody = z
  .object({
    tokens: z
      .array(z.number({ error: sm.tokenIdInvalid }).int(sm.tokenIdInvalid).positive(sm.tokenIdInvalid).max(MAX_DB_INT, sm.tokenIdInvalid), {
        error: sm.tokensRequired,
      })
      .min(1, sm.tokensEmpty)
      .max(MAX_TOKENS_PER_CALL, sm.tokensTooMany(MAX_TOKENS_PER_CALL)),
  })
  .meta({ id: 'LogoutTokensRequest', example: { tokens: [12, 15] } })

export const LogoutTokensAnswer = z
  .object({ message: z.string(), tokens: z.array(z.number().int()).meta({ description: 'Os tokens revogados agora (só os do próprio usuário)' }) })
  .meta({ id: 'LogoutTokensAnswer' })

/** Ours: the web app ends its sessions on other devices ('Sessões ativas') knowing only their token ids (docs/decisions/008). */
export const logoutTokens = defineEndpoint({
  method: 'post',
  path: '/api/logout-tokens',
  tags: ['Autenticação'],
  summary: 'Revoga tokens do próprio usuário pelo id (o número antes da barra); ids de outros usuários ou já revogados são ignorados',
  security: bearer,
  request: { body: jsonBody(LogoutTokensBody) },
  responses: { 200: jsonContent(LogoutTokensAnswer, 'Tokens revogados'), 401: errorResponses[401], 422: errorResponses[422] },
})

export const registerMatch = passwordsMatch('password', 'confirm_password')

export const RegisterBody = z
  .object({ name: userNameField, email: emailField, password: newPasswordField, confirm_password: repeatField })
  .refine(registerMatch.check, registerMatch.params)
  .meta({ id: 'RegisterRequest', 
    example: { name: 'Maria Souza', email: 'maria.souza@exemplo.com.br', password: 'segredo123', confirm_password: 'segredo123' },
  })

export const register = defineEndpoint({
  method: 'post',
  path: '/api/register',
  tags: ['Autenticação'],
  summary: 'Cria a conta de um usuário (não entra: o usuário vai para o Login)',
  request: { body: { required: true, content: { 'application/json': { schema: RegisterBody } } } },
  responses: { 201: jsonContent(MessageSchema, 'Conta criada'), 422: errorResponses[422] },
})

export const ForgotBody = z.object({ email: emailField }).meta({ id: 'ForgotPasswordRequest',  example: { email: 'ana@distribuidorasol.com.br' } })

export const resetMatch = passwordsMatch('password', 'password_confirmation')

export const ResetBody = z
  .object({
    email: emailField,
    password: newPasswordField,
    password_confirmation: repeatField,
    token: tokenText({ required: m.tokenRequired, max: 200, tooLong: m.resetTokenInvalid, invalid: m.resetTokenInvalid }),
  })
  .refine(resetMatch.check, resetMatch.params)
  .meta({ id: 'ResetPasswordRequest', 
    example: {
      email: 'ana@distribuidorasol.com.br',
      password: 'novaSenha123',
      password_confirmation: 'novaSenha123',
      token: 'o-token-do-link-enviado-por-email',
    },
  })

export const forgotPassword = defineEndpoint({
  method: 'post',
  path: '/api/forgot-password',
  tags: ['Autenticação'],
  summary: 'Envia o link de redefinição de senha (a resposta não diz se o e-mail existe)',
  request: { body: { required: true, content: { 'application/json': { schema: ForgotBody } } } },
  responses: { 200: jsonContent(MessageSchema, 'Pedido aceito'), 422: errorResponses[422] },
})

export const resetPassword = defineEndpoint({
  method: 'post',
  path: '/api/reset-password',
  tags: ['Autenticação'],
  summary: 'Troca a senha com o token do link (vale 60 minutos, uma vez)',
  request: { body: { required: true, content: { 'application/json': { schema: ResetBody } } } },
  responses: { 200: jsonContent(MessageSchema, 'Senha trocada'), 422: errorResponses[422] },
})

export const UpdateProfileBody = z.object({ nome: profileNameField }).meta({ id: 'UpdateProfileRequest',  example: { nome: 'Ana Paula Lima' } })

export const SaveAvatarBody = z
  .object({ avatar: z.instanceof(File, { error: m.avatarType }).meta({ type: 'string', format: 'binary' }) })
  .meta({ id: 'SaveAvatarRequest',  example: { avatar: '(arquivo PNG, JPG ou GIF de até 1MB)' } })

export const DeleteDetailBody = z
  .object({ detail: z.literal('avatar', { error: 'Só a foto pode ser excluída.' }) })
  .meta({ id: 'DeleteDetailRequest',  example: { detail: 'avatar' } })

export const profile = defineEndpoint({
  method: 'get',
  path: '/api/profile',
  tags: ['Perfil'],
  summary: 'Perfil do usuário do token',
  security: bearer,
  responses: { 200: jsonContent(UserProfileSchema, 'Perfil'), 401: errorResponses[401] },
})

export const updateprofile = defineEndpoint({
  method: 'post',
  path: '/api/updateprofile',
  tags: ['Perfil'],
  summary: 'Muda o nome do usuário',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: UpdateProfileBody } } } },
  responses: { 200: jsonContent(UserProfileSchema, 'Perfil atualizado'), ...errorResponses },
})

export const saveavatar = defineEndpoint({
  method: 'post',
  path: '/api/saveavatar',
  tags: ['Perfil'],
  summary: 'Troca a foto do usuário (PNG, JPG ou GIF, até 1 MB, conferido pelo conteúdo)',
  security: bearer,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: SaveAvatarBody } } } },
  responses: { 200: jsonContent(UserProfileSchema, 'Perfil com a nova foto'), ...errorResponses },
})

export const deletedetail = defineEndpoint({
  method: 'post',
  path: '/api/deletedetail',
  tags: ['Perfil'],
  summary: 'Exclui um detalhe do perfil (a foto)',
  security: bearer,
  request: { body: { required: true, content: { 'application/json': { schema: DeleteDetailBody } } } },
  responses: { 200: jsonContent(UserProfileSchema, 'Perfil sem a foto'), ...errorResponses },
})

const inviteTokenField = tokenText({ required: m.tokenRequired, max: 200, tooLong: m.inviteInvalid, invalid: m.inviteInvalid })

export const InviteSchema = z.object({ nome: z.string(), cnpj: z.string(), token: z.string() }).meta({ id: 'Invite' })

export const createOrgMatch = passwordsMatch('password', 'confirm_password')

export const CreateOrgBody = z
  .object({
    name: companyNameField,
    cnpj: tokenText({ required: 'O CNPJ é obrigatório.', max: CNPJ_MAX_TYPED, tooLong: 'CNPJ inválido.', invalid: 'CNPJ inválido.' }),
    token: inviteTokenField,
    logo: logoField.meta({ type: 'string', format: 'binary' }),
    user: userNameField,
    email: emailField,
    password: newPasswordField,
    confirm_password: repeatField,
  })
  .refine(createOrgMatch.check, createOrgMatch.params)
  .meta({ id: 'CreateOrgAutoLoginRequest', 
    example: {
      name: 'Farmácia Boa Saúde',
      cnpj: '55.666.777/0001-81',
      token: 'convite-demo-farmacia',
      user: 'Carla Mendes',
      email: 'carla@boasaude.com.br',
      password: 'segredo123',
      confirm_password: 'segredo123',
    },
  })

export const CreatedOrgSchema = z
  .object({
    message: z.string(),
    organizacao: z.object({ organizacao_id: z.number().int(), nome: z.string(), tipo: z.string() }),
    user: UserProfileSchema,
  })
  .meta({ id: 'CreatedOrganization' })

export const restoreInvite = defineEndpoint({
  method: 'get',
  path: '/api/restoreInvite/{token}',
  tags: ['Convites'],
  summary: 'Dados do convite do link /login-new/{token}',
  request: { params: z.object({ token: inviteTokenField.meta({ example: 'convite-demo-farmacia' }) }) },
  responses: {
    200: jsonContent(InviteSchema, 'Convite válido'),
    404: jsonContent(z.object({ message: z.string() }), 'Convite inexistente'),
    410: jsonContent(z.object({ message: z.string() }), 'Convite usado ou expirado'),
  },
})

export const createOrgAutoLogin = defineEndpoint({
  method: 'post',
  path: '/api/createOrgAutoLogin',
  tags: ['Convites'],
  summary: 'Cria a conta e a empresa convidada num passo só, e já entra',
  request: { body: { required: true, content: { 'multipart/form-data': { schema: CreateOrgBody } } } },
  responses: { 201: jsonContent(CreatedOrgSchema, 'Conta e empresa criadas'), 422: errorResponses[422] },
})
