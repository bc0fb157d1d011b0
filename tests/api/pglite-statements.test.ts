import { PGlite, types, type Transaction } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { prepareRepeatedStatements } from '../../server/db/pglite-statements.ts'

// PGlite's repeated statements prepared once (server/db/pglite-statements.ts, decision 036): every answer must be
// the one PGlite's own `query` gives, so each case runs on a plain PGlite beside the prepared one.
let plain: PGlite
let prepared: PGlite

const setUp = `
  create table things (id serial primary key, name text not null unique, price numeric(12, 2), active boolean,
    tags text[], counts int[], data jsonb, born date, seen timestamptz);
  insert into things (name, price, active, tags, counts, data, born, seen) values
    ('Sabão', 12.5, true, '{a,"b c"}', '{1,2}', '{"x": [1, "dois"]}', '2026-02-28', '2026-11-26 10:00:00-03'),
    ('Nulo', null, null, null, null, null, null, null);`

beforeAll(async () => {
  plain = new PGlite()
  prepared = prepareRepeatedStatements(new PGlite(), { max: 4 })
  await plain.exec(setUp)
  await prepared.exec(setUp)
})

afterAll(async () => {
  await plain.close()
  await prepared.close()
})

/** drizzle's options for its typed queries (drizzle-orm/pglite): rows as arrays, dates left as text. */
const drizzleOptions = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v, [types.DATE]: (v: string) => v } }

async function both(text: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]) {
  const expected = await plain.query(text, params, options)
  // The first run goes PGlite's way and the next ones prepared: all three must agree.
  const answers = [await prepared.query(text, params, options), await prepared.query(text, params, options), await prepared.query(text, params, options)]
  for (const answer of answers) {
    expect(answer.rows).toEqual(expected.rows)
    expect(answer.fields).toEqual(expected.fields)
    expect(answer.affectedRows).toEqual(expected.affectedRows)
  }
  return answers[2]
}

describe('a repeated statement answers as PGlite’s own query does', () => {
  test('every column type, as objects and as drizzle’s arrays, with and without parameters', async () => {
    const all = await both('select * from things order by id')
    expect(all.rows).toHaveLength(2)
    await both('select * from things where id = $1 and name = $2', [1, 'Sabão'])
    await both('select * from things where id = $1', [2], drizzleOptions)
    await both('select $1::numeric + 1 as n, $2::text[] as list, $3::jsonb as doc, $4::timestamptz as at, $5::int as none', [
      '1.25',
      ['x', 'y, z'],
      { a: 1 },
      new Date('2026-01-02T03:04:05Z'),
      null,
    ])
  })

  test('writes say how many rows they touched', async () => {
    const updated = await both('update things set active = $1 where price is not null and active = active', [true])
    expect(updated.affectedRows).toBe(1)
  })

  test('the oldest statements are closed past the limit', async () => {
    for (let i = 0; i < 10; i++) {
      await prepared.query(`select ${i} as n where $1::int > 0`, [1])
      await prepared.query(`select ${i} as n where $1::int > 0`, [1])
    }
    const open = await prepared.query<{ count: number }>('select count(*)::int as count from pg_prepared_statements')
    expect(open.rows[0].count).toBeLessThanOrEqual(4)
    expect(open.rows[0].count).toBeGreaterThan(0)
  })
})

describe('errors and concurrency', () => {
  test('a refused statement throws PostgreSQL’s error, and the next statement works', async () => {
    const insert = 'insert into things (name) values ($1)'
    await prepared.query(insert, ['Único'])
    const error = await prepared.query(insert, ['Único']).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: '23505', constraint: 'things_name_key', query: insert })
    const bad = 'select $1::int as n'
    await prepared.query(bad, [1])
    await expect(prepared.query(bad, ['x'])).rejects.toMatchObject({ code: '22P02' })
    expect((await prepared.query(bad, [7])).rows).toEqual([{ n: 7 }])
  })

  test('a table whose columns changed under a kept statement is read anew', async () => {
    await prepared.exec('create table shape (a int); insert into shape values (1)')
    await prepared.query('select * from shape')
    expect((await prepared.query('select * from shape')).rows).toEqual([{ a: 1 }])
    await prepared.exec('alter table shape add column b text')
    expect((await prepared.query('select * from shape')).rows).toEqual([{ a: 1, b: null }])
    expect((await prepared.query('select * from shape')).rows).toEqual([{ a: 1, b: null }])
  })

  test('statements sent together, and beside a transaction, each get their own answer', async () => {
    const text = 'select $1::int * 2 as n'
    const transaction = prepared.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['Na transação'])
      await tx.query('insert into things (name) values ($1)', ['Na transação 2'])
    })
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => prepared.query<{ n: number }>(text, [i])))
    await transaction
    expect(answers.map((a) => a.rows[0].n)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2))
    const names = await prepared.query<{ name: string }>("select name from things where name like 'Na transação%' order by name")
    expect(names.rows.map((r) => r.name)).toEqual(['Na transação', 'Na transação 2'])
  })

  test('inside transactions: prepared statements serve them, a refused one rolls its transaction back, and a closed transaction refuses more', async () => {
    const insert = 'insert into things (name, price) values ($1, $2) returning id, price'
    const inserted: unknown[] = []
    await prepared.transaction(async (tx) => {
      for (const i of [1, 2, 3]) inserted.push((await tx.query(insert, [`Lote ${i}`, `${i}.10`])).rows[0])
    })
    expect(inserted.map((r) => (r as { price: string }).price)).toEqual(['1.10', '2.10', '3.10'])
    const refused = prepared.transaction(async (tx) => {
      await tx.query(insert, ['Desfeito', '9.99'])
      await tx.query(insert, ['Lote 1', '1.00'])
    })
    await expect(refused).rejects.toMatchObject({ code: '23505' })
    const kept = await prepared.query<{ name: string }>("select name from things where name like 'Lote %' or name = 'Desfeito' order by name")
    expect(kept.rows.map((r) => r.name)).toEqual(['Lote 1', 'Lote 2', 'Lote 3'])
    let leaked: Transaction | undefined
    await prepared.transaction(async (tx) => void (leaked = tx))
    await expect(leaked!.query(insert, ['Depois', '1.00'])).rejects.toThrow('Transaction is closed')
  })
})
