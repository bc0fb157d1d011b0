-- products.ofertas (decision 030): the conditions with a sellable line of the product, that is an active line
-- whose table is 'D' or that has a net price. Kept here, by statement triggers reading the transition tables,
-- so every writer (the API, imports, seeds, benchmarks, cascades) keeps it without knowing it. Each change
-- adds or removes condition ids on the product's current row (no recount from a snapshot), so two
-- transactions changing lines of the same product in different conditions cannot lose each other's id.
ALTER TABLE "products" ADD COLUMN "ofertas" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
UPDATE "products" p SET "ofertas" = a.conds
FROM (
  SELECT cp."product_id", array_agg(cp."condition_id" ORDER BY cp."condition_id") AS conds
  FROM "condition_products" cp JOIN "conditions" c ON c."id" = cp."condition_id"
  WHERE cp."ativo" AND (c."tipo_tabela" = 'D' OR cp."preco_liquido_centavos" IS NOT NULL)
  GROUP BY cp."product_id"
) a
WHERE p."id" = a."product_id";--> statement-breakpoint
CREATE FUNCTION market_offers_add(current integer[], added integer[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(DISTINCT x ORDER BY x), '{}') FROM unnest(current || added) x $$;--> statement-breakpoint
CREATE FUNCTION market_offers_remove(current integer[], removed integer[]) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM unnest(current) x WHERE x <> ALL (removed) $$;--> statement-breakpoint
-- Each function locks the products it changes in id order first: two imports into different conditions of one
-- seller touch the same products, and unordered row locks could deadlock them.
CREATE FUNCTION market_offers_apply(products_in integer[], conditions_in integer[], adding boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(products_in), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM products WHERE id = ANY (products_in) ORDER BY id FOR NO KEY UPDATE;
  UPDATE products p
  SET ofertas = CASE WHEN adding THEN market_offers_add(p.ofertas, a.conds) ELSE market_offers_remove(p.ofertas, a.conds) END
  FROM (SELECT u.product_id, array_agg(u.condition_id) AS conds FROM unnest(products_in, conditions_in) AS u(product_id, condition_id) GROUP BY u.product_id) a
  WHERE p.id = a.product_id;
END $$;--> statement-breakpoint
CREATE FUNCTION market_offers_lines_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE added_products integer[]; added_conditions integer[];
BEGIN
  SELECT array_agg(n.product_id), array_agg(n.condition_id) INTO added_products, added_conditions
  FROM new_lines n JOIN conditions c ON c.id = n.condition_id
  WHERE n.ativo AND (c.tipo_tabela = 'D' OR n.preco_liquido_centavos IS NOT NULL);
  PERFORM market_offers_apply(added_products, added_conditions, true);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION market_offers_lines_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE removed_products integer[]; removed_conditions integer[];
BEGIN
  SELECT array_agg(o.product_id), array_agg(o.condition_id) INTO removed_products, removed_conditions FROM old_lines o;
  PERFORM market_offers_apply(removed_products, removed_conditions, false);
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only the lines whose sellability (or condition and product) changed touch products: a price or discount edit
-- of a whole table writes no product row.
CREATE FUNCTION market_offers_lines_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE removed_products integer[]; removed_conditions integer[]; added_products integer[]; added_conditions integer[];
BEGIN
  WITH changed AS (
    SELECT o.condition_id AS old_condition, o.product_id AS old_product, n.condition_id AS new_condition, n.product_id AS new_product,
      o.ativo AND (oc.tipo_tabela = 'D' OR o.preco_liquido_centavos IS NOT NULL) AS was_sellable,
      n.ativo AND (nc.tipo_tabela = 'D' OR n.preco_liquido_centavos IS NOT NULL) AS is_sellable,
      o.condition_id <> n.condition_id OR o.product_id <> n.product_id AS moved
    FROM old_lines o JOIN new_lines n ON n.id = o.id
      JOIN conditions oc ON oc.id = o.condition_id JOIN conditions nc ON nc.id = n.condition_id
  )
  SELECT array_agg(old_product) FILTER (WHERE was_sellable AND (NOT is_sellable OR moved)),
         array_agg(old_condition) FILTER (WHERE was_sellable AND (NOT is_sellable OR moved)),
         array_agg(new_product) FILTER (WHERE is_sellable AND (NOT was_sellable OR moved)),
         array_agg(new_condition) FILTER (WHERE is_sellable AND (NOT was_sellable OR moved))
  INTO removed_products, removed_conditions, added_products, added_conditions
  FROM changed;
  PERFORM market_offers_apply(removed_products, removed_conditions, false);
  PERFORM market_offers_apply(added_products, added_conditions, true);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A table turned 'D' sells its active lines without a net price; turned 'L', no longer.
CREATE FUNCTION market_offers_table_type() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched integer[];
BEGIN
  SELECT array_agg(cp.product_id) INTO touched FROM condition_products cp
  WHERE cp.condition_id = NEW.id AND cp.ativo AND cp.preco_liquido_centavos IS NULL;
  PERFORM market_offers_apply(touched, array_fill(NEW.id, ARRAY[coalesce(cardinality(touched), 0)]), NEW.tipo_tabela = 'D');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER condition_products_offers_inserted AFTER INSERT ON condition_products
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION market_offers_lines_inserted();--> statement-breakpoint
CREATE TRIGGER condition_products_offers_deleted AFTER DELETE ON condition_products
  REFERENCING OLD TABLE AS old_lines FOR EACH STATEMENT EXECUTE FUNCTION market_offers_lines_deleted();--> statement-breakpoint
CREATE TRIGGER condition_products_offers_updated AFTER UPDATE ON condition_products
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION market_offers_lines_updated();--> statement-breakpoint
CREATE TRIGGER conditions_offers_table_type AFTER UPDATE OF tipo_tabela ON conditions
  FOR EACH ROW WHEN (OLD.tipo_tabela IS DISTINCT FROM NEW.tipo_tabela) EXECUTE FUNCTION market_offers_table_type();
