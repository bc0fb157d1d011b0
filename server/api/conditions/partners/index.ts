import type { Api, Deps } from '../../http.ts'
import { registerBlacklistCalls } from './blacklist.ts'
import { registerMirrorCalls } from './mirror.ts'
import { registerPartnerCalls } from './partners.ts'

/** A condition's OLs, each OL's blacklist and the mirror between OLs (app/domain/conditions/partners-contract.ts). */
export function registerConditionPartners(app: Api, deps: Deps) {
  registerPartnerCalls(app, deps)
  registerBlacklistCalls(app, deps)
  registerMirrorCalls(app, deps)
}
