-- The brand and category filters of the catalogue and of a condition's products (bench/condition-products):
-- without them a filter walks the seller's whole name index.
CREATE INDEX "products_org_marca_idx" ON "products" USING btree ("organization_id","marca");--> statement-breakpoint
CREATE INDEX "products_org_categoria_idx" ON "products" USING btree ("organization_id","categoria");