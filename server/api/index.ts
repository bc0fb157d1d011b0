import { registerCepLookup } from './address/cep.ts'
import { registerStatesAndCities } from './address/states-cities.ts'
import { registerCsrf } from './auth/csrf.ts'
import { registerInvites } from './auth/invites.ts'
import { registerLogin } from './auth/login.ts'
import { registerLogout } from './auth/logout.ts'
import { registerPasswordReset } from './auth/password-reset.ts'
import { registerProfile } from './auth/profile.ts'
import { registerRegister } from './auth/register.ts'
import { registerBroadcastingAuth } from './broadcasting/auth.ts'
import { registerChatChannels } from './chat/channels.ts'
import { registerChatMessages } from './chat/messages.ts'
import { registerCheckout } from './checkout/index.ts'
import { registerConditions } from './conditions/index.ts'
import { registerCustomers } from './customers/index.ts'
import { registerMarketCalls } from './market/index.ts'
import { createApiApp, type Deps } from './http.ts'
import { registerOrders } from './orders/index.ts'
import { registerCompanyEmails } from './plans/company-emails.ts'
import { registerInvoices } from './plans/invoices.ts'
import { registerPlans } from './plans/index.ts'
import { registerVirtualStore } from './virtual-store/index.ts'
import { rateLimits, rateLimitStore } from './rate-limits/index.ts'
import { registerCnpjCheck } from './organizations/cnpj-check.ts'
import { registerCompanyEdit } from './organizations/company-edit.ts'
import { registerCompanyProfile } from './organizations/company-profile.ts'
import { registerCreateOrganization } from './organizations/create.ts'
import { registerFeedback } from './organizations/feedback.ts'
import { registerFlag } from './organizations/flag.ts'
import { registerLogging } from './organizations/logging.ts'
import { registerOrgProfile } from './organizations/org-profile.ts'
import { registerPartnerInvites } from './organizations/partner-invites.ts'
import { registerTokenbase } from './organizations/tokenbase.ts'
import { registerVerification } from './organizations/verify.ts'
import { registerVerticals } from './organizations/verticals.ts'
import { registerVisitingCard } from './organizations/visiting-card.ts'
import { registerSpreadsheets } from './spreadsheets/index.ts'
import { registerTeam } from './team/index.ts'
import { registerProducts } from './products/index.ts'

/** The whole API, as one Hono app; `fetch` is what the web app calls in-process. */
export function createApi(deps: Deps) {
  const app = createApiApp()
  // Before every call: Hono runs handlers in the order they were registered.
  app.use('*', rateLimits(deps.config, deps.rateLimitStore ?? rateLimitStore(deps.config)))
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'Token Sanctum `id|segredo` devolvido por /api/login',
  })

  registerCsrf(app)
  registerLogin(app, deps)
  registerLogout(app, deps)
  registerRegister(app, deps)
  registerPasswordReset(app, deps)
  registerProfile(app, deps)
  registerInvites(app, deps)
  registerOrgProfile(app, deps)
  registerCompanyProfile(app, deps)
  registerCompanyEdit(app, deps)
  registerVisitingCard(app, deps)
  registerFlag(app, deps)
  registerTokenbase(app, deps)
  registerPartnerInvites(app, deps)
  registerLogging(app, deps)
  registerFeedback(app, deps)
  registerVerticals(app, deps)
  registerCnpjCheck(app, deps)
  registerCreateOrganization(app, deps)
  registerVerification(app, deps)
  registerStatesAndCities(app, deps)
  registerCepLookup(app, deps)
  registerTeam(app, deps)
  registerBroadcastingAuth(app, deps)
  registerChatChannels(app, deps)
  registerChatMessages(app, deps)
  registerProducts(app, deps)
  registerCustomers(app, deps)
  registerConditions(app, deps)
  registerSpreadsheets(app, deps)
  registerOrders(app, deps)
  registerMarketCalls(app, deps)
  registerCheckout(app, deps)
  registerPlans(app, deps)
  registerVirtualStore(app, deps)
  registerInvoices(app, deps)
  registerCompanyEmails(app, deps)

  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'API da plataforma de pedidos B2B',
      version: '1.0.0',
      description: 'Contrato no estilo Laravel: erros 422 `{message, errors}`, listas paginadas `data, current_page, last_page, per_page, total`.',
    },
  })
  return app
}
