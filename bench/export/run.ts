import { Readable, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import type { ProductRow } from '../../app/domain/catalog/product-sheet.ts'
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags.mjs'

// Export of 100,000 products as a streamed xlsx (server/spreadsheets/writer.ts), read from
// PostgreSQL page by page: `npm run bench:export`. Time and peak RSS; see bench/import/README.md.

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    'postgres-url': { type: 'string', default: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    phase: { type: 'string' },
    url: { type: 'string' },
  },
})

const peakRssMb = () => Math.round(process.resourceUsage().maxRSS / 1024)
const PAGE = 2_000

/** Phase run in a process of its own: the export as a handler would answer it, the body read to the end. */
async function exportAll(url: string) {
  const { openDatabase } = await import('../../server/db/client.ts')
  const { products } = await import('../../server/db/schema/index.ts')
  const { sheetResponse } = await import('../../server/spreadsheets/writer.ts')
  const { productSheet } = await import('../../app/domain/catalog/product-sheet.ts')
  const { and, asc, eq, gt } = await import('drizzle-orm')
  const database = await openDatabase({ url })
  const db = database.db
  const [{ organizationId }] = await db.select({ organizationId: products.organizationId }).from(products).limit(1)
  // Keyset pages: never the whole table in memory, each page one indexed query.
  async function* rows(): AsyncGenerator<ProductRow> {
    let after = 0
    for (;;) {
      const page = await db
        .select()
        .from(products)
        .where(and(eq(products.organizationId, organizationId), gt(products.id, after)))
        .orderBy(asc(products.id))
        .limit(PAGE)
      for (const p of page) yield { ean: p.ean, codigo: p.codigo, nome: p.nome, marca: p.marca, categoria: p.categoria, ncm: p.ncm, preco_centavos: p.precoCentavos, unidade: p.unidade, embalagem: p.embalagem, ativo: p.ativo, imposto: p.imposto }
      if (page.length < PAGE) return
      after = page[page.length - 1].id
    }
  }
  const before = peakRssMb()
  const started = performance.now()
  const res = sheetResponse(productSheet, rows())
  let bytes = 0
  await pipeline(Readable.fromWeb(res.body as never), new Writable({ write(chunk, _encoding, done) { bytes += chunk.length; done() } }))
  const ms = performance.now() - started
  await database.close()
  return { ms, bytes, startRssMb: before, peakRssMb: peakRssMb() }
}

if (args.phase === 'export') {
  console.log(JSON.stringify(await exportAll(args.url!)))
} else {
  const rows = Number(args.rows)
  const admin = new pg.Client({ connectionString: args['postgres-url'] })
  const name = `bench_export_${process.pid}`
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
    const target = new URL(args['postgres-url'])
    target.pathname = `/${name}`
    const { openDatabase } = await import('../../server/db/client.ts')
    const { benchProduct } = await import('../import/products.ts')
    const { organizations } = await import('../../server/db/schema/index.ts')
    const { sql } = await import('drizzle-orm')
    const database = await openDatabase({ url: target.toString() })
    const [org] = await database.db.insert(organizations).values({ nome: 'Distribuidora Bench', razaoSocial: 'Bench Ltda', tipo: 'f', cnpj: '11222333000181', active: true }).returning()
    for (let from = 1; from <= rows; from += 10_000) {
      const batch = Array.from({ length: Math.min(10_000, rows - from + 1) }, (_, i) => benchProduct(from + i))
      const column = <K extends keyof ProductRow>(key: K) => sql.param(batch.map((p) => p[key]))
      await database.db.execute(sql`
        insert into products (organization_id, ean, codigo, nome, marca, categoria, ncm, preco_centavos, unidade, embalagem)
        select ${org.id}, * from unnest(${column('ean')}::text[], ${column('codigo')}::text[], ${column('nome')}::text[], ${column('marca')}::text[],
          ${column('categoria')}::text[], ${column('ncm')}::text[], ${column('preco_centavos')}::int[], ${column('unidade')}::text[], ${column('embalagem')}::int[])`)
    }
    await database.close()
    console.log(`${rows.toLocaleString('pt-BR')} produtos gravados no PostgreSQL.`)
    const { compiledBench } = await import('../shared/compiled.ts')
    const compiled = await compiledBench(import.meta.filename)
    let run: Awaited<ReturnType<typeof exportAll>>
    try {
      run = compiled.phase('export', ['--url', target.toString()], SERVER_NODE_FLAGS)
    } finally {
      await compiled.dispose()
    }
    console.log(
      `Exportação: ${(run.ms / 1000).toFixed(2)} s, ${(run.bytes / 1024 / 1024).toFixed(1)} MB de xlsx, RSS de pico ${run.peakRssMb} MB (${run.startRssMb} MB ao começar)`,
    )
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`).catch(() => {})
    await admin.end()
  }
}
