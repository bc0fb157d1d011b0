import { createWriteStream } from 'node:fs'
import PDFDocument from 'pdfkit'
import { billingMessages as m } from '../../app/domain/plans/billing-messages.ts'
import { invoicePlanLabel, monthName } from '../../app/domain/plans/invoices.ts'
import { formatBrl } from '../../app/domain/catalog/money.ts'
import { maskCnpj } from '../../app/domain/shared/masks.ts'

/** What a receipt says: the company, the month, the plan and how the total was reached. */
export type ReceiptData = {
  numero: string
  empresa: string
  cnpj: string
  /** 'yyyy-mm' */
  mes: string
  plano: string
  usuarios: number
  usuariosCobrados: number
  /** The plan's minimum of users billed; null for Pro ∞. */
  usuariosMinimos: number | null
  /** Null for Pro ∞ (a negotiated amount). */
  precoUsuarioCentavos: number | null
  centavos: number
  emitidoEm: Date
}

let dayFormat: Intl.DateTimeFormat | undefined
const day = (date: Date) => (dayFormat ??= new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' })).format(date)

/**
 * The receipt's lines, label and value, in the order printed; the total last. The plan is written with the
 * invoice list's label (Pro, Plus, Max), as the Cobranças tab shows it.
 */
export function receiptRows(d: ReceiptData): [string, string][] {
  const rows: [string, string][] = [
    [m.receiptNumber, d.numero],
    [m.receiptIssued, day(d.emitidoEm)],
    [m.receiptCompany, d.empresa],
    [m.receiptCnpj, maskCnpj(d.cnpj)],
    [m.receiptMonth, monthName(d.mes)],
    [m.receiptPlan, invoicePlanLabel(d.plano)],
  ]
  if (d.precoUsuarioCentavos !== null && d.usuariosMinimos !== null) {
    const detail = d.usuarios < d.usuariosMinimos ? ` (${m.receiptUsersDetail(d.usuarios, d.usuariosMinimos)})` : ''
    rows.push([m.receiptUsers, `${d.usuariosCobrados}${detail}`], [m.receiptUnitPrice, formatBrl(d.precoUsuarioCentavos)])
  } else {
    rows.push([m.receiptNegotiated, formatBrl(d.centavos)])
  }
  rows.push([m.receiptTotal, formatBrl(d.centavos)])
  return rows
}

/** The characters the PDF's standard fonts can draw (WinAnsi): the others print as '?' instead of a blank glyph. */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'
export const winAnsi = (text: string) =>
  [...text].map((c) => (/[\u0020-\u007e\u00a0-\u00ff]/.test(c) || WIN_ANSI_EXTRA.includes(c) ? c : '?')).join('')

type AfmParser = { parse: (this: Record<string, unknown>, contents: string) => void }
const PARSED = ['attributes', 'glyphWidths', 'boundingBoxes', 'kernPairs'] as const

/**
 * pdfkit parses a standard font's metrics (its AFM file) again for every document, and that parse was most of
 * a receipt's time (profiled: over half of it, for two fonts a receipt). The parse is kept per file's text and
 * shared by every later document: pdfkit only reads what it parsed. Reached through a document's font,
 * as pdfkit exports no font class; should that shape change, nothing is shared and receipts are only slower.
 */
function shareFontMetrics() {
  const font = (new PDFDocument() as unknown as { _font?: { font?: object } })._font?.font
  const proto = font && (Object.getPrototypeOf(font) as Partial<AfmParser>)
  if (!proto || typeof proto.parse !== 'function' || !PARSED.every((key) => key in font)) return
  const parse = proto.parse
  const kept = new Map<string, Record<string, unknown>>()
  proto.parse = function (contents) {
    const parsed = kept.get(contents)
    if (parsed) return void Object.assign(this, parsed)
    parse.call(this, contents)
    kept.set(contents, Object.fromEntries(PARSED.map((key) => [key, this[key]])))
  }
}
shareFontMetrics()

const INK = '#1f2937'
const MUTED = '#6b7280'
const ACCENT = '#4f46e5'

/**
 * Renders the receipt as a PDF streamed to `path` (the document is never held whole in memory), with the
 * standard Helvetica: no font file to ship or load, and every Portuguese letter is in its WinAnsi set.
 */
export async function writeReceipt(d: ReceiptData, path: string) {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${m.receiptTitle} ${d.numero}`, Author: 'Pedidos B2B' } })
  const out = createWriteStream(path)
  const written = new Promise<void>((resolve, reject) => {
    out.on('finish', resolve)
    out.on('error', reject)
    doc.on('error', reject)
  })
  doc.pipe(out)

  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(22).text(m.receiptTitle, left, 56)
  doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(winAnsi(`${m.receiptNumber} ${d.numero}`), left, 62, { width, align: 'right' })
  doc.moveTo(left, 96).lineTo(left + width, 96).strokeColor('#e5e7eb').stroke()

  const rows = receiptRows(d)
  const total = rows.pop()!
  let y = 116
  const labelWidth = 170
  for (const [label, value] of rows.slice(1)) {
    doc.fillColor(MUTED).font('Helvetica').fontSize(10).text(winAnsi(label), left, y, { width: labelWidth })
    doc.fillColor(INK).font('Helvetica').fontSize(11).text(winAnsi(value), left + labelWidth, y, { width: width - labelWidth })
    y = Math.max(doc.y, y + 14) + 8
  }
  doc.moveTo(left, y + 4).lineTo(left + width, y + 4).strokeColor('#e5e7eb').stroke()
  y += 16
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(winAnsi(total[0]), left, y, { width: labelWidth })
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(13).text(winAnsi(total[1]), left + labelWidth, y, { width: width - labelWidth })
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(winAnsi(m.receiptFooter), left, y + 48, { width })
  doc.end()
  await written
}
