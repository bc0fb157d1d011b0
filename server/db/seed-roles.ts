import { and, eq, isNull, sql } from 'drizzle-orm'
import { withCheckDigits } from '../../app/domain/organization/cnpj.ts'
import type { PermissionId } from '../../app/domain/team/permissions.ts'
import type { Db } from './client.ts'
import { cargoPermissions, cargos, memberships, organizations, users } from './schema/index.ts'

const SOL = withCheckDigits('112223330001')

/** Distribuidora Sol's read-only role: the catalogue, the customers and the conditions, not the orders. */
export const DEMO_READER_ROLE = { nome: 'Consulta', permissoes: ['produtos_ver', 'condicoes_ver', 'clientes_ver'] } as const satisfies { nome: string; permissoes: readonly PermissionId[] }

/**
 * Carla's role in Distribuidora Sol's team: reading products, customers and conditions became permissions
 * (decision 042), and the demo keeps showing a member who reads them without changing them, nor reading the
 * orders. Runs on a fresh seed and on a data folder seeded before; written once: Sol with the role is left as
 * it is, and a role Carla was given since is kept.
 */
export async function seedRoles(db: Db) {
  const [sol] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.cnpj, SOL))
  if (!sol) return false
  const [existing] = await db
    .select({ id: cargos.id })
    .from(cargos)
    .where(and(eq(cargos.organizationId, sol.id), sql`lower(${cargos.nome}) = lower(${DEMO_READER_ROLE.nome})`))
  if (existing) return false
  await db.transaction(async (tx) => {
    const [role] = await tx.insert(cargos).values({ organizationId: sol.id, nome: DEMO_READER_ROLE.nome }).returning()
    await tx.insert(cargoPermissions).values(DEMO_READER_ROLE.permissoes.map((permissao) => ({ cargoId: role.id, permissao })))
    const [carla] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'carla@revendanorte.com.br'))
    if (!carla) return
    await tx
      .update(memberships)
      .set({ cargoId: role.id })
      .where(and(eq(memberships.organizationId, sol.id), eq(memberships.userId, carla.id), eq(memberships.isAdmin, false), isNull(memberships.cargoId)))
  })
  return true
}
