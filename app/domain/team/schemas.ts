import { z } from 'zod'
import { MAX_LEVEL, teamMessages as m } from './messages.ts'
import { PERMISSION_IDS } from './permissions.ts'
import { emailField } from '../auth/schemas.ts'
import { text } from '../shared/text.ts'

/**
 * Rules of the team forms (Meu Time) shared with the team calls (server/api/team/shared.ts
 * builds its request bodies from these fields), so both answer with the same Portuguese
 * text. Conform turns an empty input into `undefined`, hence each type check's `error`
 * is the "required" text.
 */

/** A role's name: required, at most 60 characters, trimmed. */
export const cargoNameField = text({ required: m.cargoNameRequired, max: 60, tooLong: m.cargoNameTooLong })

/** Ids of the catalogue (app/domain/team/permissions.ts), repeated ones kept once, in catalogue order. */
export const permissionsField = z
  .array(z.enum(PERMISSION_IDS, { error: (issue) => m.permissionUnknown(issue.input) }), { error: m.permissionsList })
  .transform((ids) => PERMISSION_IDS.filter((id) => ids.includes(id)))

/** A member's level, 1 to MAX_LEVEL. */
export const levelField = z.number({ error: m.levelInvalid }).int(m.levelInvalid).min(1, m.levelInvalid).max(MAX_LEVEL, m.levelInvalid)

/** Checkboxes post nothing when none is ticked and a lone value when one is: always a list here. */
const checkboxList = (value: unknown) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value])

/** "Sem cargo" is the empty option of the role select. */
const optionalCargoId = z.number({ error: m.cargoInvalid }).int(m.cargoInvalid).positive(m.cargoInvalid).optional()

/** Create (no cargo_id) or edit (cargo_id) a role: POST api/myteam/criarcargo and editcargo. */
export const CargoFormSchema = z.object({
  cargo_id: optionalCargoId,
  nome: cargoNameField,
  permissoes: z.preprocess(checkboxList, permissionsField),
})

/** Invite a person by e-mail with a role and the admin flag: POST api/myteam/invite. */
export const InviteFormSchema = z.object({
  email: emailField,
  cargo_id: optionalCargoId,
  is_admin: z.boolean({ error: m.isAdminInvalid }).optional(),
})

/** A member's role, admin flag and level: POST api/myteam/updateUser. */
export const MemberFormSchema = z.object({
  user_id: z.number({ error: m.userRequired }).int(m.userInvalid).positive(m.userInvalid),
  cargo_id: optionalCargoId,
  is_admin: z.boolean({ error: m.isAdminInvalid }).optional(),
  level: levelField,
})

/** The confirmation forms (remove a member, delete a role) post only the id. */
export const RemoveMemberSchema = z.object({ user_id: MemberFormSchema.shape.user_id })
export const DeleteCargoSchema = z.object({ cargo_id: z.number({ error: m.cargoRequired }).int(m.cargoInvalid).positive(m.cargoInvalid) })

