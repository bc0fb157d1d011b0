import { and, eq, sql } from 'drizzle-orm'
import { channelJoined, holdChannel } from './chat-counters.ts'
import type { Tx } from './client.ts'
import { customers, organizationLinks, organizations } from './schema/index.ts'

/**
 * Makes `customerOrgId` a customer of `sellerId` on both sides of the model: the link the chat
 * reads (organization_links 'cliente') with their F chat channel, and the seller's customer record
 * (customers), which a customer created by CNPJ before the company joined already has. Idempotent.
 */
export async function linkCustomer(tx: Tx, sellerId: number, customerOrgId: number) {
  const [org] = await tx.select({ cnpj: organizations.cnpj, nome: organizations.nome }).from(organizations).where(eq(organizations.id, customerOrgId))
  if (!org) return
  const [link] = await tx
    .insert(organizationLinks)
    .values({ organizationId: sellerId, partnerId: customerOrgId, relacao: 'cliente' })
    .onConflictDoNothing()
    .returning({ id: organizationLinks.id })
  if (link) {
    const { channel, created } = await holdChannel(tx, 'F', sellerId, customerOrgId)
    if (!created) for (const orgId of [sellerId, customerOrgId]) await channelJoined(tx, channel, orgId)
  }
  await tx
    .insert(customers)
    .values({ sellerId, cnpj: org.cnpj, nome: org.nome, customerOrgId })
    .onConflictDoUpdate({
      target: [customers.sellerId, customers.cnpj],
      set: { customerOrgId, updatedAt: sql`now()` },
      setWhere: and(eq(customers.sellerId, sellerId), sql`${customers.customerOrgId} is distinct from ${customerOrgId}`),
    })
}
