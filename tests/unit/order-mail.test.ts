import { describe, expect, it } from 'vitest'
import { newOrderMail, type OrderMailData } from '../../server/mail/order-templates.ts'

const order: OrderMailData = {
  id: 3,
  comprador: 'Farmácia Central',
  vendedor: 'Distribuidora Sol',
  condicao: 'Tabela Líquida Rede',
  pagamento: 'Tokenbase à vista',
  subtotalCentavos: 68_269,
  tokenbase: null,
  totalCentavos: 68_269,
  itens: [{ nome: 'Dipirona 500 mg', unidade: 'CX', quantidade: 3, precoUnitarioCentesimos: 1_000_000, totalCentavos: 30_000 }],
}

describe('the new order mail', () => {
  it('says what takes the subtotal to the total when a tokenbase option was chosen', () => {
    const mail = newOrderMail('pedidos@sol.com.br', { ...order, tokenbase: { percent: '8.2', valor: 5_612 }, totalCentavos: 62_657 }, 'http://localhost:3000')
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('Subtotal R$ 682,69; Tokenbase 8,2% (− R$ 56,12); total R$ 626,57.')
  })
  it('a formula that adds says + instead of − -R$, and quantities are grouped', () => {
    const big = { ...order, itens: [{ ...order.itens[0], quantidade: 1000, totalCentavos: 1_000_000_000 }] }
    const mail = newOrderMail('pedidos@sol.com.br', { ...big, tokenbase: { percent: '-3.88143', valor: -351_077 }, totalCentavos: 68_269 + 351_077 }, 'http://localhost:3000')
    const text = mail.text.replace(/\u00a0/g, ' ')
    expect(text).toContain('Tokenbase -3,88143% (+ R$ 3.510,77); total R$ 4.193,46.')
    expect(text).toContain('1.000 CX Dipirona 500 mg ×')
  })
  it('without one, subtotal and total only', () => {
    const mail = newOrderMail('pedidos@sol.com.br', order, 'http://localhost:3000')
    expect(mail.text.replace(/\u00a0/g, ' ')).toContain('Subtotal R$ 682,69; total R$ 682,69.')
    expect(mail.text).not.toContain('Tokenbase 8')
  })
})
