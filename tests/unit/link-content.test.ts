import { describe, expect, test } from 'vitest'
import { companyMessages as m } from '~/domain/organization/company-messages.ts'
import { linkContentProblem } from '~/domain/organization/link-content.ts'

describe('a visiting card link’s text, by its kind', () => {
  test('a site is an address, with or without its scheme', () => {
    for (const site of ['https://www.empresa.com.br', 'http://empresa.com.br/loja?x=1', 'empresa.com.br', 'loja.açaí.com.br', 'https://empresa.com.br:8443/a#b']) {
      expect(linkContentProblem('site', site), site).toBeNull()
    }
    for (const bad of ['javascript:alert(1)', 'empresa', 'https://', 'ftp://empresa.com.br', 'www empresa com br']) {
      expect(linkContentProblem('site', bad), bad).toBe(m.linkSiteInvalid)
    }
  })

  test('a WhatsApp is a number with its area code, 55 allowed in front', () => {
    for (const phone of ['11999998888', '(11) 99999-8888', '+55 11 99999-8888', '1133334444', '5511999998888']) {
      expect(linkContentProblem('whatsapp', phone), phone).toBeNull()
    }
    for (const bad of ['abc', '99999-8888', '11 9999 8888 77 66', 'wa.me/11999998888', '44 11 99999-8888']) {
      expect(linkContentProblem('whatsapp', bad), bad).toBe(m.linkWhatsappInvalid)
    }
  })

  test('the other kinds take a handle or any text', () => {
    expect(linkContentProblem('instagram', '@empresa')).toBeNull()
    expect(linkContentProblem('outro', 'Loja no shopping, piso 2')).toBeNull()
  })
})
