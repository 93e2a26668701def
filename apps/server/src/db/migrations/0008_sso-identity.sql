CREATE TABLE "sso_used_states" (
	"state" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_sso_subject_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sso_issuer" text;--> statement-breakpoint
CREATE INDEX "sso_used_states_used_at_idx" ON "sso_used_states" USING btree ("used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_sso_identity_key" ON "users" USING btree ("sso_issuer","sso_subject");--> statement-breakpoint
-- No release signed anyone in through single sign-on before this one: a subject without its
-- provider could never be matched again, so it is cleared rather than guessed.
UPDATE "users" SET "sso_subject" = NULL WHERE "sso_issuer" IS NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sso_identity_check" CHECK (("users"."sso_issuer" is null) = ("users"."sso_subject" is null));