CREATE TABLE "checkout_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantidade" integer NOT NULL,
	"preco_visto_centavos" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_items_quantidade_check" CHECK ("checkout_items"."quantidade" >= 1),
	CONSTRAINT "checkout_items_preco_check" CHECK ("checkout_items"."preco_visto_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"condition_id" integer NOT NULL,
	"condition_partner_id" integer,
	"payment_term_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_counters" (
	"organization_id" integer NOT NULL,
	"status" char(1) NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counters_organization_id_status_pk" PRIMARY KEY("organization_id","status"),
	CONSTRAINT "order_counters_status_check" CHECK ("order_counters"."status" in ('A', 'F', 'N', 'Q'))
);
--> statement-breakpoint
CREATE TABLE "order_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"nome" text NOT NULL,
	"ean" char(13),
	"codigo" text,
	"marca" text,
	"unidade" text NOT NULL,
	"quantidade" integer NOT NULL,
	"quantidade_faturada" integer,
	"preco_lista_centavos" integer NOT NULL,
	"preco_unitario_centavos" integer NOT NULL,
	"total_centavos" integer NOT NULL,
	"regra_nome" text,
	"regra_desconto" numeric(7, 4),
	CONSTRAINT "order_items_quantidade_check" CHECK ("order_items"."quantidade" >= 1 and ("order_items"."quantidade_faturada" is null or ("order_items"."quantidade_faturada" >= 0 and "order_items"."quantidade_faturada" <= "order_items"."quantidade")))
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"de" char(1),
	"para" char(1) NOT NULL,
	"user_id" integer,
	"organization_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"buyer_id" integer NOT NULL,
	"seller_id" integer NOT NULL,
	"ol_id" integer,
	"condition_id" integer NOT NULL,
	"condition_partner_id" integer,
	"user_id" integer,
	"chave" text NOT NULL,
	"status" char(1) DEFAULT 'A' NOT NULL,
	"condicao_nome" text NOT NULL,
	"payment_term_id" integer,
	"pagamento_nome" text,
	"pagamento_prazo_dias" integer,
	"tokenbase" jsonb,
	"quantidade_total" integer NOT NULL,
	"subtotal_centavos" integer NOT NULL,
	"total_centavos" integer NOT NULL,
	"total_faturado_centavos" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('A', 'F', 'N', 'Q')),
	CONSTRAINT "orders_totals_check" CHECK ("orders"."subtotal_centavos" >= 0 and "orders"."total_centavos" >= 0 and "orders"."quantidade_total" >= 1)
);
--> statement-breakpoint
CREATE TABLE "pre_checkout_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantidade" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pre_checkout_items_quantidade_check" CHECK ("pre_checkout_items"."quantidade" >= 1)
);
--> statement-breakpoint
CREATE TABLE "product_favorites" (
	"organization_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_favorites_organization_id_product_id_pk" PRIMARY KEY("organization_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "checkout_items" ADD CONSTRAINT "checkout_items_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_items" ADD CONSTRAINT "checkout_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_condition_id_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_condition_partner_id_condition_partners_id_fk" FOREIGN KEY ("condition_partner_id") REFERENCES "public"."condition_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_payment_term_id_condition_payment_terms_id_fk" FOREIGN KEY ("payment_term_id") REFERENCES "public"."condition_payment_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_counters" ADD CONSTRAINT "order_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_emails" ADD CONSTRAINT "order_emails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_organizations_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_organizations_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_ol_id_organizations_id_fk" FOREIGN KEY ("ol_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_condition_id_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."conditions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_condition_partner_id_condition_partners_id_fk" FOREIGN KEY ("condition_partner_id") REFERENCES "public"."condition_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_term_id_condition_payment_terms_id_fk" FOREIGN KEY ("payment_term_id") REFERENCES "public"."condition_payment_terms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_checkout_items" ADD CONSTRAINT "pre_checkout_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_checkout_items" ADD CONSTRAINT "pre_checkout_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_checkout_items" ADD CONSTRAINT "pre_checkout_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_favorites" ADD CONSTRAINT "product_favorites_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_favorites" ADD CONSTRAINT "product_favorites_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_items_checkout_product_unique" ON "checkout_items" USING btree ("checkout_id","product_id");--> statement-breakpoint
CREATE INDEX "checkout_items_product_idx" ON "checkout_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_owner_offer_unique" ON "checkouts" USING btree ("organization_id","user_id","condition_id",coalesce("condition_partner_id", 0));--> statement-breakpoint
CREATE INDEX "checkouts_condition_idx" ON "checkouts" USING btree ("condition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_emails_org_email_unique" ON "order_emails" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_product_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_buyer_chave_unique" ON "orders" USING btree ("buyer_id","chave");--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_status_created_idx" ON "orders" USING btree ("seller_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_buyer_created_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_buyer_status_created_idx" ON "orders" USING btree ("buyer_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_ol_created_idx" ON "orders" USING btree ("ol_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "orders"."ol_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_condition_idx" ON "orders" USING btree ("condition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_checkout_items_owner_product_unique" ON "pre_checkout_items" USING btree ("organization_id","user_id","product_id");--> statement-breakpoint
CREATE INDEX "pre_checkout_items_product_idx" ON "pre_checkout_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_favorites_product_idx" ON "product_favorites" USING btree ("product_id");