import type { PermissionId } from './permissions.ts'

/**
 * Who reads each area of a company, its lists, exports and import templates alike (decision 042): a member whose
 * role holds the area's 'Ver' permission or its 'Gerenciar' one, which cannot manage what it cannot see; admins
 * hold every permission. An area is named by its 'Gerenciar' permission. The API gives these lists to
 * requirePermission (server/api/organizations/area-readers.ts); the screens ask `readsArea` of the profile.
 */
export const AREA_READERS = {
  produtos: ['produtos_ver', 'produtos'],
  clientes: ['clientes_ver', 'clientes'],
  condicoes: ['condicoes_ver', 'condicoes'],
} as const satisfies { [Area in PermissionId]?: readonly [PermissionId, Area] }

export type ReadArea = keyof typeof AREA_READERS

/** What a member who may not read an area is told, by the API and on the area's screen: the permission to ask an admin for. */
export const READ_REFUSALS: Record<ReadArea, string> = {
  produtos: 'Seu cargo não permite ver os produtos desta empresa. Peça a um administrador a permissão "Ver produtos".',
  clientes: 'Seu cargo não permite ver os clientes desta empresa. Peça a um administrador a permissão "Ver clientes".',
  condicoes: 'Seu cargo não permite ver as condições desta empresa nem suas tabelas de preços. Peça a um administrador a permissão "Ver condições".',
}

/** Whether a member holding these permissions (the profile's `permissoes`: all of them for an admin) reads the area. */
export const readsArea = (held: readonly string[], area: ReadArea) => AREA_READERS[area].some((p) => held.includes(p))
