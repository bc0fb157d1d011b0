-- Billing (decision 051): the invoices, one per paying organization and month (the unique key the job inserts
-- against), the company e-mails (C commercial, F finance: at most one), and Pro ∞'s negotiated monthly amount.
CREATE TABLE "company_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"email" text NOT NULL,
	"tipo" char(1) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_emails_tipo_check" CHECK ("company_emails"."tipo" in ('C', 'F'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"mes" date NOT NULL,
	"plano" char(1) NOT NULL,
	"usuarios" integer NOT NULL,
	"usuarios_cobrados" integer NOT NULL,
	"preco_usuario_centavos" integer,
	"valor_centavos" integer NOT NULL,
	"recibo" text,
	"nf" text,
	"nf_enviada_em" timestamp with time zone,
	"entregue_em" timestamp with time zone,
	"reservado_ate" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_plano_check" CHECK ("invoices"."plano" in ('P', 'U', 'M')),
	CONSTRAINT "invoices_valor_check" CHECK ("invoices"."valor_centavos" >= 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "valor_negociado_centavos" integer;--> statement-breakpoint
ALTER TABLE "company_emails" ADD CONSTRAINT "company_emails_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_emails_org_type_email_unique" ON "company_emails" USING btree ("organization_id","tipo",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_emails_one_finance" ON "company_emails" USING btree ("organization_id") WHERE "company_emails"."tipo" = 'F';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_org_month_unique" ON "invoices" USING btree ("organization_id","mes");--> statement-breakpoint
CREATE INDEX "invoices_undelivered_idx" ON "invoices" USING btree ("id") WHERE "invoices"."entregue_em" is null;