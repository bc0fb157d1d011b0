-- Commercial conditions (docs/decisions/019-conditions.md): the condition, its products (product
-- deletes RESTRICTed), OLs, buyers (a customer or a whole flag, per OL), sellers, payment terms, rules, and
-- each OL's blacklist.
CREATE TABLE "condition_buyers" (
	"id" serial PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"condition_partner_id" integer,
	"customer_id" integer,
	"bandeira_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_buyers_one_check" CHECK (("condition_buyers"."customer_id" is null) <> ("condition_buyers"."bandeira_id" is null))
);
--> statement-breakpoint
CREATE TABLE "condition_partners" (
	"id" serial PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"partner_id" integer NOT NULL,
	"desconto_extra" numeric(7, 4) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pendente' NOT NULL,
	"operador" boolean DEFAULT false NOT NULL,
	"espelho_de" integer,
	"respondido_em" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_partners_status_check" CHECK ("condition_partners"."status" in ('pendente', 'aceito', 'recusado')),
	CONSTRAINT "condition_partners_desconto_check" CHECK ("condition_partners"."desconto_extra" >= 0 and "condition_partners"."desconto_extra" <= 100)
);
--> statement-breakpoint
CREATE TABLE "condition_payment_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"nome" text NOT NULL,
	"prazo_dias" integer DEFAULT 0 NOT NULL,
	"minimo_centavos" integer DEFAULT 0 NOT NULL,
	"formula" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_payment_terms_values_check" CHECK ("condition_payment_terms"."prazo_dias" >= 0 and "condition_payment_terms"."minimo_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "condition_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"desconto" numeric(7, 4) DEFAULT '0' NOT NULL,
	"preco_liquido_centavos" integer,
	"qtd_min" integer DEFAULT 1 NOT NULL,
	"qtd_max" integer,
	"multiplo" integer DEFAULT 1 NOT NULL,
	"imposto" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_products_desconto_check" CHECK ("condition_products"."desconto" >= 0 and "condition_products"."desconto" <= 100),
	CONSTRAINT "condition_products_preco_check" CHECK ("condition_products"."preco_liquido_centavos" is null or "condition_products"."preco_liquido_centavos" >= 0),
	CONSTRAINT "condition_products_qtd_check" CHECK ("condition_products"."qtd_min" >= 1 and "condition_products"."multiplo" >= 1 and ("condition_products"."qtd_max" is null or "condition_products"."qtd_max" >= "condition_products"."qtd_min"))
);
--> statement-breakpoint
CREATE TABLE "condition_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"condition_partner_id" integer,
	"nome" text NOT NULL,
	"tipo" char(1) NOT NULL,
	"marca" text,
	"categoria" text,
	"product_id" integer,
	"minimo" integer NOT NULL,
	"desconto" numeric(7, 4) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_rules_tipo_check" CHECK ("condition_rules"."tipo" in ('Q', 'V', 'M')),
	CONSTRAINT "condition_rules_values_check" CHECK ("condition_rules"."minimo" >= 1 and "condition_rules"."desconto" > 0 and "condition_rules"."desconto" <= 100)
);
--> statement-breakpoint
CREATE TABLE "condition_sellers" (
	"id" serial PRIMARY KEY NOT NULL,
	"condition_id" integer NOT NULL,
	"user_id" integer,
	"cargo_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "condition_sellers_one_check" CHECK (("condition_sellers"."user_id" is null) <> ("condition_sellers"."cargo_id" is null))
);
--> statement-breakpoint
CREATE TABLE "conditions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"nome" text NOT NULL,
	"tipo_tabela" char(1) DEFAULT 'D' NOT NULL,
	"inicio" date,
	"fim" date,
	"ativo" boolean DEFAULT true NOT NULL,
	"visivel" boolean DEFAULT true NOT NULL,
	"minimo_valor_centavos" integer DEFAULT 0 NOT NULL,
	"minimo_quantidade" integer DEFAULT 0 NOT NULL,
	"colunas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"busca" text GENERATED ALWAYS AS (f_unaccent(lower(nome))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conditions_tipo_tabela_check" CHECK ("conditions"."tipo_tabela" in ('D', 'L')),
	CONSTRAINT "conditions_vigencia_check" CHECK ("conditions"."fim" is null or "conditions"."inicio" is null or "conditions"."fim" >= "conditions"."inicio"),
	CONSTRAINT "conditions_minimos_check" CHECK ("conditions"."minimo_valor_centavos" >= 0 and "conditions"."minimo_quantidade" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ol_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"ol_id" integer NOT NULL,
	"buyer_id" integer NOT NULL,
	"tipo" char(1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ol_blacklist_tipo_check" CHECK ("ol_blacklist"."tipo" in ('C', 'B'))
);
--> statement-breakpoint
ALTER TABLE "condition_buyers" ADD CONSTRAINT "condition_buyers_condition_id_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_buyers" ADD CONSTRAINT "condition_buyers_condition_partner_id_condition_partners_id_fk" FOREIGN KEY ("condition_partner_id") REFERENCES "public"."condition_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_buyers" ADD CONSTRAINT "condition_buyers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_buyers" ADD CONSTRAINT "condition_buyers_bandeira_id_organizations_id_fk" FOREIGN KEY ("bandeira_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_partners" ADD CONSTRAINT "condition_partners_condition_id_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_partners" ADD CONSTRAINT "condition_partners_partner_id_organizations_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_partners" ADD CONSTRAINT "condition_partners_espelho_de_condition_partners_id_fk" FOREIGN KEY ("espelho_de") REFERENCES "public"."condition_partners"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_payment_terms" ADD CONSTRAINT "condition_payment_terms_condition_id_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_products" ADD CONSTRAINT "condition_products_condition_id_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_products" ADD CONSTRAINT "condition_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_rules" ADD CONSTRAINT "condition_rules_condition_id_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_rules" ADD CONSTRAINT "condition_rules_condition_partner_id_condition_partners_id_fk" FOREIGN KEY ("condition_partner_id") REFERENCES "public"."condition_partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_rules" ADD CONSTRAINT "condition_rules_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_sellers" ADD CONSTRAINT "condition_sellers_condition_id_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."conditions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_sellers" ADD CONSTRAINT "condition_sellers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_sellers" ADD CONSTRAINT "condition_sellers_cargo_id_cargos_id_fk" FOREIGN KEY ("cargo_id") REFERENCES "public"."cargos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conditions" ADD CONSTRAINT "conditions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ol_blacklist" ADD CONSTRAINT "ol_blacklist_ol_id_organizations_id_fk" FOREIGN KEY ("ol_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ol_blacklist" ADD CONSTRAINT "ol_blacklist_buyer_id_organizations_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "condition_buyers_customer_unique" ON "condition_buyers" USING btree ("condition_id",coalesce("condition_partner_id", 0),"customer_id") WHERE "condition_buyers"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "condition_buyers_bandeira_unique" ON "condition_buyers" USING btree ("condition_id",coalesce("condition_partner_id", 0),"bandeira_id") WHERE "condition_buyers"."bandeira_id" is not null;--> statement-breakpoint
CREATE INDEX "condition_buyers_customer_idx" ON "condition_buyers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "condition_buyers_bandeira_idx" ON "condition_buyers" USING btree ("bandeira_id");--> statement-breakpoint
CREATE UNIQUE INDEX "condition_partners_condition_partner_unique" ON "condition_partners" USING btree ("condition_id","partner_id");--> statement-breakpoint
CREATE INDEX "condition_partners_partner_idx" ON "condition_partners" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "condition_payment_terms_condition_idx" ON "condition_payment_terms" USING btree ("condition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "condition_products_condition_product_unique" ON "condition_products" USING btree ("condition_id","product_id");--> statement-breakpoint
CREATE INDEX "condition_products_product_idx" ON "condition_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "condition_rules_condition_idx" ON "condition_rules" USING btree ("condition_id");--> statement-breakpoint
CREATE UNIQUE INDEX "condition_sellers_user_unique" ON "condition_sellers" USING btree ("condition_id","user_id") WHERE "condition_sellers"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "condition_sellers_cargo_unique" ON "condition_sellers" USING btree ("condition_id","cargo_id") WHERE "condition_sellers"."cargo_id" is not null;--> statement-breakpoint
CREATE INDEX "conditions_org_nome_idx" ON "conditions" USING btree ("organization_id","nome");--> statement-breakpoint
CREATE INDEX "conditions_org_busca_trgm_idx" ON "conditions" USING gin ("organization_id","busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "ol_blacklist_ol_buyer_unique" ON "ol_blacklist" USING btree ("ol_id","buyer_id","tipo");