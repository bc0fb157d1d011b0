CREATE TABLE "organization_feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"nota" integer NOT NULL,
	"comentario" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_feedbacks_nota_check" CHECK ("organization_feedbacks"."nota" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "organization_feedbacks" ADD CONSTRAINT "organization_feedbacks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_feedbacks" ADD CONSTRAINT "organization_feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_feedbacks_org_user_unique" ON "organization_feedbacks" USING btree ("organization_id","user_id");