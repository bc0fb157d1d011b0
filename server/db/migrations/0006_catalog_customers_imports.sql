-- Accent- and case-insensitive search (products, customers): unaccent is not IMMUTABLE, so a generated
-- column or an index cannot call it; this wrapper pins its dictionary and may be. btree_gin lets one GIN
-- index hold the owner id beside the trigrams.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE OR REPLACE FUNCTION f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"nome" text NOT NULL,
	"tipo" text NOT NULL,
	"prazo_dias" integer DEFAULT 0 NOT NULL,
	"valor_minimo_centavos" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_tipo_check" CHECK ("payment_methods"."tipo" in ('boleto', 'pix', 'cartao', 'credito')),
	CONSTRAINT "payment_methods_prazo_check" CHECK ("payment_methods"."prazo_dias" >= 0),
	CONSTRAINT "payment_methods_minimo_check" CHECK ("payment_methods"."valor_minimo_centavos" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"ean" char(13),
	"codigo" text,
	"nome" text NOT NULL,
	"marca" text,
	"categoria" text,
	"ncm" char(8),
	"preco_centavos" integer NOT NULL,
	"unidade" text DEFAULT 'UN' NOT NULL,
	"embalagem" integer DEFAULT 1 NOT NULL,
	"imagem" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"imposto" boolean DEFAULT false NOT NULL,
	"busca" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(nome, '') || ' ' || coalesce(marca, '') || ' ' || coalesce(categoria, '') || ' ' || coalesce(ean, '') || ' ' || coalesce(codigo, '')))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_identifier_check" CHECK ("products"."ean" is not null or "products"."codigo" is not null),
	CONSTRAINT "products_preco_check" CHECK ("products"."preco_centavos" >= 0),
	CONSTRAINT "products_embalagem_check" CHECK ("products"."embalagem" >= 1)
);
--> statement-breakpoint
CREATE TABLE "customer_payment_methods" (
	"customer_id" integer NOT NULL,
	"payment_method_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_payment_methods_customer_id_payment_method_id_pk" PRIMARY KEY("customer_id","payment_method_id")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"seller_id" integer NOT NULL,
	"cnpj" text NOT NULL,
	"nome" text NOT NULL,
	"customer_org_id" integer,
	"invite_id" integer,
	"bloqueado" boolean DEFAULT false NOT NULL,
	"vendedor_id" integer,
	"contato_nome" text,
	"contato_email" text,
	"contato_telefone" text,
	"busca" text GENERATED ALWAYS AS (f_unaccent(lower(coalesce(nome, '') || ' ' || cnpj || ' ' || coalesce(contato_nome, '') || ' ' || coalesce(contato_email, '')))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer,
	"tipo" text NOT NULL,
	"arquivo_nome" text NOT NULL,
	"arquivo" text,
	"status" text DEFAULT 'na_fila' NOT NULL,
	"linhas_lidas" integer DEFAULT 0 NOT NULL,
	"linhas_total" integer,
	"criadas" integer DEFAULT 0 NOT NULL,
	"atualizadas" integer DEFAULT 0 NOT NULL,
	"erros" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_erros" integer DEFAULT 0 NOT NULL,
	"mensagem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "import_jobs_status_check" CHECK ("import_jobs"."status" in ('na_fila', 'lendo', 'gravando', 'concluida', 'recusada', 'falhou'))
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payment_methods" ADD CONSTRAINT "customer_payment_methods_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_payment_methods" ADD CONSTRAINT "customer_payment_methods_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_seller_id_organizations_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_customer_org_id_organizations_id_fk" FOREIGN KEY ("customer_org_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_invite_id_organization_invites_id_fk" FOREIGN KEY ("invite_id") REFERENCES "public"."organization_invites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_vendedor_id_users_id_fk" FOREIGN KEY ("vendedor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_org_nome_unique" ON "payment_methods" USING btree ("organization_id",lower("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_org_ean_unique" ON "products" USING btree ("organization_id","ean") WHERE "products"."ean" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_org_codigo_unique" ON "products" USING btree ("organization_id","codigo") WHERE "products"."codigo" is not null;--> statement-breakpoint
CREATE INDEX "products_org_nome_idx" ON "products" USING btree ("organization_id","nome");--> statement-breakpoint
CREATE INDEX "products_org_busca_trgm_idx" ON "products" USING gin ("organization_id","busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customer_payment_methods_method_idx" ON "customer_payment_methods" USING btree ("payment_method_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_seller_cnpj_unique" ON "customers" USING btree ("seller_id","cnpj");--> statement-breakpoint
CREATE INDEX "customers_customer_org_idx" ON "customers" USING btree ("customer_org_id");--> statement-breakpoint
CREATE INDEX "customers_seller_busca_trgm_idx" ON "customers" USING gin ("seller_id","busca" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "import_jobs_org_created_idx" ON "import_jobs" USING btree ("organization_id","created_at");--> statement-breakpoint
-- Customers that invites made before this table existed.
INSERT INTO "customers" ("seller_id", "cnpj", "nome", "customer_org_id") SELECT l."organization_id", o."cnpj", o."nome", o."id" FROM "organization_links" l JOIN "organizations" o ON o."id" = l."partner_id" WHERE l."relacao" = 'cliente' ON CONFLICT DO NOTHING;
