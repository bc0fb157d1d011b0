/**
 * Reading /api/openapi.json for the tests that cover every call without a list (completeness,
 * bad input, isolation): its operations, their request-body examples and the schemas behind them.
 */
export type Operation = { key: string; method: string; path: string; op: any }

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

/** Every operation of the document: "METHOD /path" with its object, in document order. */
export function operationsOf(doc: any): Operation[] {
  const ops: Operation[] = []
  for (const [path, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const method of METHODS) if (item[method]) ops.push({ key: `${method.toUpperCase()} ${path}`, method, path, op: item[method] })
  }
  return ops
}

/** A schema, or the component it references. */
export function resolveSchema(doc: any, schema: any): any {
  if (schema?.$ref) return doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]
  return schema
}

/** The example of a request body: on the media type, on the schema, or on the component it references. */
export function exampleOf(doc: any, media: any): any {
  if (media.example !== undefined) return media.example
  const named = media.examples && Object.values<any>(media.examples)[0]?.value
  if (named !== undefined) return named
  if (media.schema?.example !== undefined) return media.schema.example
  return resolveSchema(doc, media.schema)?.example
}

/** The names of a multipart body's file fields. */
export function binaryFields(doc: any, media: any): Set<string> {
  const properties = resolveSchema(doc, media.schema)?.properties ?? {}
  return new Set(Object.entries<any>(properties).filter(([, s]) => s.format === 'binary').map(([k]) => k))
}
