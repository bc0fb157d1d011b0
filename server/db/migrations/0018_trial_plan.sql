-- The plan a trial gives while it runs (decision 050). A trial already under way had every paid feature: Pro keeps them.
ALTER TABLE "organizations" ADD COLUMN "trial_plano" char(1) DEFAULT 'P' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_trial_plano_check" CHECK ("organizations"."trial_plano" in ('P', 'U', 'M'));