import { delay, http, HttpResponse } from 'msw'

/**
 * IBGE's localities API (states and municipalities), as the API calls it through
 * IBGE_API_URL. The default handlers answer like the real service; the others make
 * it fail in each way the API must survive.
 */
export const IBGE_URL = 'https://servicodados.ibge.gov.br/api/v1/localidades'

const region = (id: number, sigla: string, nome: string) => ({ id, sigla, nome })
const N = region(1, 'N', 'Norte')
const NE = region(2, 'NE', 'Nordeste')
const SE = region(3, 'SE', 'Sudeste')
const S = region(4, 'S', 'Sul')
const CO = region(5, 'CO', 'Centro-Oeste')

/** The 27 UFs with IBGE's codes, deliberately not in alphabetical order. */
export const IBGE_STATES = [
  { id: 35, sigla: 'SP', nome: 'São Paulo', regiao: SE },
  { id: 11, sigla: 'RO', nome: 'Rondônia', regiao: N },
  { id: 12, sigla: 'AC', nome: 'Acre', regiao: N },
  { id: 13, sigla: 'AM', nome: 'Amazonas', regiao: N },
  { id: 14, sigla: 'RR', nome: 'Roraima', regiao: N },
  { id: 15, sigla: 'PA', nome: 'Pará', regiao: N },
  { id: 16, sigla: 'AP', nome: 'Amapá', regiao: N },
  { id: 17, sigla: 'TO', nome: 'Tocantins', regiao: N },
  { id: 21, sigla: 'MA', nome: 'Maranhão', regiao: NE },
  { id: 22, sigla: 'PI', nome: 'Piauí', regiao: NE },
  { id: 23, sigla: 'CE', nome: 'Ceará', regiao: NE },
  { id: 24, sigla: 'RN', nome: 'Rio Grande do Norte', regiao: NE },
  { id: 25, sigla: 'PB', nome: 'Paraíba', regiao: NE },
  { id: 26, sigla: 'PE', nome: 'Pernambuco', regiao: NE },
  { id: 27, sigla: 'AL', nome: 'Alagoas', regiao: NE },
  { id: 28, sigla: 'SE', nome: 'Sergipe', regiao: NE },
  { id: 29, sigla: 'BA', nome: 'Bahia', regiao: NE },
  { id: 31, sigla: 'MG', nome: 'Minas Gerais', regiao: SE },
  { id: 32, sigla: 'ES', nome: 'Espírito Santo', regiao: SE },
  { id: 33, sigla: 'RJ', nome: 'Rio de Janeiro', regiao: SE },
  { id: 41, sigla: 'PR', nome: 'Paraná', regiao: S },
  { id: 42, sigla: 'SC', nome: 'Santa Catarina', regiao: S },
  { id: 43, sigla: 'RS', nome: 'Rio Grande do Sul', regiao: S },
  { id: 50, sigla: 'MS', nome: 'Mato Grosso do Sul', regiao: CO },
  { id: 51, sigla: 'MT', nome: 'Mato Grosso', regiao: CO },
  { id: 52, sigla: 'GO', nome: 'Goiás', regiao: CO },
  { id: 53, sigla: 'DF', nome: 'Distrito Federal', regiao: CO },
]

/** A few municipalities per UF, with the nesting IBGE sends (which the API drops). */
const municipality = (id: number, nome: string) => ({ id, nome, microrregiao: { id: 0, nome: '—' } })
export const IBGE_CITIES: Record<string, { id: number; nome: string }[]> = {
  SP: [
    municipality(3550308, 'São Paulo'),
    municipality(3509502, 'Campinas'),
    municipality(3548708, 'São Bernardo do Campo'),
    municipality(3500105, 'Adamantina'),
  ],
  PA: [municipality(1501402, 'Belém'), municipality(1500107, 'Abaetetuba')],
  DF: [municipality(5300108, 'Brasília')],
}

/** Like the real service. */
export const ibgeHandlers = [
  http.get(`${IBGE_URL}/estados`, () => HttpResponse.json(IBGE_STATES)),
  // IBGE answers an empty list for a UF it does not know.
  http.get(`${IBGE_URL}/estados/:uf/municipios`, ({ params }) => HttpResponse.json(IBGE_CITIES[String(params.uf).toUpperCase()] ?? [])),
]

/** The connection fails (DNS, refused, reset). */
export const ibgeDown = [http.get(`${IBGE_URL}/*`, () => HttpResponse.error())]

/** The service answers, but with an error page. */
export const ibgeServerError = [http.get(`${IBGE_URL}/*`, () => new HttpResponse('<html>Erro interno</html>', { status: 500 }))]

/** 200 with something that is not the expected JSON. */
export const ibgeGarbage = [http.get(`${IBGE_URL}/*`, () => new HttpResponse('<html>manutenção</html>', { status: 200 }))]

/** The service takes `ms` to answer: longer than the API waits. */
export const ibgeSlow = (ms = 2_000) => [
  http.get(`${IBGE_URL}/*`, async () => {
    await delay(ms)
    return HttpResponse.json(IBGE_STATES)
  }),
]
