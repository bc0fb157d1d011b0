import { useEffect, useId } from 'react'
import { Form, Link, useFetcher, useLocation } from 'react-router'
import type { z } from 'zod'
import type { ImportJobDetailSchema } from '~/domain/spreadsheets/contract.ts'
import { FINISHED_STATUSES } from '~/domain/spreadsheets/status.ts'
import { spreadsheetMessages } from '~/domain/spreadsheets/messages.ts'
import { exportPath, IMPORT_INTENT, importReportPath, importStatusPath, REPORT_PAGE_PARAM, templatePath } from '~/lib/spreadsheet-import.ts'
import { ErrorList } from './error-list.tsx'
import { FileInput } from './ui/file-input.tsx'

const m = spreadsheetMessages.screen

type Job = z.output<typeof ImportJobDetailSchema>

/** How often a running job is read again while the page is open with JavaScript. */
const POLL_MS = 1000

/**
 * The spreadsheet import panel a screen embeds (products, customers…): the upload form (a real
 * multipart form with `intent`, works without JavaScript), the size limit, the template link,
 * then the job named in the address: its progress (live with JavaScript, by 'Atualizar'
 * without), its counts, or its per-row report with paging and the xlsx download.
 *
 *     <SpreadsheetImport kind="produtos" job={loaderData.importacao} error={actionData?.importError} />
 */
/** A kind's export as a download: every member may export what they may read. */
export function SpreadsheetExport(props: { kind: string; label: string }) {
  return (
    <a className="button" href={exportPath(props.kind)} download>
      {props.label}
    </a>
  )
}

export function SpreadsheetImport(props: { kind: string; job: Job | null; error?: string | null; title?: string; intent?: string }) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title ?? m.legend}</h2>
      <Form method="post" encType="multipart/form-data" className="toolbar">
        <input type="hidden" name="intent" value={props.intent ?? IMPORT_INTENT} />
        <label className="sr-only" htmlFor={`${id}-file`}>
          {m.fileLabel}
        </label>
        <FileInput
          id={`${id}-file`}
          name="arquivo"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          required
          aria-invalid={props.error ? true : undefined}
          aria-describedby={[`${id}-limit`, props.error ? errorId : null].filter(Boolean).join(' ')}
        />
        <button type="submit" className="button">
          {m.submit}
        </button>
      </Form>
      <small id={`${id}-limit`} className="field-caption">
        {m.limit}
      </small>
      <ErrorList id={errorId} errors={props.error ? [props.error] : null} />
      <p>
        {/* A download, not a page: the browser saves the file. */}
        <a href={templatePath(props.kind)} download>
          {m.template}
        </a>
      </p>
      {props.job ? <ImportJobPanel job={props.job} /> : null}
    </section>
  )
}

function ImportJobPanel({ job: loaded }: { job: Job }) {
  const fetcher = useFetcher<Job>()
  const location = useLocation()
  const running = !FINISHED_STATUSES.includes(loaded.status)
  // While it runs, the polled answer is newer than the page's; once ended, the page's (it may show another report page).
  const job = running && fetcher.data?.id === loaded.id ? fetcher.data : loaded
  const done = FINISHED_STATUSES.includes(job.status)
  const { load } = fetcher
  useEffect(() => {
    if (done) return
    const timer = setInterval(() => load(importStatusPath(loaded.id)), POLL_MS)
    return () => clearInterval(timer)
  }, [done, load, loaded.id])

  if (!done) {
    const text =
      job.status === 'na_fila' ? m.queued : job.status === 'gravando' ? m.writing(job.linhas_lidas) : m.reading(job.linhas_lidas, job.linhas_total)
    return (
      <div className="stack">
        <div role="status" aria-live="polite">
          <p>{text}</p>
          {job.linhas_total ? <progress max={job.linhas_total} value={Math.min(job.linhas_lidas, job.linhas_total)} aria-hidden="true" /> : null}
        </div>
        <Link to={`${location.pathname}${location.search}`} className="button" preventScrollReset>
          {m.refresh}
        </Link>
      </div>
    )
  }
  if (job.status === 'concluida') {
    // The same shape as the running panel's: React keeps its live region and changes the text, which is read out. A
    // region that became live in the same change as its text was not.
    return (
      <div className="stack">
        <div role="status" aria-live="polite">
          <p>{m.done(job.criadas, job.atualizadas, Math.max(0, job.linhas_lidas - job.criadas - job.atualizadas))}</p>
        </div>
      </div>
    )
  }
  return (
    <div className="stack">
      <div role="status" aria-live="polite">
        <p>
          {/* A failure's own message already says that nothing was stored. */}
          {job.status === 'recusada' ? (
            <>
              <strong>{m.refused}</strong> {job.mensagem}
            </>
          ) : (
            <strong>{job.mensagem ?? m.failed}</strong>
          )}
        </p>
      </div>
      {job.erros.total > 0 ? <ReportTable job={job} /> : null}
    </div>
  )
}

function ReportTable({ job }: { job: Job }) {
  const location = useLocation()
  const page = job.erros.current_page
  const last = job.erros.last_page
  const pageHref = (n: number) => {
    const search = new URLSearchParams(location.search)
    search.set(REPORT_PAGE_PARAM, String(n))
    return `${location.pathname}?${search}`
  }
  return (
    <div className="stack">
      <table className="report-table">
        <caption>{m.reportCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.line}</th>
            <th scope="col">{m.column}</th>
            <th scope="col">{m.value}</th>
            <th scope="col">{m.reason}</th>
          </tr>
        </thead>
        <tbody>
          {job.erros.data.map((problem, i) => (
            <tr key={`${problem.linha}-${problem.coluna}-${i}`}>
              <td>{problem.linha}</td>
              <td>{problem.coluna}</td>
              <td>{problem.valor}</td>
              <td>{problem.motivo}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {job.total_erros > job.erros.total ? <p className="muted">{m.reportMore(job.total_erros, job.erros.total)}</p> : null}
      {last > 1 ? (
        <nav className="pagination" aria-label={m.reportCaption}>
          {page > 1 ? (
            <Link to={pageHref(page - 1)} preventScrollReset>
              {m.previous}
            </Link>
          ) : (
            <span />
          )}
          <span>{m.page(page, last)}</span>
          {page < last ? (
            <Link to={pageHref(page + 1)} preventScrollReset>
              {m.next}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <p>
        <a href={importReportPath(job.id)} download className="button">
          {m.reportDownload}
        </a>
      </p>
    </div>
  )
}
