import { z } from 'zod'

/**
 * An API call as both sides see it: method, path, path/query/body schemas and the
 * answers. The server attaches its handler to it (server/api/contract.ts), the web
 * app calls it through one typed client (app/lib/api.server.ts), and the OpenAPI
 * document is generated from it. Shaped as @hono/zod-openapi's route config so the
 * server passes it on unchanged, but written with plain zod (`.meta()` carries the
 * OpenAPI id and example), so this folder stays free of server code.
 */
export type MediaContent = Record<string, { schema: z.ZodType }>

export type Endpoint = {
  method: 'get' | 'post' | 'put' | 'delete'
  /** OpenAPI style: `/api/myteam/{id}/getcargos`. */
  path: `/${string}`
  tags: string[]
  summary: string
  description?: string
  /** Present when the call needs a logged-in user's token. */
  security?: { bearerAuth: string[] }[]
  request?: {
    params?: z.ZodObject
    query?: z.ZodObject
    body?: { required: true; description?: string; content: MediaContent }
  }
  responses: Record<number, { description: string; content?: MediaContent }>
}

export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint

export const bearer = [{ bearerAuth: [] as string[] }]

export const MessageSchema = z.object({ message: z.string() }).meta({ id: 'Message' })
export const ValidationErrorSchema = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'ValidationError' })

export const jsonContent = <T extends z.ZodType>(schema: T, description: string) => ({
  content: { 'application/json': { schema } },
  description,
})

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true as const,
  content: { 'application/json': { schema } },
})

export const multipartBody = <T extends z.ZodType>(schema: T) => ({
  required: true as const,
  content: { 'multipart/form-data': { schema } },
})

export const errorResponses = {
  401: jsonContent(MessageSchema, 'Sem token válido'),
  422: jsonContent(ValidationErrorSchema, 'Dados inválidos'),
} as const

export const messageAnswer = (description: string) => jsonContent(MessageSchema, description)

type SuccessStatus = 200 | 201 | 202
type JsonSchemaOf<R> = R extends { content: { 'application/json': { schema: infer S extends z.ZodType } } } ? S : never

/** What a successful call answers, typed from its schema (204 and bodiless answers: an empty object). */
export type Answer<E extends Endpoint> = {
  [S in SuccessStatus & keyof E['responses']]: JsonSchemaOf<E['responses'][S]> extends never
    ? Record<string, never>
    : z.output<JsonSchemaOf<E['responses'][S]>>
}[SuccessStatus & keyof E['responses']]

type ParamsOf<E extends Endpoint> = E['request'] extends { params: infer P extends z.ZodObject } ? P : undefined
type QueryOf<E extends Endpoint> = E['request'] extends { query: infer Q extends z.ZodObject } ? Q : undefined
type BodyContentOf<E extends Endpoint> = E['request'] extends { body: { content: infer C } } ? C : undefined

/** Path parameters as the web app has them (numbers or text); the server's schema parses them. */
export type PathValues<E extends Endpoint> =
  ParamsOf<E> extends z.ZodObject ? { params: { [K in keyof z.output<ParamsOf<E>>]: string | number } } : { params?: undefined }

export type QueryValues<E extends Endpoint> =
  QueryOf<E> extends z.ZodObject ? { query?: { [K in keyof z.output<QueryOf<E>>]?: string | number | null } } : { query?: undefined }

export type BodyValues<E extends Endpoint> =
  BodyContentOf<E> extends { 'application/json': { schema: infer S extends z.ZodType } }
    ? { json: z.input<S> }
    : BodyContentOf<E> extends { 'multipart/form-data': unknown }
      ? { form: FormData }
      : BodyContentOf<E> extends { 'application/x-www-form-urlencoded': unknown }
        ? { form: URLSearchParams }
        : { json?: undefined; form?: undefined }

export type CallValues<E extends Endpoint> = PathValues<E> & QueryValues<E> & BodyValues<E>

/** `/api/x/{id}` with its values, relative to the API's base (`api/x/7`); each value encoded as one segment. */
export function endpointPath(endpoint: Endpoint, params: Record<string, string | number> | undefined, query?: Record<string, string | number | null | undefined>) {
  const path = endpoint.path.slice(1).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`Parâmetro ${name} ausente em ${endpoint.path}`)
    return encodeURIComponent(String(value))
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null && value !== '') search.set(key, String(value))
  const text = search.toString()
  return text ? `${path}?${text}` : path
}
