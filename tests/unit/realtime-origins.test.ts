import { describe, expect, it } from 'vitest'
import { realtimeOrigins } from '../../server/realtime/allowed-origins.ts'

describe('realtime origins', () => {
  it("a public APP_URL: its origin alone", () => {
    expect(realtimeOrigins('https://pedidos.example.com.br')).toEqual(['https://pedidos.example.com.br'])
    expect(realtimeOrigins('http://10.0.0.5:3000')).toEqual(['http://10.0.0.5:3000'])
  })

  it('the default, this machine: the same port under each loopback name', () => {
    expect(realtimeOrigins('http://localhost:3000')).toEqual(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'])
    expect(realtimeOrigins('http://127.0.0.1:8080/app')).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080'])
  })
})
