import { partnerScreenMessages as s } from '~/domain/conditions/partners-messages.ts'
import type { PartnerStatus } from '~/domain/conditions/partners-schemas.ts'

const BADGE: Record<PartnerStatus, string> = { pendente: 'badge badge-warning', aceito: 'badge badge-success', recusado: 'badge badge-danger' }

/** An OL's answer to its invitation, as a badge. */
export function StatusBadge({ status }: { status: PartnerStatus }) {
  return <span className={BADGE[status]}>{s.status[status]}</span>
}
