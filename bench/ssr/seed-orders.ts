// The orders scenario of bench/ssr/run.ts (`--orders`): Distribuidora Sol of the demo data with a long history,
// made in SQL (generate_series) because enviaPedido at 100,000 orders would take longer than the measure.
// Rows are what enviaPedido writes (decisions 025 and 028): the order, its lines, its first history row (and the
// status change's, for orders no longer 'A'), and order_counters recomputed from the orders, as kept on write.

/** The search term of the filtered view: part of a quarter of the buyers' names, in another case, without accent. */
export const ORDERS_SEARCH = 'farmacia'

/**
 * The scripts to run in turn: pglite's exec and node-postgres's simple query both run several statements, but
 * VACUUM runs alone (node-postgres sends a script as one implicit transaction). Vacuumed as autovacuum would
 * in time, so counts read the index alone, as they would on a database in use.
 */
export function ordersSeedSql(count: number, buyers: number) {
  const load = `
begin;
create temporary table bench_ids on commit drop as
select (select id from organizations where nome = 'Distribuidora Sol') as seller,
       (select id from organizations where nome = 'Logística Express') as ol,
       (select id from users where email = 'ana@distribuidorasol.com.br') as ana,
       (select id from conditions c where c.organization_id = (select id from organizations where nome = 'Distribuidora Sol') order by id limit 1) as cond;
alter table bench_ids add column cond_nome text;
update bench_ids set cond_nome = (select nome from conditions where id = cond);

-- The buyers: retailers on the platform, each one of Sol's customers.
create temporary table bench_buyers on commit drop as
with made as (
  insert into organizations (tipo, nome, razao_social, cnpj, cidade, uf, active)
  select 'v',
         (array['Farmácia', 'Drogaria', 'Empório', 'Mercado'])[1 + b % 4] || ' ' || (array['Boa Saúde', 'Vida', 'São João', 'Popular', 'Central', 'do Povo'])[1 + (b / 4) % 6] || ' ' || b,
         'Bench Varejo ' || b || ' Ltda', 'BENCH' || lpad(b::text, 9, '0'), 'Campinas', 'SP', true
  from generate_series(1, ${buyers}) b
  returning id, nome, cnpj
)
select row_number() over (order by id) as n, id, nome, cnpj from made;
insert into customers (seller_id, cnpj, nome, customer_org_id)
select (select seller from bench_ids), cnpj, nome, id from bench_buyers;

create temporary table bench_products on commit drop as
select row_number() over (order by id) as n, id, nome, ean, codigo, marca, unidade, greatest(preco_centavos, 100) as preco
from products where organization_id = (select seller from bench_ids) order by id limit 40;

-- Three lines per order: quantity and product from the order's number, so lines and totals agree.
create temporary table bench_lines on commit drop as
select i, k, p.id as product_id, p.nome, p.ean, p.codigo, p.marca, p.unidade, p.preco, 1 + (i + k) % 5 as q
from generate_series(1, ${count}) i
cross join generate_series(1, 3) k
join bench_products p on p.n = 1 + (i * 3 + k) % (select count(*) from bench_products);

-- Oldest first, ten minutes apart; one in ten still 'A', then F, Q, N; one in ten through the OL; every status
-- spread over all the buyers.
create temporary table bench_orders on commit drop as
select i,
       bb.id as buyer_id,
       case when i % 10 = 0 then 'A' when i % 10 = 1 then 'Q' when i % 10 = 2 then 'N' else 'F' end as status,
       case when i % 10 = 5 then (select ol from bench_ids) end as ol_id,
       now() - (${count} - i) * interval '10 minutes' as created_at
from generate_series(1, ${count}) i
join bench_buyers bb on bb.n = 1 + (i * 7 + i / 10) % ${buyers};
create index on bench_orders (i);
create index on bench_lines (i);
analyze bench_orders;
analyze bench_lines;

create temporary table bench_made on commit drop as
with made as (
  insert into orders (buyer_id, seller_id, ol_id, condition_id, user_id, chave, status, condicao_nome, pagamento_nome, pagamento_prazo_dias,
                      quantidade_total, subtotal_centavos, total_centavos, total_faturado_centavos, created_at, updated_at)
  select o.buyer_id, b.seller, o.ol_id, b.cond, null, 'bench-' || o.i, o.status, b.cond_nome, 'Boleto 28 dias', 28,
         t.q, t.total, t.total, case when o.status = 'Q' then t.total - t.first_line end, o.created_at, o.created_at
  from bench_orders o
  cross join bench_ids b
  join (select i, sum(q)::int as q, sum(q * preco)::int as total, sum(case when k = 1 then preco else 0 end)::int as first_line
        from bench_lines group by i) t on t.i = o.i
  order by o.i
  returning id, chave, status, buyer_id, created_at
)
select substr(chave, 7)::int as i, id, status, buyer_id, created_at from made;
create index on bench_made (i);

insert into order_items (order_id, product_id, nome, ean, codigo, marca, unidade, quantidade, quantidade_faturada,
                         preco_lista_centavos, preco_unitario_centavos, preco_unitario_centesimos, total_centavos)
select m.id, l.product_id, l.nome, l.ean, l.codigo, l.marca, l.unidade, l.q,
       case when m.status = 'Q' then l.q - (l.k = 1)::int end, l.preco, l.preco, l.preco * 100, l.q * l.preco
from bench_lines l join bench_made m on m.i = l.i;

insert into order_status_history (order_id, de, para, user_id, organization_id, created_at)
select id, null, 'A', null, buyer_id, created_at from bench_made
union all
select id, 'A', status, (select ana from bench_ids), (select seller from bench_ids), created_at + interval '1 hour' from bench_made where status <> 'A';

-- The counters as enviaPedido and updateStatus keep them: per party (buyer, seller, OL) and status.
delete from order_counters;
insert into order_counters (organization_id, status, total)
select org, status, count(*)::int from (
  select buyer_id as org, status from orders
  union all select seller_id, status from orders
  union all select ol_id, status from orders where ol_id is not null
) parties group by org, status;
commit;
`
  return [load, ...['organizations', 'customers', 'orders', 'order_items', 'order_status_history', 'order_counters'].map((t) => `vacuum analyze ${t}`)]
}
