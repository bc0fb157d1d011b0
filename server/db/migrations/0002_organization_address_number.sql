ALTER TABLE "organizations" ADD COLUMN "numero" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "bairro" text;