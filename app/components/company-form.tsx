import type { ComponentProps } from 'react'
import { Form, useRouteLoaderData } from 'react-router'
import { PAGE_COMPANY_FIELD, withPageCompany } from '~/lib/page-company.ts'
import type { loader as companyLayoutLoader } from '~/routes/_app.tsx'

/** The company the page shows: the company layout's (app/routes/_app.tsx), null outside it or without one entered. */
export function usePageCompanyId(): number | null {
  return useRouteLoaderData<typeof companyLayoutLoader>('routes/_app')?.company?.organizacao_id ?? null
}

/**
 * React Router's `<Form>` for every page under the company layout: a post also says which company the page shows
 * (a hidden field), so that the server refuses it once another tab has entered another company (decision 048).
 * A search (`method="get"`) keeps its address as it was.
 */
export function CompanyForm({ children, ...props }: ComponentProps<typeof Form>) {
  const companyId = usePageCompanyId()
  const posts = (props.method ?? 'get').toLowerCase() !== 'get'
  return (
    <Form {...props}>
      {posts && companyId ? <input type="hidden" name={PAGE_COMPANY_FIELD} value={companyId} /> : null}
      {children}
    </Form>
  )
}

/** A download of the page's company (an export, a template): the link names it, so no other company's file comes. */
export function CompanyDownload({ href, ...props }: ComponentProps<'a'> & { href: string }) {
  return <a {...props} href={withPageCompany(href, usePageCompanyId())} download />
}
