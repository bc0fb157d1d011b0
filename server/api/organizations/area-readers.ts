import { AREA_READERS, READ_REFUSALS, type ReadArea } from '../../../app/domain/team/area-readers.ts'
import type { Db, Tx } from '../../db/client.ts'
import { requirePermission } from './membership.ts'

/** Membership plus the right to read the area (AREA_READERS, decision 042): its lists, exports and templates alike. */
export function requireReader(db: Db | Tx, userId: number, organizationId: number, area: ReadArea) {
  return requirePermission(db, userId, organizationId, AREA_READERS[area], READ_REFUSALS[area])
}
