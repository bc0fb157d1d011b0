import type { MenuModal } from '~/lib/menu.ts'
import type { OrgTypeCode } from '~/domain/organization/org-types.ts'
import { trialBanner } from '~/domain/organization/trial.ts'
import { overdueHref, overdueText } from './counter-names.ts'

/** What the header notices read from the company in session. */
export type NoticeCompany = {
  tipo: OrgTypeCode
  msg_atraso: number
  /** msg_atraso per chat tab (B, F): the notice opens the tab where they wait. */
  msg_atraso_tipos?: { B: number; F: number }
  condicoes_restritas: number
  trial_days: number
}

export type HeaderNotice =
  | { key: 'overdue'; text: string; href: string; tone: 'warning' }
  | { key: 'restricted'; text: string; modal: MenuModal; tone: 'danger' }
  | { key: 'trial'; text: string; modal: MenuModal; tone: 'info' }

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * The header shows overdue messages (msg_atraso > 0, to the chat tab where they wait), the
 * restricted-conditions notice (condicoes_restritas > 0, to the 'Condições Suspensas' modal, which
 * leads on to the plans) and the
 * trial countdown of type f (app/domain/organization/trial.ts, which also opens the plans modal).
 */
export function headerNotices(company: NoticeCompany): HeaderNotice[] {
  const notices: HeaderNotice[] = []
  if (company.msg_atraso > 0) {
    notices.push({
      key: 'overdue',
      text: overdueText(company.msg_atraso),
      href: overdueHref(company.msg_atraso_tipos),
      tone: 'warning',
    })
  }
  if (company.condicoes_restritas > 0) {
    notices.push({
      key: 'restricted',
      text: plural(company.condicoes_restritas, 'condição suspensa', 'condições suspensas'),
      modal: 'condicoes-suspensas',
      tone: 'danger',
    })
  }
  const trial = trialBanner(company)
  if (trial) notices.push({ key: 'trial', text: trial.text, modal: 'planos', tone: 'info' })
  return notices
}
