CREATE TABLE "order_views" (
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"a" integer DEFAULT 0 NOT NULL,
	"f" integer DEFAULT 0 NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_views_user_id_organization_id_pk" PRIMARY KEY("user_id","organization_id")
);
--> statement-breakpoint
ALTER TABLE "order_views" ADD CONSTRAINT "order_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_views" ADD CONSTRAINT "order_views_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_views_org_idx" ON "order_views" USING btree ("organization_id");