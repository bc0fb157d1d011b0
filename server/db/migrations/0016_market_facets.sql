CREATE TABLE "buyer_market_facets" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"marcas" text[] DEFAULT '{}'::text[] NOT NULL,
	"categorias" text[] DEFAULT '{}'::text[] NOT NULL,
	"verticais" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fresh_until" timestamp with time zone,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_market_facets" ADD CONSTRAINT "buyer_market_facets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organizations_bandeira_idx" ON "organizations" USING btree ("bandeira_id");--> statement-breakpoint
-- The market's facets kept per organization (decision 047): a row for every organization, created with it, and
-- marked stale by statement triggers (reading the transition tables) in the transaction of every write that may
-- change what an organization may buy (server/api/market/offers.ts) or what its offered products are
-- (products.ofertas, marca, categoria, ativo). Every writer keeps them without knowing of them: the API, imports,
-- seeds, benchmarks, cascades. The read recomputes a stale row (server/api/market/facets.ts).
INSERT INTO "buyer_market_facets" ("organization_id") SELECT "id" FROM "organizations";--> statement-breakpoint
-- Rows this transaction already wrote (marked, or created stale) are left alone: an import of many statements marks
-- each buyer once. The rest are locked in id order first, so two writers marking overlapping buyers cannot deadlock
-- here.
CREATE FUNCTION market_facets_stale(buyers integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(cardinality(buyers), 0) = 0 THEN RETURN; END IF;
  PERFORM 1 FROM buyer_market_facets
  WHERE organization_id = ANY (buyers) AND xmin <> pg_current_xact_id()::xid ORDER BY organization_id FOR NO KEY UPDATE;
  UPDATE buyer_market_facets SET version = version + 1, fresh_until = NULL
  WHERE organization_id = ANY (buyers) AND xmin <> pg_current_xact_id()::xid;
END $$;--> statement-breakpoint
-- The units of these flags: whom a listing or a blacklisting of a flag reaches.
CREATE FUNCTION market_flag_units(flags integer[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(u.id) FROM organizations u WHERE u.bandeira_id = ANY (flags)
$$;--> statement-breakpoint
-- Every organization some buyer list of these conditions names (the seller's, each OL's), blocked or not.
CREATE FUNCTION market_condition_buyers(condition_ids integer[]) RETURNS integer[] LANGUAGE sql STABLE AS $$
  SELECT array_agg(DISTINCT b) FROM (
    SELECT cu.customer_org_id FROM condition_buyers cb JOIN customers cu ON cu.id = cb.customer_id
    WHERE cb.condition_id = ANY (condition_ids) AND cu.customer_org_id IS NOT NULL
    UNION ALL
    SELECT u.id FROM condition_buyers cb JOIN organizations u ON u.bandeira_id = cb.bandeira_id
    WHERE cb.condition_id = ANY (condition_ids)
  ) x(b)
$$;--> statement-breakpoint
-- One function per table serves its insert, update and delete triggers (a trigger with transition tables has one
-- event); each branch reads only the transition tables its event has.
CREATE FUNCTION market_facets_organizations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO buyer_market_facets (organization_id) SELECT id FROM new_rows;
    RETURN NULL;
  END IF;
  -- A unit joining or leaving a flag; a seller's plan, trial or vertical (which its buyers' facets show).
  PERFORM market_facets_stale(array(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.bandeira_id IS DISTINCT FROM n.bandeira_id));
  PERFORM market_facets_stale(market_condition_buyers(array(
    SELECT c.id FROM conditions c WHERE c.organization_id IN (
      SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.plano, o.trial_started_at, o.vertical_id) IS DISTINCT FROM (n.plano, n.trial_started_at, n.vertical_id)))));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A condition deleted takes its buyer lists along, whose own triggers mark their buyers; new ones list nobody yet.
CREATE FUNCTION market_facets_conditions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_facets_stale(market_condition_buyers(array(
    SELECT n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.ativo, o.visivel, o.inicio, o.fim, o.organization_id) IS DISTINCT FROM (n.ativo, n.visivel, n.inicio, n.fim, n.organization_id))));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION market_facets_condition_buyers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE customer_ids integer[] := '{}'; flag_ids integer[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT customer_ids || array_agg(customer_id) FILTER (WHERE customer_id IS NOT NULL), flag_ids || array_agg(bandeira_id) FILTER (WHERE bandeira_id IS NOT NULL)
    INTO customer_ids, flag_ids FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT customer_ids || array_agg(customer_id) FILTER (WHERE customer_id IS NOT NULL), flag_ids || array_agg(bandeira_id) FILTER (WHERE bandeira_id IS NOT NULL)
    INTO customer_ids, flag_ids FROM old_rows;
  END IF;
  PERFORM market_facets_stale(
    array(SELECT cu.customer_org_id FROM customers cu WHERE cu.id = ANY (customer_ids) AND cu.customer_org_id IS NOT NULL) || market_flag_units(flag_ids));
  RETURN NULL;
END $$;--> statement-breakpoint
-- An OL added (a mirror lists at once), accepted, refused or mirroring another: every buyer of the condition (its
-- lists and mirrors). An OL removed takes its list along, whose triggers mark, and unsets its mirrors (an update).
CREATE FUNCTION market_facets_condition_partners() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE condition_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(condition_id) INTO condition_ids FROM new_rows;
  ELSE
    SELECT array_agg(o.condition_id) || array_agg(n.condition_id) INTO condition_ids FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.condition_id, o.partner_id, o.status, o.espelho_de) IS DISTINCT FROM (n.condition_id, n.partner_id, n.status, n.espelho_de);
  END IF;
  PERFORM market_facets_stale(market_condition_buyers(condition_ids));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A customer record: its organization (listed through it, or blocked by its seller).
CREATE FUNCTION market_facets_customers() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE buyers integer[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(customer_org_id) INTO buyers FROM new_rows WHERE customer_org_id IS NOT NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(customer_org_id) INTO buyers FROM old_rows WHERE customer_org_id IS NOT NULL;
  ELSE
    SELECT array_agg(o.customer_org_id) FILTER (WHERE o.customer_org_id IS NOT NULL) || array_agg(n.customer_org_id) FILTER (WHERE n.customer_org_id IS NOT NULL)
    INTO buyers FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.customer_org_id, o.bloqueado, o.seller_id) IS DISTINCT FROM (n.customer_org_id, n.bloqueado, n.seller_id);
  END IF;
  PERFORM market_facets_stale(buyers);
  RETURN NULL;
END $$;--> statement-breakpoint
-- A blacklist entry: the unit ('C'), or every unit of the flag ('B').
CREATE FUNCTION market_facets_ol_blacklist() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE units integer[] := '{}'; flags integer[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT units || array_agg(buyer_id) FILTER (WHERE tipo = 'C'), flags || array_agg(buyer_id) FILTER (WHERE tipo = 'B') INTO units, flags FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT units || array_agg(buyer_id) FILTER (WHERE tipo = 'C'), flags || array_agg(buyer_id) FILTER (WHERE tipo = 'B') INTO units, flags FROM old_rows;
  END IF;
  PERFORM market_facets_stale(units || market_flag_units(flags));
  RETURN NULL;
END $$;--> statement-breakpoint
-- A product reaches the market only through its sellable lines (products.ofertas, kept by migration 0011's triggers)
-- and cannot be deleted while it has lines: only updates count, for the buyers of its conditions before and after.
CREATE FUNCTION market_facets_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM market_facets_stale(market_condition_buyers(array(
    SELECT DISTINCT x FROM old_rows o JOIN new_rows n ON n.id = o.id, unnest(o.ofertas || n.ofertas) x
    WHERE (o.ativo, o.marca, o.categoria, o.ofertas, o.organization_id) IS DISTINCT FROM (n.ativo, n.marca, n.categoria, n.ofertas, n.organization_id))));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER organizations_market_facets_inserted AFTER INSERT ON organizations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_organizations();--> statement-breakpoint
CREATE TRIGGER organizations_market_facets_updated AFTER UPDATE ON organizations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_organizations();--> statement-breakpoint
CREATE TRIGGER conditions_market_facets_updated AFTER UPDATE ON conditions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_conditions();--> statement-breakpoint
CREATE TRIGGER condition_buyers_market_facets_inserted AFTER INSERT ON condition_buyers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_condition_buyers();--> statement-breakpoint
CREATE TRIGGER condition_buyers_market_facets_updated AFTER UPDATE ON condition_buyers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_condition_buyers();--> statement-breakpoint
CREATE TRIGGER condition_buyers_market_facets_deleted AFTER DELETE ON condition_buyers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_condition_buyers();--> statement-breakpoint
CREATE TRIGGER condition_partners_market_facets_inserted AFTER INSERT ON condition_partners
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_condition_partners();--> statement-breakpoint
CREATE TRIGGER condition_partners_market_facets_updated AFTER UPDATE ON condition_partners
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_condition_partners();--> statement-breakpoint
CREATE TRIGGER customers_market_facets_inserted AFTER INSERT ON customers
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_customers();--> statement-breakpoint
CREATE TRIGGER customers_market_facets_updated AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_customers();--> statement-breakpoint
CREATE TRIGGER customers_market_facets_deleted AFTER DELETE ON customers
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_customers();--> statement-breakpoint
CREATE TRIGGER ol_blacklist_market_facets_inserted AFTER INSERT ON ol_blacklist
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_ol_blacklist();--> statement-breakpoint
CREATE TRIGGER ol_blacklist_market_facets_updated AFTER UPDATE ON ol_blacklist
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_ol_blacklist();--> statement-breakpoint
CREATE TRIGGER ol_blacklist_market_facets_deleted AFTER DELETE ON ol_blacklist
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_ol_blacklist();--> statement-breakpoint
CREATE TRIGGER products_market_facets_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION market_facets_products();
