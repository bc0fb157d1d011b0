import { describe, expect, it } from 'vitest'
import { newOrderMail, type OrderMailData } from '../../server/mail/order-templates.ts'

const order: OrderMailData = {
  id: 3,
  comprador: 'Farmácia Central',
  vendedor: 'Distribuidora Sol',
  condicao: 'Tabela Líquida Rede',
  ol: null,
  pagamento: { nome: 'Tokenbase à vista', prazoDias: 0 },
  subtotalCentavos: 68_269,
  tokenbase: null,
  totalCentavos: 68_269,
  itens: [{ nome: 'Dipirona 500 mg', unidade: 'CX', quantidade: 3, precoUnitarioCentesimos: 1_000_000, totalCentavos: 30_000 }],
}

describe('the new order mail', () => {
  it('says what takes the subtotal to the total when a tokenbase option was chosen', () => {
    const mail = newOrderMail('pedidos@sol.com.br', { ...order, tokenbase: { token: null, percent: '8.2', valor: 5_612 }, totalCentavos: 62_657 }, 'http://localhost:3000')
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('Subtotal R$ 682,69; Tokenbase 8,2% (− R$ 56,12); total R$ 626,57.')
  })
  it('a formula that adds says + instead of − -R$, and quantities are grouped', () => {
    const big = { ...order, itens: [{ ...order.itens[0], quantidade: 1000, totalCentavos: 1_000_000_000 }] }
    const mail = newOrderMail('pedidos@sol.com.br', { ...big, tokenbase: { token: null, percent: '-3.88143', valor: -351_077 }, totalCentavos: 68_269 + 351_077 }, 'http://localhost:3000')
    const text = mail.text.replace(/\u00a0/g, ' ')
    expect(text).toContain('Tokenbase -3,88143% (+ R$ 3.510,77); total R$ 4.193,46.')
    expect(text).toContain('1.000 CX Dipirona 500 mg ×')
  })
  it('names the OL, the term with its days, the tokenbase code; the text part speaks of links, the HTML of buttons', () => {
    const mail = newOrderMail(
      'pedidos@logistica.com.br',
      { ...order, ol: 'Logística Express', pagamento: { nome: 'Boleto', prazoDias: 28 }, tokenbase: { token: 'SOL-TOKEN-2026', percent: '8.2', valor: 5_612 }, totalCentavos: 62_657 },
      'http://localhost:3000',
    )
    expect(mail.text).toContain('Pedido feito por meio do OL Logística Express.')
    expect(mail.text).toContain('Forma de pagamento: Boleto (28 dias).')
    expect(mail.text).toContain('Código Tokenbase: SOL-TOKEN-2026.')
    expect(mail.text).toContain('abra um dos links abaixo')
    expect(mail.text).not.toContain('botões')
    expect(mail.html).toContain('use um dos botões abaixo')
    // A term whose name says its days is not followed by them again.
    expect(newOrderMail('a@b.com.br', order, 'http://localhost:3000').text).toContain('Forma de pagamento: Tokenbase à vista.')
  })
  it('without one, subtotal and total only', () => {
    const mail = newOrderMail('pedidos@sol.com.br', order, 'http://localhost:3000')
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('Subtotal R$ 682,69; total R$ 682,69.')
    expect(mail.text).not.toContain('Tokenbase 8')
  })
})
