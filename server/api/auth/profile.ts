import * as authApi from '../../../app/domain/auth/contract.ts'
import { createRoute } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { authMessages as m } from '../../../app/domain/auth/messages.ts'
import { users } from '../../db/schema/index.ts'
import { AVATAR_TYPES } from '../../files/file-store.ts'
import { fail, forgetTokens, requireAuth, type Api, type Deps } from '../http.ts'
import { userProfile } from './user-profile.ts'

export const AVATAR_MAX_BYTES = 1024 * 1024




export function registerProfile(app: Api, { db, files }: Deps) {
  const auth = requireAuth(db)

  app.openapi(
    createRoute({ ...authApi.profile, middleware: [auth] as const }),
    (c) => {
      const user = c.get('user')
      return c.json(userProfile(user, user.token), 200)
    },
  )

  app.openapi(
    createRoute({ ...authApi.updateprofile, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { nome } = c.req.valid('json')
      await db.update(users).set({ name: nome, updatedAt: new Date() }).where(eq(users.id, user.id))
      // The verified tokens carry the name and photo.
      forgetTokens(db, { userId: user.id })
      return c.json(userProfile({ ...user, name: nome }, user.token), 200)
    },
  )

  app.openapi(
    createRoute({ ...authApi.saveavatar, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      const { avatar } = c.req.valid('form')
      const stored = await files.saveChecked(avatar, { folder: 'avatars', allowed: AVATAR_TYPES, maxBytes: AVATAR_MAX_BYTES })
      if ('error' in stored) fail('avatar', stored.error === 'too-big' ? m.logoTooBig : m.avatarType)
      await db.update(users).set({ avatar: stored.url, updatedAt: new Date() }).where(eq(users.id, user.id))
      forgetTokens(db, { userId: user.id })
      return c.json(userProfile({ ...user, avatar: stored.url }, user.token), 200)
    },
  )

  app.openapi(
    createRoute({ ...authApi.deletedetail, middleware: [auth] as const }),
    async (c) => {
      const user = c.get('user')
      await db.update(users).set({ avatar: null, updatedAt: new Date() }).where(eq(users.id, user.id))
      forgetTokens(db, { userId: user.id })
      return c.json(userProfile({ ...user, avatar: null }, user.token), 200)
    },
  )
}
