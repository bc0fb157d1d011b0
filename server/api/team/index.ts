import type { Api, Deps } from '../http.ts'
import { registerTeamInvites } from './invites.ts'
import { registerMembers } from './members.ts'
import { registerPermissions } from './permissions.ts'
import { registerRoles } from './roles.ts'

/** The team calls under api/myteam (Meu Time): roles, permissions, invites, members. */
export function registerTeam(app: Api, deps: Deps) {
  registerRoles(app, deps)
  registerPermissions(app, deps)
  registerTeamInvites(app, deps)
  registerMembers(app, deps)
}
