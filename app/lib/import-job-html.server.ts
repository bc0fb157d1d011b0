import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { ImportJobPanel } from '~/components/spreadsheet-import.tsx'
import type { ImportJobView } from './spreadsheet-import.server.ts'

/**
 * The import panel's job region as the page renders it (ImportJobPanel), for the polling that replaces it while the
 * job runs (app/enhance/import-progress.ts). `pageHref` is the screen's address, which the region's links keep;
 * `companyId` the company of the job (the session's, which the page's request named).
 */
export function importJobHtml(job: ImportJobView, pageHref: string, companyId: number) {
  return new Response(renderToString(createElement(ImportJobPanel, { job, pageHref, companyId })), {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  })
}
