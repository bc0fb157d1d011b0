import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { IMPORT_MAX_BYTES, spreadsheetMessages as m } from '../../app/domain/spreadsheets/messages.ts'
import { importJobs } from '../db/schema/index.ts'
import { detectFormat } from './content.ts'
import type { ImportKind } from './import-kind.ts'
import { runImport, type ImportDeps } from './run-import.ts'

export type { ImportDeps }
export type ImportJob = typeof importJobs.$inferSelect

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own Row
type AnyKind = ImportKind<any>

const kinds = new Map<string, AnyKind>()

/**
 * Makes a kind importable by its name (the `tipo` of its jobs and of its template's path). Each
 * area registers its own once, where its API is registered: `registerImportKind('produtos', productsImport)`.
 */
export function registerImportKind<Row>(name: string, kind: ImportKind<Row>) {
  if (kind.spec.kind !== name) throw new Error(`O tipo ${name} registra a planilha ${kind.spec.kind}.`)
  kinds.set(name, kind)
}

/**
 * A job's `tipo` is its kind's name, or `name:scope` for a kind whose rows belong to one object of
 * the organization (the buyers of condition 42 are 'compradores:42'): the job carries the object
 * without a column of its own.
 */
export function importKind(tipo: string): AnyKind | undefined {
  return kinds.get(tipo.split(':')[0])
}

/** Jobs this process runs at once; the rest wait in line ('na_fila'), so memory stays bounded. */
const MAX_RUNNING = 2
let running = 0
const waiting: (() => void)[] = []
const active = new Set<Promise<void>>()

function enqueue(task: () => Promise<void>) {
  const done = new Promise<void>((resolve) => {
    const start = () => {
      running++
      task()
        .catch((error) => console.error('Importação:', error))
        .finally(() => {
          running--
          waiting.shift()?.()
          resolve()
        })
    }
    if (running < MAX_RUNNING) start()
    else waiting.push(start)
  })
  active.add(done)
  void done.finally(() => active.delete(done))
}

/** Resolves when every job this process started has ended (tests and shutdown wait on it). */
export async function importsSettled() {
  while (active.size) await Promise.all([...active])
}

export type StartImport = {
  kind: string
  organizationId: number
  userId: number
  file: File
  /** For a scoped kind: the object of the organization the rows go into (a condition...). */
  scope?: number
}

/**
 * Accepts an upload and answers at once: the file is checked (size, then content: an xlsx, a
 * CSV, or refused with the reason), kept in private storage, and its job created 'na_fila';
 * the job then runs in this process in the background. The caller has checked the member's
 * permission (the kind's `permission`). Returns the job, or the reason the file is refused.
 */
export async function startImport(deps: ImportDeps, input: StartImport): Promise<{ job: ImportJob } | { error: string }> {
  const kind = importKind(input.kind)
  if (!kind) throw new Error(`Tipo de importação não registrado: ${input.kind}`)
  if (input.file.size > IMPORT_MAX_BYTES) return { error: m.fileTooBig }
  const bytes = Buffer.from(await input.file.arrayBuffer())
  const format = await detectFormat(bytes)
  if ('error' in format) return { error: format.error }
  const stored = await deps.files.savePrivate(bytes, { folder: 'importacoes', ext: format.type })
  const name = input.file.name.replace(/[\\/\u0000-\u001f]/g, '_').slice(0, 200) || `planilha.${format.type}`
  const [job] = await deps.db
    .insert(importJobs)
    .values({
      organizationId: input.organizationId,
      userId: input.userId,
      tipo: input.scope === undefined ? input.kind : `${input.kind}:${input.scope}`,
      arquivoNome: name,
      arquivo: stored.key,
    })
    .returning()
    .catch(async (error: unknown) => {
      await deps.files.removePrivate(stored.key)
      throw error
    })
  enqueue(() => claimAndRun(deps, job.id, kind))
  return { job }
}

/**
 * Runs again a refused job whose file its kind kept (`keepFileWhenRefused`), as the job `tipo` given
 * (another kind reading the same columns, same scope): reset to 'na_fila', it goes through the engine
 * as on upload. Null when the job is not (or no longer) such a job — two clicks at once: one claims it.
 */
export async function restartImport(deps: ImportDeps, jobId: number, tipo: string): Promise<ImportJob | null> {
  const kind = importKind(tipo)
  if (!kind) throw new Error(`Tipo de importação não registrado: ${tipo}`)
  const [job] = await deps.db
    .update(importJobs)
    .set({ status: 'na_fila', tipo, erros: [], totalErros: 0, mensagem: null, linhasLidas: 0, criadas: 0, atualizadas: 0, finishedAt: null })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'recusada'), isNotNull(importJobs.arquivo)))
    .returning()
  if (!job) return null
  enqueue(() => claimAndRun(deps, job.id, kind))
  return job
}

async function claimAndRun(deps: ImportDeps, jobId: number, kind: AnyKind) {
  // Claimed by a status change, so a job is never run twice.
  const [job] = await deps.db
    .update(importJobs)
    .set({ status: 'lendo' })
    .where(and(eq(importJobs.id, jobId), eq(importJobs.status, 'na_fila')))
    .returning()
  if (job) await runImport(deps, job, kind)
}

/**
 * At start: jobs a stopped process left unfinished are marked 'falhou' with a message to send
 * the file again, and their files removed. Not resumed: the person may have sent it again
 * already, and an import that half-read a file holds nothing worth keeping (all or nothing).
 * With several processes on one database, run this only where no other process is importing
 * (e.g. the first to start, or a deploy that stops all before starting any).
 */
export async function failInterruptedImports(deps: ImportDeps) {
  const unfinished = inArray(importJobs.status, ['na_fila', 'lendo', 'gravando'])
  const left = await deps.db.select({ arquivo: importJobs.arquivo }).from(importJobs).where(unfinished)
  await deps.db.update(importJobs).set({ status: 'falhou', mensagem: m.interrupted, arquivo: null, finishedAt: new Date() }).where(unfinished)
  for (const { arquivo } of left) if (arquivo) await deps.files.removePrivate(arquivo)
  return left.length
}
