import { createRoute } from '@hono/zod-openapi'
import { and, desc, eq } from 'drizzle-orm'
import * as billingApi from '../../../app/domain/plans/billing-contract.ts'
import { NF_MAX_BYTES, NF_TYPES } from '../../../app/domain/plans/billing-contract.ts'
import { billingMessages as m } from '../../../app/domain/plans/billing-messages.ts'
import { centavosAsReais, invoiceNumber, monthOfDate } from '../../../app/domain/plans/invoices.ts'
import { invoices } from '../../db/schema/index.ts'
import { abort, fail, requireAuth, type Api, type Deps } from '../http.ts'
import { audit } from '../organizations/audit.ts'
import { requirePermission } from '../organizations/membership.ts'

type Invoice = typeof invoices.$inferSelect

/** A stored file's extension, from its key (`folder/uuid.ext`). */
const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1)

const MIME: Record<string, string> = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg' }

/**
 * Where a member who sees invoices reads an invoice file, with the token: never a public address. The name
 * ends with the file's extension, so the Cobranças tab can tell a nota fiscal it can preview (image or PDF).
 */
export const invoiceFilePath = (orgId: number, invoiceId: number, name: string) => `/api/empresas/arquivoTitulo/${orgId}/${invoiceId}/${name}`

/** An invoice as restoreTitulos answers it: amounts in reais (stored in centavos), its files' addresses. */
export function tituloOut(row: Invoice) {
  const month = monthOfDate(row.mes)
  return {
    id: row.id,
    numero: invoiceNumber(row.id, month),
    mes: month,
    plano: row.plano as 'P' | 'U' | 'M',
    usuarios: row.usuarios,
    usuarios_cobrados: row.usuariosCobrados,
    preco_usuario: row.precoUsuarioCentavos === null ? null : centavosAsReais(row.precoUsuarioCentavos),
    valor: centavosAsReais(row.valorCentavos),
    valor_centavos: row.valorCentavos,
    created_at: row.createdAt.toISOString(),
    file_nf: row.nf ? invoiceFilePath(row.organizationId, row.id, `nf.${extensionOf(row.nf)}`) : null,
    file_recibo: row.recibo ? invoiceFilePath(row.organizationId, row.id, 'recibo.pdf') : null,
    pendente: row.nf === null,
  }
}

/**
 * The Cobranças tab's calls (decision 051): the invoices, their files (served by the API to those who see
 * invoices, as chat attachments are to a channel's participants), and the nota fiscal upload. Admins and
 * members holding 'cobranca' only: the invoices carry prices, which the other members do not see.
 */
export function registerInvoices(app: Api, { db, files }: Deps) {
  const auth = requireAuth(db)

  app.openapi(createRoute({ ...billingApi.restoreTitulos, middleware: [auth] as const }), async (c) => {
    const { orgId } = c.req.valid('param')
    const rows = await db.transaction(async (tx) => {
      await requirePermission(tx, c.get('user').id, orgId, 'cobranca', m.billingOnly)
      return tx.select().from(invoices).where(eq(invoices.organizationId, orgId)).orderBy(desc(invoices.mes), desc(invoices.id))
    })
    return c.json({ titulos: rows.map(tituloOut) }, 200)
  })

  app.openapi(createRoute({ ...billingApi.arquivoTitulo, middleware: [auth] as const }), async (c) => {
    const { orgId, tituloId, arquivo } = c.req.valid('param')
    await requirePermission(db, c.get('user').id, orgId, 'cobranca', m.billingOnly)
    const [row] = await db.select().from(invoices).where(and(eq(invoices.id, tituloId), eq(invoices.organizationId, orgId)))
    if (!row) abort(404, m.invoiceNotFound)
    const [kind, ext] = arquivo.split('.')
    const key = kind === 'recibo' ? row.recibo : row.nf
    // The name must be the file's own: an old list's nf.png does not serve a PDF sent since.
    const bytes = key && extensionOf(key) === ext ? await files.readPrivate(key) : null
    if (!bytes) abort(404, m.fileNotFound)
    const name = `${kind}-${invoiceNumber(row.id, monthOfDate(row.mes))}.${ext}`
    return new Response(new Uint8Array(bytes), {
      headers: {
        'content-type': MIME[ext],
        'content-length': String(bytes.length),
        'content-disposition': `inline; filename="${name}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
      },
    })
  })

  app.openapi(createRoute({ ...billingApi.uploadNfTitulo, middleware: [auth] as const }), async (c) => {
    const user = c.get('user')
    const { organizacao_id, titulo_id, nf } = c.req.valid('form')
    // Authorized, and the invoice found, before the file touches the disk.
    await requirePermission(db, user.id, organizacao_id, 'cobranca', m.billingOnly)
    const [found] = await db.select({ id: invoices.id }).from(invoices).where(and(eq(invoices.id, titulo_id), eq(invoices.organizationId, organizacao_id)))
    if (!found) abort(404, m.invoiceNotFound)
    const saved = await files.saveChecked(nf, { folder: 'notas-fiscais', allowed: NF_TYPES, maxBytes: NF_MAX_BYTES, private: true })
    if ('error' in saved) fail('nf', saved.error === 'too-big' ? m.nfTooBig : m.nfBadType)
    const { row, replaced } = await db
      .transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.id, titulo_id), eq(invoices.organizationId, organizacao_id)))
          .for('update')
        if (!before) abort(404, m.invoiceNotFound)
        const [after] = await tx.update(invoices).set({ nf: saved.key, nfEnviadaEm: new Date() }).where(eq(invoices.id, before.id)).returning()
        await audit(tx, { organizationId: organizacao_id, userId: user.id, acao: 'cobranca.nf_enviada', detalhes: { numero: invoiceNumber(after.id, monthOfDate(after.mes)) } })
        return { row: after, replaced: before.nf }
      })
      .catch(async (error: unknown) => {
        await files.remove(saved)
        throw error
      })
    // A nota fiscal sent again (a corrected one) replaces the earlier file, removed once the change is written.
    if (replaced) await files.removePrivate(replaced)
    return c.json({ message: m.nfSaved, titulo: tituloOut(row) }, 200)
  })
}
