import type pg from 'pg'

/**
 * `products` catalogue rows for `sellers` sellers (organizations 1..sellers), a seller's products stored together
 * as its import writes them; within a seller, every name, brand and category. The trigram index is built once
 * after the rows, as a bulk load would, not row by row.
 */
export async function insertProducts(raw: pg.Client, products: number, sellers: number) {
  const {
    rows: [{ indexdef }],
  } = await raw.query(`select indexdef from pg_indexes where indexname = 'products_org_busca_trgm_idx'`)
  await raw.query('drop index products_org_busca_trgm_idx')
  await raw.query(
    `insert into products (organization_id, ean, codigo, nome, marca, categoria, ncm, preco_centavos, unidade, embalagem, ativo, imposto)
     select least($2, 1 + (i - 1) / ($1 / $2)),
            lpad(i::text, 13, '0'),
            'P' || i,
            (array['Dipirona Sódica', 'Paracetamol', 'Sabão em Pó', 'Sabonete Glicerinado', 'Protetor Solar', 'Shampoo Anticaspa',
                   'Creme Dental', 'Fralda Infantil', 'Vitamina C', 'Hidratante Corporal', 'Ibuprofeno', 'Água Oxigenada'])[1 + (i * 7) % 12]
              || ' ' || (array['500 mg', '1 g', '200 ml', '90 g', 'FPS 50', '350 ml', 'M', 'G', '30 comprimidos'])[1 + (i * 13) % 9]
              || ' ' || i,
            (array['Medley', 'EMS', 'Granado', 'Nivea', 'Pampers', 'Colgate', 'Dove', 'Cimed', 'Eurofarma', 'Neo Química'])[1 + (i * 11) % 10],
            (array['Analgésicos', 'Higiene Pessoal', 'Dermocosméticos', 'Bebês', 'Vitaminas', 'Primeiros Socorros'])[1 + (i * 5) % 6],
            '30049099', 100 + (i * 37) % 100000, 'UN', 1 + i % 24, i % 17 <> 0, i % 5 = 0
     from generate_series(1, $1) i`,
    [products, sellers],
  )
  await raw.query(`set maintenance_work_mem = '512MB'`)
  await raw.query(indexdef)
}
