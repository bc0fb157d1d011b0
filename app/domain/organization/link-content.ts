import { companyMessages } from './company-messages.ts'

// Apart from link-types.ts, which the visiting card shown in every company screen reads: only the forms'
// schemas (loaded after hydration, decision 032) and the API check a link's text.
/** A site's address, with or without its scheme: 'https://www.empresa.com.br', 'empresa.com.br/loja'. */
const SITE = /^(https?:\/\/)?[\p{L}\d-]+(\.[\p{L}\d-]+)+(:\d{1,5})?([/?#]\S*)?$/iu

/**
 * What is wrong with a link's text for its kind, or null: a site is an address (so its link opens it, and
 * 'javascript:…' is refused), a WhatsApp a Brazilian number with its area code (55 allowed in front); the
 * other kinds take a handle or any text.
 */
export function linkContentProblem(type: string, content: string): string | null {
  if (type === 'site') return SITE.test(content) ? null : companyMessages.linkSiteInvalid
  if (type === 'whatsapp') {
    const digits = content.replace(/\D/g, '')
    const ok = /^[\d\s()+.-]+$/.test(content) && (digits.length === 10 || digits.length === 11 || ((digits.length === 12 || digits.length === 13) && digits.startsWith('55')))
    return ok ? null : companyMessages.linkWhatsappInvalid
  }
  return null
}
