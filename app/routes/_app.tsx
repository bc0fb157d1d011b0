import { Form, Link, Outlet, redirect } from 'react-router'
import type { Route } from './+types/_app'
import { loadCompany } from '~/lib/company.server.ts'
import { commitSession, requireAuth } from '~/lib/session.server.ts'

/** The private area: the guard of spec §2, the company in session, and the header with the user menu. */
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

export default function AppShell({ loaderData }: Route.ComponentProps) {
  const { user, company } = loaderData
  return (
    <div className="app">
      <header className="app-header">
        <Link to="/personal-environment" className="brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>{' '}
          Pedidos B2B
        </Link>
        {company ? <span className="header-company">{company.nome}</span> : null}
        <details className="user-menu">
          <summary aria-label={`Menu do usuário ${user.nome}`}>
            <span className="avatar" aria-hidden="true">
              {user.avatar ? <img src={user.avatar} alt="" /> : user.nome.slice(0, 1).toUpperCase()}
            </span>
            <span className="user-name">{user.nome}</span>
          </summary>
          <ul className="menu" role="list">
            <li>
              <Link to="/profile">Perfil</Link>
            </li>
            <li>
              <button type="button" className="link-button">
                Ajuda
              </button>
            </li>
            <li>
              <Form method="post" action="/logout">
                <button type="submit" className="link-button">
                  Logout
                </button>
              </Form>
            </li>
          </ul>
        </details>
      </header>
      <main className="app-content">
        <Outlet />
      </main>
    </div>
  )
}
