CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"key_hash" char(64) NOT NULL,
	"user_id" integer NOT NULL,
	"user_email" text NOT NULL,
	"token_id" integer NOT NULL,
	"token_sealed" text NOT NULL,
	"data" jsonb NOT NULL,
	"remember" boolean NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_key_hash_unique" ON "sessions" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_email_idx" ON "sessions" USING btree ("user_email");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");