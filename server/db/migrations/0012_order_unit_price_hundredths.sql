-- Orders sent before decision 033 kept only the unit price rounded to the centavo: that is their exact one.
ALTER TABLE "order_items" ADD COLUMN "preco_unitario_centesimos" bigint;--> statement-breakpoint
UPDATE "order_items" SET "preco_unitario_centesimos" = "preco_unitario_centavos"::bigint * 100;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "preco_unitario_centesimos" SET NOT NULL;
