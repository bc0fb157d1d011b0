/**
 * The billing job by hand: `npm run billing -- --month 2026-11` (default: the current month in São Paulo).
 * The server runs it by itself every hour; this is for a month a stopped server missed, or a deployment that
 * schedules it outside (BILLING_JOB=0). On PostgreSQL it may run beside the servers; with the embedded
 * database, stop the server first (one process at a time opens its data folder).
 */
import path from 'node:path'
import { parseArgs } from 'node:util'
import { billingMessages as m } from '../../app/domain/plans/billing-messages.ts'
import { isBillableMonth, MONTH, monthAt } from '../../app/domain/plans/invoices.ts'
import { loadConfig } from '../config.ts'
import { openDatabase } from '../db/client.ts'
import { createFileStore } from '../files/file-store.ts'
import { createMailer } from '../mail/mailer.ts'
import { runBilling } from './job.ts'

const { values } = parseArgs({ options: { month: { type: 'string' } } })
const now = new Date()
const month = values.month ?? monthAt(now)
if (!MONTH.test(month)) {
  console.error(m.monthInvalid)
  process.exit(2)
}
if (!isBillableMonth(month, now)) {
  console.error(m.monthAhead(month, monthAt(now)))
  process.exit(2)
}

const config = loadConfig()
const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') })
try {
  const report = await runBilling(
    {
      db: database.db,
      files: createFileStore({ uploadsDir: config.uploadsDir, publicBaseUrl: config.appUrl }),
      mailer: createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom }),
    },
    { month, now },
  )
  console.log(m.jobSummary(report))
  process.exitCode = report.falhas > 0 ? 1 : 0
} finally {
  await database.close()
}
