import { createRoute, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { authMessages as m } from '../../../app/domain/auth/messages.ts'
import { userNameField } from '../../../app/domain/auth/schemas.ts'
import { users } from '../../db/schema/index.ts'
import { AVATAR_TYPES } from '../../files/file-store.ts'
import { bearer, errorResponses, fail, jsonContent, requireAuth, type Api, type Deps } from '../http.ts'
import { userProfile, UserProfileSchema } from './user-profile.ts'

export const AVATAR_MAX_BYTES = 1024 * 1024

const UpdateProfileBody = z.object({ nome: userNameField }).openapi('UpdateProfileRequest', { example: { nome: 'Ana Paula Lima' } })

const SaveAvatarBody = z
  .object({ avatar: z.instanceof(File, { error: m.avatarType }).openapi({ type: 'string', format: 'binary' }) })
  .openapi('SaveAvatarRequest', { example: { avatar: '(arquivo PNG, JPG ou GIF de até 1MB)' } })

const DeleteDetailBody = z
  .object({ detail: z.literal('avatar', { error: 'Só a foto pode ser excluída.' }) })
  .openapi('DeleteDetailRequest', { example: { detail: 'avatar' } })

export function registerProfile(app: Api, { db, files }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({
      method: 'get',
      path: '/api/profile',
      tags: ['Perfil'],
      summary: 'Perfil do usuário do token',
      security: bearer,
      middleware: [auth] as const,
      responses: { 200: jsonContent(UserProfileSchema, 'Perfil'), 401: errorResponses[401] },
    }),
    (c) => {
      const user = c.get('user')
      return c.json(userProfile(user, user.token), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/updateprofile',
      tags: ['Perfil'],
      summary: 'Muda o nome do usuário',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'application/json': { schema: UpdateProfileBody } } } },
      responses: { 200: jsonContent(UserProfileSchema, 'Perfil atualizado'), ...errorResponses },
    }),
    async (c) => {
      const user = c.get('user')
      const { nome } = c.req.valid('json')
      await db.update(users).set({ name: nome, updatedAt: new Date() }).where(eq(users.id, user.id))
      return c.json(userProfile({ ...user, name: nome }, user.token), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/saveavatar',
      tags: ['Perfil'],
      summary: 'Troca a foto do usuário (PNG, JPG ou GIF, até 1 MB, conferido pelo conteúdo)',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'multipart/form-data': { schema: SaveAvatarBody } } } },
      responses: { 200: jsonContent(UserProfileSchema, 'Perfil com a nova foto'), ...errorResponses },
    }),
    async (c) => {
      const user = c.get('user')
      const { avatar } = c.req.valid('form')
      const stored = await files.saveChecked(avatar, { folder: 'avatars', allowed: AVATAR_TYPES, maxBytes: AVATAR_MAX_BYTES })
      if ('error' in stored) fail('avatar', stored.error === 'too-big' ? m.logoTooBig : m.avatarType)
      await db.update(users).set({ avatar: stored.url, updatedAt: new Date() }).where(eq(users.id, user.id))
      return c.json(userProfile({ ...user, avatar: stored.url }, user.token), 200)
    },
  )

  app.openapi(
    createRoute({
      method: 'post',
      path: '/api/deletedetail',
      tags: ['Perfil'],
      summary: 'Exclui um detalhe do perfil (a foto)',
      security: bearer,
      middleware: [auth] as const,
      request: { body: { required: true, content: { 'application/json': { schema: DeleteDetailBody } } } },
      responses: { 200: jsonContent(UserProfileSchema, 'Perfil sem a foto'), ...errorResponses },
    }),
    async (c) => {
      const user = c.get('user')
      await db.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, user.id))
      return c.json(userProfile({ ...user, avatar: null }, user.token), 200)
    },
  )
}
