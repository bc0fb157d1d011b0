import { Outlet, redirect } from 'react-router'
import type { Route } from './+types/_app'
import { AppFrame } from '~/components/shell/app-frame.tsx'
import { loadCompany } from '~/lib/company.server.ts'
import { commitSession, requireAuth } from '~/lib/session.server.ts'

/** The private area: the guard of spec §2, the company in session, and the app shell (side menu, header). */
export async function loader({ request }: Route.LoaderArgs) {
  const { user, session, token } = await requireAuth(request)
  const companyId = session.get('companyId')
  if (!companyId) return { user, company: null }
  const company = await loadCompany(request, token, companyId)
  if (!company) {
    // Removed from the company meanwhile: back to the personal environment, without it.
    session.unset('companyId')
    throw redirect('/personal-environment', { headers: { 'Set-Cookie': await commitSession(session) } })
  }
  return { user, company }
}

/**
 * With a company entered: side menu + header + padded routed view. Without one
 * (personal environment): the header only (app/components/shell).
 */
export default function AppShell({ loaderData }: Route.ComponentProps) {
  const { user, company } = loaderData
  return (
    <AppFrame user={user} company={company}>
      <Outlet />
    </AppFrame>
  )
}
