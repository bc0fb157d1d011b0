import { useLocation } from 'react-router'
import type { Answer } from '~/domain/shared/contract.ts'
import type * as billingApi from '~/domain/plans/billing-contract.ts'
import { billingScreenMessages as m } from '~/domain/plans/billing-screen-messages.ts'
import { invoicePlanLabel } from '~/domain/plans/invoices.ts'
import { formatBrl } from '~/domain/catalog/money.ts'
import { formatDate } from '~/components/team/format.ts'
import { CompanyForm, usePageCompanyId } from '~/components/company-form.tsx'
import { withPageCompany } from '~/lib/page-company.ts'

export type Invoice = Answer<typeof billingApi.restoreTitulos>['titulos'][number]

/** An invoice's file as the web app serves it (app/routes/cobrancas.arquivo.ts): the API's own address needs a token. */
const fileHref = (invoice: Invoice, kind: 'nf' | 'recibo', companyId: number | null) => {
  const address = kind === 'nf' ? invoice.file_nf : invoice.file_recibo
  const name = address?.split('/').pop()
  return name ? withPageCompany(`/cobrancas/arquivo/${invoice.id}/${name}`, companyId) : null
}

/**
 * The plans modal's tab Cobranças: each month's invoice with its date, its file (the nota fiscal once sent, else the
 * receipt; it opens in a new tab), a red 'Pendente' pill while there is no nota fiscal, the plan and the amount; the
 * nota fiscal's upload; and 'E-mail de cobrança', the finance address's manager.
 */
export function BillingTab({ invoices }: { invoices: Invoice[] }) {
  const location = useLocation()
  const companyId = usePageCompanyId()
  const here = `${location.pathname}${location.search}`
  const emails = new URLSearchParams(location.search)
  emails.set('modal', 'emails')
  emails.set('tipo', 'F')
  emails.delete('aba')
  return (
    <section className="stack" aria-labelledby="cobrancas-titulo">
      <div className="row-between">
        <h3 id="cobrancas-titulo">{m.invoices}</h3>
        <a href={`${location.pathname}?${emails}`} className="button">
          {m.financeEmailButton}
        </a>
      </div>
      {invoices.length === 0 ? (
        <p role="status">{m.noInvoices}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{m.date}</th>
                <th scope="col">{m.file}</th>
                <th scope="col">{m.plan}</th>
                <th scope="col" className="numeric">
                  {m.amount}
                </th>
                <th scope="col">{m.nf}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => {
                const shown = invoice.file_nf ? 'nf' : 'recibo'
                const href = fileHref(invoice, shown, companyId)
                return (
                  <tr key={invoice.id}>
                    <th scope="row">{formatDate(invoice.created_at)}</th>
                    <td>
                      {href ? (
                        <a href={href} target="_blank" rel="noopener">
                          {shown === 'nf' ? m.nf : m.receipt} {invoice.numero}
                          <span className="sr-only"> {m.opensInNewTab}</span>
                        </a>
                      ) : (
                        <span className="muted">{m.noFile}</span>
                      )}{' '}
                      {invoice.pendente ? <span className="pill pill-danger">{m.pending}</span> : null}
                    </td>
                    <td>{invoicePlanLabel(invoice.plano)}</td>
                    <td className="numeric nowrap">{formatBrl(invoice.valor_centavos)}</td>
                    <td>
                      <CompanyForm method="post" action="/acoes/plano" encType="multipart/form-data" className="toolbar">
                        <input type="hidden" name="redirectTo" value={here} />
                        <input type="hidden" name="intent" value="nf" />
                        <input type="hidden" name="titulo_id" value={invoice.id} />
                        <label htmlFor={`nf-${invoice.id}`} className="sr-only">
                          {m.nfLabel(invoice.numero)}
                        </label>
                        <input id={`nf-${invoice.id}`} name="nf" type="file" accept="application/pdf,image/png,image/jpeg" required />
                        <button type="submit" className="button">
                          {m.sendNf}
                        </button>
                      </CompanyForm>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
