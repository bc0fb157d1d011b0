import { useId } from 'react'
import { useLocation } from 'react-router'
import { CompanyDownload, CompanyForm, usePageCompanyId } from '~/components/company-form.tsx'
import { withPageCompany } from '~/lib/page-company.ts'
import type { z } from 'zod'
import type { ImportJobDetailSchema } from '~/domain/spreadsheets/contract.ts'
import { FINISHED_STATUSES } from '~/domain/spreadsheets/status.ts'
import { spreadsheetMessages } from '~/domain/spreadsheets/messages.ts'
import { exportPath, IMPORT_INTENT, importReportPath, importStatusPath, REPORT_PAGE_PARAM, templatePath } from '~/lib/spreadsheet-import.ts'
import { ErrorList } from './error-list.tsx'
import { FileInput } from './ui/file-input.tsx'

const m = spreadsheetMessages.screen

type Job = z.output<typeof ImportJobDetailSchema>

/** A kind's export as a download: every member may export what they may read. */
export function SpreadsheetExport(props: { kind: string; label: string }) {
  return (
    <CompanyDownload className="button" href={exportPath(props.kind)}>
      {props.label}
    </CompanyDownload>
  )
}

/**
 * The spreadsheet import panel a screen embeds (products, customers…): the upload form (a real
 * multipart form with `intent`, works without JavaScript), the size limit, the template link,
 * then the job named in the address: its progress (live with JavaScript, by 'Atualizar'
 * without), its counts, or its per-row report with paging and the xlsx download.
 *
 *     <SpreadsheetImport kind="produtos" job={loaderData.importacao} error={actionData?.importError} />
 */
export function SpreadsheetImport(props: { kind: string; job: Job | null; error?: string | null; title?: string; intent?: string }) {
  const id = useId()
  const location = useLocation()
  const companyId = usePageCompanyId()
  const errorId = `${id}-error`
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{props.title ?? m.legend}</h2>
      <CompanyForm method="post" encType="multipart/form-data" className="toolbar">
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
      </CompanyForm>
      <small id={`${id}-limit`} className="field-caption">
        {m.limit}
      </small>
      <ErrorList id={errorId} errors={props.error ? [props.error] : null} />
      <p>
        {/* A download, not a page: the browser saves the file. */}
        <CompanyDownload href={templatePath(props.kind)}>{m.template}</CompanyDownload>
      </p>
      {props.job ? <ImportJobPanel job={props.job} pageHref={`${location.pathname}${location.search}`} companyId={companyId} /> : null}
    </section>
  )
}

/**
 * The job's region: its progress while it runs (`data-import-poll`: the enhancement layer reads the region again from
 * that resource route every second, app/enhance/import-progress.ts; without JavaScript 'Atualizar' reloads the page),
 * then its counts or its report. Rendered by the page and by that route alike, so it uses no router: `pageHref` is
 * the screen's address, which its links keep, and `companyId` the company it shows, which its download names.
 */
export function ImportJobPanel({ job, pageHref, companyId }: { job: Job; pageHref: string; companyId: number | null }) {
  const running = !FINISHED_STATUSES.includes(job.status)
  return (
    <div className="stack" data-import-job={job.id} data-import-poll={running ? importStatusPath(job.id) : undefined}>
      <ImportJobState job={job} pageHref={pageHref} companyId={companyId} />
    </div>
  )
}

function ImportJobState({ job, pageHref, companyId }: { job: Job; pageHref: string; companyId: number | null }) {
  if (!FINISHED_STATUSES.includes(job.status)) {
    const text =
      job.status === 'na_fila' ? m.queued : job.status === 'gravando' ? m.writing(job.linhas_lidas) : m.reading(job.linhas_lidas, job.linhas_total)
    return (
      <>
        <div role="status" aria-live="polite">
          <p>{text}</p>
          {job.linhas_total ? <progress max={job.linhas_total} value={Math.min(job.linhas_lidas, job.linhas_total)} aria-hidden="true" /> : null}
        </div>
        <a href={pageHref} className="button">
          {m.refresh}
        </a>
      </>
    )
  }
  if (job.status === 'concluida') {
    // The same live region as the running panel's: the polling keeps it and changes its text, which is read out. A
    // region that became live in the same change as its text was not.
    return (
      <div role="status" aria-live="polite">
        <p>{m.done(job.criadas, job.atualizadas, Math.max(0, job.linhas_lidas - job.criadas - job.atualizadas))}</p>
      </div>
    )
  }
  return (
    <>
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
      {job.erros.total > 0 ? <ReportTable job={job} pageHref={pageHref} companyId={companyId} /> : null}
    </>
  )
}

function ReportTable({ job, pageHref, companyId }: { job: Job; pageHref: string; companyId: number | null }) {
  const page = job.erros.current_page
  const last = job.erros.last_page
  const reportPageHref = (n: number) => {
    const address = new URL(pageHref, 'http://site.invalid')
    address.searchParams.set(REPORT_PAGE_PARAM, String(n))
    return `${address.pathname}${address.search}`
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
            <a href={reportPageHref(page - 1)}>{m.previous}</a>
          ) : (
            <span />
          )}
          <span>{m.page(page, last)}</span>
          {page < last ? (
            <a href={reportPageHref(page + 1)}>{m.next}</a>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
      <p>
        <a href={withPageCompany(importReportPath(job.id), companyId)} download className="button">
          {m.reportDownload}
        </a>
      </p>
    </div>
  )
}
