import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite'
import { types } from '@electric-sql/pglite'

/**
 * PGlite with its repeated statements prepared once (decision 036). PGlite's `query` parses and plans every
 * statement anew: for the company profile's statement that is two thirds of its 1.5 ms, paid on every company
 * screen, where node-postgres reuses a named statement planned once per connection. Here a statement sent a
 * second time is parsed once under a name of its own and then only bound and executed, as postgres.js and pgx
 * do by default, on the client and inside its transactions (PGlite's own `transaction`, which drizzle uses).
 * At most `max` are kept; the least recently used is closed.
 */
export function prepareRepeatedStatements(client: PGlite, { max = 256 } = {}) {
  /** Statement text → its name and parameter types, least recently used first. */
  const prepared = new Map<string, Statement>()
  /** Texts seen once, not yet prepared (bounded like `prepared`). */
  const seenOnce = new Set<string>()
  /** Statements to close with the next prepared execution: evicted, or left by a changed table. */
  const toClose: string[] = []
  let sequence = 0

  /** Whether to send this text prepared: from its second time on. */
  function repeated(text: string, options: QueryOptions | undefined) {
    if (options?.blob) return false
    if (prepared.has(text)) return true
    if (seenOnce.delete(text)) return true
    if (seenOnce.size >= max) seenOnce.delete(seenOnce.values().next().value!)
    seenOnce.add(text)
    return false
  }

  /** Runs under PGlite's query lock, taken by the caller. */
  async function runPrepared<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = prepared.get(text)
    if (!statement) {
      const name = `pglite_s${++sequence}`
      const { messages } = await client.execProtocol(frames(parseMessage(name, text, options?.paramTypes ?? []), describeStatement(name), SYNC), { syncToFs: false })
      const description = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined
      const rows = messages.find((m) => m.name === 'rowDescription') as Extract<Message, { name: 'rowDescription' }> | undefined
      statement = { name, paramTypes: description?.dataTypeIDs ?? [], fields: rows?.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) ?? [] }
      if (prepared.size >= max) {
        const [oldestText, oldest] = prepared.entries().next().value!
        prepared.delete(oldestText)
        toClose.push(oldest.name)
      }
    }
    prepared.delete(text)
    prepared.set(text, statement)
    const values = params.map((value, i) => serialize(client, options, statement.paramTypes[i], value))
    const closing = toClose.splice(0).map(closeMessage)
    // The statement's row description, kept from its preparation: describing the portal on every execution
    // cost about 40 % of a one-row read.
    const { messages } = await client.execProtocol(frames(...closing, bindMessage(statement.name, values), EXECUTE, SYNC), { syncToFs: false })
    return resultsOf<T>(statement.fields, messages as Message[], client.parsers, options)
  }

  /** A statement whose table changed columns under its plan (a migration while running) is prepared anew. */
  function forgetStale(error: unknown, text: string) {
    const stale = prepared.get(text)
    if ((error as { code?: string }).code !== '0A000' || !stale) return false
    prepared.delete(text)
    toClose.push(stale.name)
    return true
  }

  const withQuery = (error: unknown, text: string, params: unknown[], options: QueryOptions | undefined) =>
    Object.assign(error as object, { query: text, params, queryOptions: options })

  const unprepared = client.query.bind(client)
  client.query = async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (!repeated(text, options)) return unprepared<T>(text, params, options)
    await client._checkReady()
    try {
      return await client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          const results = await runPrepared<T>(text, params, options)
          await client.syncToFs()
          return results
        }),
      )
    } catch (error) {
      if (forgetStale(error, text)) return unprepared<T>(text, params, options)
      throw withQuery(error, text, params, options)
    }
  } as PGlite['query']

  const transaction = client.transaction.bind(client)
  client.transaction = function <R>(callback: (tx: Transaction) => Promise<R>) {
    return transaction((tx) => {
      const own = tx.query.bind(tx)
      // PGlite holds the transaction's lock around the callback; each statement takes the query lock, and the
      // files are written once, at the commit.
      tx.query = async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
        if (!repeated(text, options)) return own<T>(text, params, options)
        if (tx.closed) throw new Error('Transaction is closed')
        try {
          return await client._runExclusiveQuery(() => runPrepared<T>(text, params, options))
        } catch (error) {
          // Inside a transaction a refused statement has aborted it: no second try here.
          forgetStale(error, text)
          throw withQuery(error, text, params, options)
        }
      } as Transaction['query']
      return callback(tx)
    })
  }
  return client
}

type Field = { name: string; dataTypeID: number }
type Statement = { name: string; paramTypes: number[]; fields: Field[] }

type Message =
  | { name: 'rowDescription'; fields: Field[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: 'commandComplete'; text: string }
  | { name: string }

/** A parameter as PGlite's own query sends it: by the type the statement declares. */
function serialize(client: PGlite, options: QueryOptions | undefined, oid: number | undefined, value: unknown): string | null {
  if (value === null || value === undefined) return null
  const serializer = oid === undefined ? undefined : (options?.serializers?.[oid] ?? client.serializers[oid])
  return serializer ? serializer(value) : String(value)
}

/**
 * The one result set of an extended query, as PGlite's parseResults builds it (its parseType: the query's parser,
 * else the client's, else the default one, else the text), each field's parser looked up once. `fields` is the
 * statement's row description (none for a statement that returns no rows).
 */
function resultsOf<T>(fields: Field[], messages: Message[], clientParsers: Record<number | string, types.Parser>, options: QueryOptions | undefined): Results<T> {
  const parse = fields.map(({ dataTypeID: oid }) => options?.parsers?.[oid] ?? clientParsers[oid] ?? types.parsers[oid])
  const rows: unknown[] = []
  let affectedRows = 0
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const values = (message as Extract<Message, { name: 'dataRow' }>).fields
      const parsed = values.map((value, i) => (value === null ? null : parse[i] ? parse[i](value, fields[i].dataTypeID) : value))
      if (options?.rowMode === 'array') rows.push(parsed)
      else {
        const row: Record<string, unknown> = {}
        for (let i = 0; i < fields.length; i++) row[fields[i].name] = parsed[i]
        rows.push(row)
      }
    } else if (message.name === 'commandComplete') {
      const parts = (message as Extract<Message, { name: 'commandComplete' }>).text.split(' ')
      const count = Number.parseInt(parts[parts.length - 1], 10)
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(parts[0])) affectedRows += count
    }
  }
  return { rows: rows as T[], fields, affectedRows }
}

// The frontend messages of PostgreSQL's extended query protocol (protocol 3.0), text format throughout.
const encoder = new TextEncoder()

/** The parts one after another, in one buffer. */
function concat(parts: readonly (Uint8Array | number[])[]) {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** A message: its type's letter, its length (itself included), its parts. */
const message = (type: string, ...parts: (Uint8Array | number[])[]) => {
  const body = concat(parts)
  return concat([[type.charCodeAt(0)], int32(4 + body.length), body])
}

const cString = (text: string) => concat([encoder.encode(text), [0]])
const int16 = (n: number) => [(n >> 8) & 0xff, n & 0xff]
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]

const parseMessage = (name: string, text: string, paramTypes: number[]) => message('P', cString(name), cString(text), int16(paramTypes.length), paramTypes.flatMap(int32))
const describeStatement = (name: string) => message('D', ['S'.charCodeAt(0)], cString(name))
const closeMessage = (name: string) => message('C', ['S'.charCodeAt(0)], cString(name))

function bindMessage(name: string, values: (string | null)[]) {
  const params = values.flatMap((v) => {
    if (v === null) return [int32(-1)]
    const bytes = encoder.encode(v)
    return [int32(bytes.length), bytes]
  })
  // Unnamed portal; every parameter and result in text format.
  return message('B', cString(''), cString(name), int16(0), int16(values.length), ...params, int16(0))
}

const EXECUTE = message('E', cString(''), int32(0))
const SYNC = message('S')

/** Messages sent in one call into the engine. */
const frames = (...messages: Uint8Array[]) => concat(messages)
