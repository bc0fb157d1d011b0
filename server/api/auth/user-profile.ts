import { keepAvatar } from '../../../app/domain/shared/avatar.ts'

/** The user profile answer: {user_id, nome, avatar, token}, plus the e-mail. */
export function userProfile(user: { id: number; name: string; email: string; avatar: string | null }, token: string) {
  return { user_id: user.id, nome: user.name, email: user.email, avatar: keepAvatar(user.avatar), token }
}
