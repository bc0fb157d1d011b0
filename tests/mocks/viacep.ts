import { delay, http, HttpResponse } from 'msw'

/**
 * ViaCEP, the postal-code service the API calls through CEP_API_URL. The default
 * handlers answer like the real one (including its `{"erro": "true"}` for a CEP that
 * does not exist); the others make it fail in each way the API must survive.
 */
export const VIACEP_URL = 'https://viacep.com.br/ws'

export const VIACEP_ADDRESSES: Record<string, Record<string, string>> = {
  '01310100': {
    cep: '01310-100',
    logradouro: 'Avenida Paulista',
    complemento: 'de 612 a 1510 - lado par',
    unidade: '',
    bairro: 'Bela Vista',
    localidade: 'São Paulo',
    uf: 'SP',
    estado: 'São Paulo',
    regiao: 'Sudeste',
    ibge: '3550308',
    gia: '1004',
    ddd: '11',
    siafi: '7107',
  },
  '66010000': {
    cep: '66010-000',
    logradouro: 'Rua João Alfredo',
    complemento: '',
    unidade: '',
    bairro: 'Campina',
    localidade: 'Belém',
    uf: 'PA',
    estado: 'Pará',
    regiao: 'Norte',
    ibge: '1501402',
    gia: '',
    ddd: '91',
    siafi: '0427',
  },
  // A single-CEP town: no street, no district.
  '13330000': {
    cep: '13330-000',
    logradouro: '',
    complemento: '',
    unidade: '',
    bairro: '',
    localidade: 'Indaiatuba',
    uf: 'SP',
    estado: 'São Paulo',
    regiao: 'Sudeste',
    ibge: '3520509',
    gia: '3530',
    ddd: '19',
    siafi: '6511',
  },
}

const handler = (base: string) =>
  http.get(`${base}/:cep/json/`, ({ params }) => {
    const cep = String(params.cep)
    // The real service answers 400 with an HTML page for a malformed CEP.
    if (!/^\d{8}$/.test(cep)) return new HttpResponse('<h1>Http 400</h1>', { status: 400, headers: { 'content-type': 'text/html' } })
    return HttpResponse.json(VIACEP_ADDRESSES[cep] ?? { erro: 'true' })
  })

/** Like the real service, at its public address or at another base (CEP_API_URL). */
export const viaCepHandlers = [handler(VIACEP_URL)]
export const viaCepAt = (base: string) => [handler(base.replace(/\/$/, ''))]

/** The connection fails (DNS, refused, reset). */
export const viaCepDown = [http.get(`${VIACEP_URL}/*`, () => HttpResponse.error())]

/** The service answers, but with an error page. */
export const viaCepServerError = [http.get(`${VIACEP_URL}/*`, () => new HttpResponse('<html>Bad Gateway</html>', { status: 502 }))]

/** 200 with something that is not the expected JSON. */
export const viaCepGarbage = [http.get(`${VIACEP_URL}/*`, () => HttpResponse.json({ mensagem: 'serviço em manutenção' }))]

/** The service takes `ms` to answer: longer than the API waits. */
export const viaCepSlow = (ms = 2_000) => [
  http.get(`${VIACEP_URL}/*`, async () => {
    await delay(ms)
    return HttpResponse.json(VIACEP_ADDRESSES['01310100'])
  }),
]
