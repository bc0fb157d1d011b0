import { eq } from 'drizzle-orm'
import pg from 'pg'
import { cellText, parseDateText } from '../../app/domain/spreadsheets/cells.ts'
import { matchHeaders } from '../../app/domain/spreadsheets/headers.ts'
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, REPORT_MAX_ENTRIES, spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import type { CellValue, SheetColumn } from '../../app/domain/spreadsheets/sheet.ts'
import type { Db, Tx } from '../db/client.ts'
import { importJobs } from '../db/schema/index.ts'
import type { FileStore } from '../files/file-store.ts'
import { detectFormat } from './content.ts'
import { jobScope, type ImportKind, type ParsedRow, type RowProblem } from './import-kind.ts'
import { openSheet, type ReadCell, type SheetSource } from './reader.ts'
import { createSpool } from './spool.ts'
import { SheetRefused } from './xlsx-scan.ts'

export type ImportDeps = { db: Db; files: FileStore }

/** Rows handed to `check` and `store` at a time. */
export const BATCH_ROWS = 1_000
/** The job's row in the database is updated at most this often while reading: enough for a poll each second. */
const PROGRESS_EVERY_MS = 250

type Job = typeof importJobs.$inferSelect

/** The per-row problems: the first REPORT_MAX_ENTRIES kept, all counted. */
class Report {
  erros: RowProblem[] = []
  total = 0
  add(problem: RowProblem) {
    this.total++
    if (this.erros.length < REPORT_MAX_ENTRIES) this.erros.push(problem)
  }
}

type Counts = { criadas: number; atualizadas: number }
/** Where the good batches go while the file is read. */
type Sink<Row> = { add: (batch: ParsedRow<Row>[]) => Promise<void> }

/** Ends the import's transaction without keeping anything: a row failed after writing began. */
class Refused extends Error {}

/**
 * PostgreSQL (a pool of connections): the rows are checked and written while the file is read,
 * inside one transaction that a bad row rolls back, so the database works while the reader parses
 * the next batch. PGlite has a single connection, which a transaction open for the whole read
 * would take from every other request: there the parsed rows wait on disk (spool.ts) and one
 * transaction checks and writes them once every cell is known to be good.
 */
const writesWhileReading = (db: Db) => (db as unknown as { $client?: unknown }).$client instanceof pg.Pool

/**
 * One job, from its stored file to its end: reads every row (streamed), parses each cell by
 * its column, has the kind check each batch, and stores them all in one transaction only when
 * no row failed; otherwise the per-row report. Every outcome is written to the job's row.
 */
export async function runImport<Row>(deps: ImportDeps, job: Job, kind: ImportKind<Row>) {
  const { db, files } = deps
  const spool = await createSpool<ParsedRow<Row>>()
  const finish = (values: Partial<typeof importJobs.$inferInsert>) =>
    db.update(importJobs).set({ arquivo: null, ...values, finishedAt: new Date() }).where(eq(importJobs.id, job.id))
  const report = new Report()
  let keepFile = false
  try {
    const bytes = job.arquivo ? await files.readPrivate(job.arquivo) : null
    if (!bytes) throw new SheetRefused(m.interrupted)
    const format = await detectFormat(bytes)
    if ('error' in format) throw new SheetRefused(format.error)
    const source = await openSheet(bytes, format)
    await db.update(importJobs).set({ linhasTotal: Math.max(0, source.rows - 1) }).where(eq(importJobs.id, job.id))
    const read = (sink: Sink<Row>, checkIn: Tx | null) => readAll(deps, job, kind, source, format.type === 'csv', report, sink, checkIn)

    let counts: Counts
    let rows: number
    if (writesWhileReading(db)) {
      ;({ counts, rows } = await db.transaction(async (tx) => {
        const sum: Counts = { criadas: 0, atualizadas: 0 }
        // One batch written while the next is read; a failure is kept and thrown at the next step.
        let writing: Promise<void> = Promise.resolve()
        let failure: unknown = null
        const settle = async () => {
          await writing
          if (failure) throw failure
        }
        const rows = await read(
          {
            async add(batch) {
              await settle()
              writing = kind.store(tx, job.organizationId, batch, jobScope(job.tipo)).then(
                (stored) => {
                  sum.criadas += stored.criadas
                  sum.atualizadas += stored.atualizadas
                },
                (error: unknown) => {
                  failure = error
                },
              )
            },
          },
          tx,
        ).finally(
          // A refused file ends the transaction: no batch's statement may reach its connection after the rollback.
          () => writing.catch(() => {}),
        )
        await settle()
        if (report.total > 0) throw new Refused()
        await db.update(importJobs).set({ status: 'gravando', linhasLidas: rows, linhasTotal: rows }).where(eq(importJobs.id, job.id))
        return { counts: sum, rows }
      }))
    } else {
      rows = await read({ add: (batch) => spool.write(batch) }, null)
      if (report.total > 0) {
        // The rows that parsed are checked too (read only), so that one report says every problem of the file.
        const { check } = kind
        if (check) await db.transaction(async (tx) => {
          for await (const batch of spool.read()) for (const problem of await check(tx, job.organizationId, batch, jobScope(job.tipo))) report.add(problem)
        })
        throw new Refused()
      }
      await db.update(importJobs).set({ status: 'gravando', linhasLidas: rows, linhasTotal: rows }).where(eq(importJobs.id, job.id))
      // One transaction, all rows or none: the kind checks every batch, then every batch is stored.
      counts = await db.transaction(async (tx) => {
        if (kind.check) {
          for await (const batch of spool.read()) for (const problem of await kind.check(tx, job.organizationId, batch, jobScope(job.tipo))) report.add(problem)
          if (report.total > 0) throw new Refused()
        }
        const sum: Counts = { criadas: 0, atualizadas: 0 }
        for await (const batch of spool.read()) {
          const stored = await kind.store(tx, job.organizationId, batch, jobScope(job.tipo))
          sum.criadas += stored.criadas
          sum.atualizadas += stored.atualizadas
        }
        return sum
      })
    }
    await finish({ status: 'concluida', linhasLidas: rows, linhasTotal: rows, ...counts })
  } catch (error) {
    if (error instanceof Refused) {
      const [{ lidas }] = await db.select({ lidas: importJobs.linhasLidas }).from(importJobs).where(eq(importJobs.id, job.id))
      keepFile = Boolean(job.arquivo && kind.keepFileWhenRefused?.(report.erros, report.total))
      // By line: a batch's checks (a repeated key, the catalogue) come after the cells of every row of the batch.
      await finish({ status: 'recusada', linhasTotal: lidas, erros: report.erros.toSorted((a, b) => a.linha - b.linha), totalErros: report.total, mensagem: m.refusedRows(report.total), ...(keepFile ? { arquivo: job.arquivo } : {}) })
    } else if (error instanceof SheetRefused) await finish({ status: 'recusada', mensagem: error.message })
    else {
      console.error(`Importação ${job.id} (${job.tipo}) falhou:`, error)
      await finish({ status: 'falhou', mensagem: m.failed })
    }
  } finally {
    await spool.dispose()
    if (job.arquivo && !keepFile) await files.removePrivate(job.arquivo)
  }
}

/**
 * Reads the file to its end: the header matched, then each row parsed, good rows handed to the
 * sink by batches (each checked by the kind first when `checkIn` is given, also after a row has failed, so that
 * one report has every problem), problems to the report. Once a row has failed nothing more is stored: with
 * `checkIn` the sink stores and gets nothing more; without it the sink is the spool, which keeps the good rows
 * for the check after the reading. Answers the count of data rows; their progress is written to the job as it goes.
 */
async function readAll<Row>(deps: ImportDeps, job: Job, kind: ImportKind<Row>, source: SheetSource, csv: boolean, report: Report, sink: Sink<Row>, checkIn: Tx | null) {
  const { db } = deps
  let columns: (SheetColumn<Row> | null)[] | null = null
  let batch: ParsedRow<Row>[] = []
  let read = 0
  // The first batch's progress is written at once: the screen shows the count moving from the start.
  let lastProgress = 0
  const flush = async () => {
    if (batch.length === 0) return
    if (kind.check && checkIn) for (const problem of await kind.check(checkIn, job.organizationId, batch, jobScope(job.tipo))) report.add(problem)
    if (report.total === 0 || !checkIn) await sink.add(batch)
    batch = []
  }
  for await (const { linha, cells } of source.read()) {
    if (cells.length > IMPORT_MAX_COLUMNS && cells.slice(IMPORT_MAX_COLUMNS).some((c) => c !== null)) {
      throw new SheetRefused(m.tooManyColumns(cells.length))
    }
    if (cells.every((c) => c === null)) continue
    if (!columns) {
      const match = matchHeaders(kind.spec.columns, cells.map((c) => (c === null || isError(c) ? '' : cellText(c))))
      // A workbook whose first sheet is something else (instructions, a cover): the titles found are that sheet's.
      if (!match.ok) throw new SheetRefused(source.moreSheets ? `${match.message} ${m.onlyFirstSheet}` : match.message)
      columns = match.columns
      continue
    }
    if (++read > IMPORT_MAX_ROWS) throw new SheetRefused(m.tooManyRows)
    const row = parseRow(columns, cells, linha, csv, report)
    if (row) batch.push({ linha, row })
    if (read % BATCH_ROWS === 0 && Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
      lastProgress = Date.now()
      await db.update(importJobs).set({ linhasLidas: read }).where(eq(importJobs.id, job.id))
    }
    if (batch.length >= BATCH_ROWS) await flush()
  }
  if (!columns) throw new SheetRefused(m.noHeader)
  if (read === 0) throw new SheetRefused(m.noRows)
  await flush()
  await db.update(importJobs).set({ linhasLidas: read }).where(eq(importJobs.id, job.id))
  return read
}

const isError = (cell: ReadCell): cell is { error: string } => cell !== null && typeof cell === 'object' && !(cell instanceof Date)

/**
 * The row's cells through their columns: the row, or null with its problems in the report. A
 * column the file does not have is left out of the row (undefined), so that re-importing a file
 * with fewer columns updates only those it has.
 */
function parseRow<Row>(columns: (SheetColumn<Row> | null)[], cells: ReadCell[], linha: number, csv: boolean, report: Report) {
  const row = {} as Record<string, unknown>
  let failed = false
  const problem = (column: SheetColumn<Row>, valor: string, motivo: string) => {
    failed = true
    report.add({ linha, coluna: column.header, valor, motivo })
  }
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i]
    if (!column) continue
    const raw = cells[i] ?? null
    if (isError(raw)) {
      problem(column, raw.error, m.excelError(raw.error))
      continue
    }
    let cell: CellValue = typeof raw === 'string' ? raw.trim() || null : raw
    // A CSV holds dates only as text: dd/mm/aaaa is its date.
    if (csv && column.format === 'date' && typeof cell === 'string') {
      const date = parseDateText(cell)
      if (!date) {
        problem(column, cell, m.notDate)
        continue
      }
      cell = date
    }
    if (cell === null && column.required) {
      problem(column, '', m.required)
      continue
    }
    const parsed = column.parse(cell)
    if (parsed.ok) row[column.key] = parsed.value
    else problem(column, cellText(cell), parsed.reason)
  }
  return failed ? null : (row as Row)
}
