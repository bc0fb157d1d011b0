-- The virtual store of an organization (restorePlaceholder/storePlaceholder): its public page's address and welcome text.
CREATE TABLE "virtual_stores" (
	"organization_id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"texto" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "virtual_stores" ADD CONSTRAINT "virtual_stores_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_stores_slug_unique" ON "virtual_stores" USING btree ("slug");