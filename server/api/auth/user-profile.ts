import { z } from '@hono/zod-openapi'
import { keepAvatar } from '../../../app/domain/shared/avatar.ts'

export const UserProfileSchema = z
  .object({
    user_id: z.number().int(),
    nome: z.string(),
    email: z.string(),
    avatar: z.string().nullable(),
    token: z.string(),
  })
  .openapi('UserProfile')

/** The user profile answer of spec §3: {user_id, nome, avatar, token}, plus the e-mail. */
export function userProfile(user: { id: number; name: string; email: string; avatar: string | null }, token: string) {
  return { user_id: user.id, nome: user.name, email: user.email, avatar: keepAvatar(user.avatar), token }
}
