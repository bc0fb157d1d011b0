/** The invoice mail, in Portuguese, to the organization's finance address (company e-mail of type F), with the receipt attached. */
import { formatBrl } from '../../app/domain/catalog/money.ts'
import { billingMessages as m } from '../../app/domain/plans/billing-messages.ts'
import { invoicePlanLabel, monthName } from '../../app/domain/plans/invoices.ts'
import type { Mail, MailAttachment } from './mailer.ts'
import { mailLayout } from './templates.ts'

/** The receipt: its file (just rendered) or its bytes (rendered by an earlier run). */
type Receipt = { path: string } | { content: Buffer }

export type InvoiceMailData = { numero: string; empresa: string; mes: string; plano: string; centavos: number; attachment: Receipt }

export function invoiceMail(to: string, invoice: InvoiceMailData): Mail {
  const month = monthName(invoice.mes)
  return {
    to,
    subject: m.mailSubject(month, invoice.empresa),
    ...mailLayout(m.mailTitle(month), [
      m.mailIntro(invoice.empresa, invoicePlanLabel(invoice.plano)),
      m.mailAmount(formatBrl(invoice.centavos)),
      m.mailNumber(invoice.numero),
    ]),
    attachments: [{ filename: `recibo-${invoice.numero}.pdf`, contentType: 'application/pdf', ...invoice.attachment } as MailAttachment],
  }
}
