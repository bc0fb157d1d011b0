import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { PAGE_COMPANY_FIELD, PAGE_COMPANY_HEADER, pageCompanyHeaders, withPageCompany } from '~/lib/page-company.ts'
import { claimedByScript, pageCompanyClaim, rememberFormClaim } from '~/lib/page-company.server.ts'

const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
  new Request('http://loja.test/market', { method: 'POST', body: new URLSearchParams(fields), headers })

describe('the company a request says its page shows (decision 048)', () => {
  it("a form's hidden field, read from a copy: the action still reads the whole form", async () => {
    const request = post({ [PAGE_COMPANY_FIELD]: '12', intent: 'add' })
    expect(await pageCompanyClaim(request)).toBe('12')
    expect(Object.fromEntries(await request.formData())).toEqual({ [PAGE_COMPANY_FIELD]: '12', intent: 'add' })
    expect(claimedByScript(request)).toBe(false)
  })

  it('the form guard\'s reading when the action has read its body first', async () => {
    const request = post({ [PAGE_COMPANY_FIELD]: '7' })
    rememberFormClaim(request, await request.clone().formData())
    await request.formData()
    expect(await pageCompanyClaim(request)).toBe('7')
  })

  it('a post without the field, as a form of a public page sends it, names none', async () => {
    expect(await pageCompanyClaim(post({ email: 'a@b.com' }))).toBeNull()
  })

  it("the header of the layer's and the island's requests, before anything else", async () => {
    const request = post({ [PAGE_COMPANY_FIELD]: '7' }, { [PAGE_COMPANY_HEADER]: '12' })
    expect(await pageCompanyClaim(request)).toBe('12')
    expect(claimedByScript(request)).toBe(true)
    expect(await pageCompanyClaim(new Request('http://loja.test/cabecalho/contadores', { headers: pageCompanyHeaders(3, { accept: 'application/json' }) }))).toBe('3')
  })

  it("a download link's query; a page opened by its address names none", async () => {
    expect(await pageCompanyClaim(new Request(`http://loja.test${withPageCompany('/planilhas/exportar/produtos', 5)}`))).toBe('5')
    expect(await pageCompanyClaim(new Request('http://loja.test/market?q=dipirona'))).toBeNull()
  })

  it('the links and headers say nothing when the page shows no company', () => {
    expect(withPageCompany('/planilhas/modelo/produtos', null)).toBe('/planilhas/modelo/produtos')
    expect(withPageCompany('/planilhas/importacao/3?pagina=%2Fproducts', 9)).toBe(`/planilhas/importacao/3?pagina=%2Fproducts&${PAGE_COMPANY_FIELD}=9`)
    expect(pageCompanyHeaders(null, { accept: 'text/html' }).has(PAGE_COMPANY_HEADER)).toBe(false)
  })
})

describe('the forms of the company layout', () => {
  const root = path.resolve(import.meta.dirname, '../..')
  /** Pages outside the company layout: their posts act for no company. */
  const PUBLIC = ['app/routes/login.tsx', 'app/routes/signup.tsx', 'app/routes/forgot-password.tsx', 'app/routes/reset-password.tsx', 'app/routes/login-new.tsx', 'app/routes/team-invite.tsx']

  it("post through CompanyForm, never React Router's Form, which would not say the page's company", () => {
    const files = ['app/components', 'app/routes'].flatMap((dir) =>
      readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.tsx'))
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
    )
    const usingForm = files.filter((file) => /import\s*\{[^}]*\bForm\b[^}]*\}\s*from\s*'react-router'/.test(readFileSync(path.join(root, file), 'utf8')))
    expect(usingForm.filter((file) => !PUBLIC.includes(file) && file !== 'app/components/company-form.tsx')).toEqual([])
  })
})
