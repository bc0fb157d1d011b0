import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

/** A file sent with a mail (a receipt PDF of the billing job): read from disk when the mail is built, or bytes at hand. */
export type MailAttachment = { filename: string; contentType: string } & ({ path: string } | { content: Buffer })
export type Mail = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] }
export type Mailer = { send: (mail: Mail) => Promise<void> }

/**
 * With an SMTP URL the mail is sent; otherwise each mail is written as an .eml
 * file under `mailDir`, so a person running the product locally can open it.
 */
export function createMailer(options: { smtpUrl?: string; mailDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail })
      await mkdir(options.mailDir, { recursive: true })
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, '_')
      const file = path.join(options.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeTo}.eml`)
      await writeFile(file, info.message as Buffer)
    },
  }
}
