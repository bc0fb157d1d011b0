import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { formatBrl } from '../../app/domain/catalog/money.ts'
import { monthAt } from '../../app/domain/plans/invoices.ts'
import { runBilling, type BillingReport } from '../../server/billing/job.ts'
import { openDatabase } from '../../server/db/client.ts'
import { benchDatabase, benchDeps, DEFAULT_ADMIN_URL } from '../shared/postgres.ts'

// The monthly billing job on PostgreSQL: `npm run bench:billing`. See bench/billing/README.md.
// N paying organizations (Pro, Pro + and Pro ∞) in a fresh database; the job of the product (runBilling) bills
// the current month: every invoice, its receipt PDF written to disk, the finance address's mail with the PDF
// attached (written as .eml files, as without SMTP_URL). Then a second run, which must create nothing.

const { values: args } = parseArgs({
  options: {
    orgs: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '4' },
    'postgres-url': { type: 'string', default: DEFAULT_ADMIN_URL },
    keep: { type: 'boolean', default: false },
  },
})
const ORGS = Number(args.orgs)
const CONCURRENCY = Number(args.concurrency)

/** Users shared by the organizations as members (one person may be in many): up to 15 members each. */
const PEOPLE = 200

/**
 * Organization i: Pro + when i % 10 < 3, Pro ∞ when i % 10 = 9 (with a negotiated amount when i % 20 = 19,
 * without one otherwise: not billed), Pro else; (i % 15) + 1 active members; a finance address when i is even.
 */
async function buildDataSet(raw: pg.Client) {
  await raw.query(`insert into users (name, email, password_hash) select 'Pessoa ' || i, 'pessoa' || i || '@bench.local', 'x' from generate_series(1, $1) i`, [PEOPLE])
  await raw.query(
    `insert into organizations (tipo, nome, razao_social, cnpj, active, plano, valor_negociado_centavos)
     select 'f', 'Empresa ' || i, 'Empresa ' || i || ' Comércio Ltda', lpad(i::text, 14, '0'), true,
            case when i % 10 < 3 then 'U' when i % 10 = 9 then 'M' else 'P' end,
            case when i % 20 = 19 then 350000 + i end
     from generate_series(1, $1) i`,
    [ORGS],
  )
  await raw.query(
    `insert into memberships (organization_id, user_id, is_admin)
     select o.id, u.id, u.id = 1 + o.id % $1 from organizations o
     cross join lateral (select 1 + (o.id + k) % $1 as id from generate_series(0, o.id % 15) k) u`,
    [PEOPLE],
  )
  await raw.query(`insert into company_emails (organization_id, email, tipo) select id, 'financeiro' || id || '@bench.local', 'F' from organizations where id % 2 = 0`)
  await raw.query('analyze')
}

/** Peak resident memory while `fn` runs, sampled every 50 ms (and the process's own peak, which covers the whole run). */
async function measured(fn: () => Promise<BillingReport>) {
  let peak = process.memoryUsage.rss()
  const before = peak
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50)
  const t0 = performance.now()
  try {
    const report = await fn()
    return { report, seconds: (performance.now() - t0) / 1000, before, peak: Math.max(peak, process.memoryUsage.rss()) }
  } finally {
    clearInterval(sampler)
  }
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
const duration = (seconds: number) => (seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(1)} s`)

async function folderSize(dir: string) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])
  let bytes = 0
  let files = 0
  for (const e of entries) {
    if (!e.isFile()) continue
    bytes += (await stat(path.join(e.parentPath, e.name))).size
    files++
  }
  return { bytes, files }
}

async function main() {
  const bench = await benchDatabase(args['postgres-url'], 'billing')
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-billing-'))
  const database = await openDatabase({ url: bench.url })
  const raw = new pg.Client({ connectionString: bench.url })
  await raw.connect()
  try {
    const t0 = performance.now()
    await buildDataSet(raw)
    console.log(`Dados: ${ORGS.toLocaleString('pt-BR')} organizações pagantes em ${((performance.now() - t0) / 1000).toFixed(1)} s`)
    const deps = benchDeps(database.db, dataDir)
    const month = monthAt(new Date())

    const first = await measured(() => runBilling(deps, { month, concurrency: CONCURRENCY }))
    const second = await measured(() => runBilling(deps, { month, concurrency: CONCURRENCY }))
    const [{ invoices, sum }] = (await raw.query('select count(*)::int as invoices, count(distinct organization_id)::int as orgs, sum(valor_centavos)::bigint as sum from invoices')).rows
    const receipts = await folderSize(path.join(dataDir, 'private', 'recibos'))
    const mails = await folderSize(path.join(dataDir, 'mail'))
    const version = (await raw.query('show server_version')).rows[0].server_version

    console.log(`\nrunBilling(${month}), concorrência ${CONCURRENCY}, PostgreSQL ${version}, Node ${process.version}, ${cpus().length} núcleos (${cpus()[0]?.model.trim()})`)
    console.log('')
    console.log('| execução | tempo | títulos criados | recibos | e-mails | falhas | RSS antes | RSS de pico |')
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
    for (const [label, r] of [['primeira', first], ['segunda', second]] as const) {
      console.log(
        `| ${label} | ${duration(r.seconds)} | ${r.report.criados.toLocaleString('pt-BR')} | ${r.report.entregues.toLocaleString('pt-BR')} | ${r.report.emails.toLocaleString('pt-BR')} | ${r.report.falhas} | ${mb(r.before)} | ${mb(r.peak)} |`,
      )
    }
    console.log('')
    console.log(`Pro ∞ sem valor negociado (não cobradas): ${first.report.semValorNegociado}; títulos no banco: ${invoices.toLocaleString('pt-BR')} (${formatBrl(Number(sum))})`)
    console.log(`Recibos: ${receipts.files} arquivos, ${mb(receipts.bytes)} (${(receipts.bytes / Math.max(1, receipts.files) / 1024).toFixed(1)} KB cada); e-mails: ${mails.files} arquivos, ${mb(mails.bytes)}`)
    console.log(`${(first.report.criados / first.seconds).toFixed(0)} títulos/s na primeira execução; pico do processo (maxRSS): ${mb(process.resourceUsage().maxRSS * 1024)}`)
    const ok = first.report.criados === invoices && second.report.criados === 0 && second.report.entregues === 0 && first.report.falhas === 0
    if (!ok) {
      console.error('FALHA: a segunda execução criou ou entregou algo, ou houve falhas.')
      process.exitCode = 1
    }
    if (args.keep) console.log(`\nBanco mantido: ${bench.name}; arquivos em ${dataDir}`)
  } finally {
    await raw.end()
    await database.close()
    if (!args.keep) {
      await bench.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
}

await main()
