CREATE TABLE "team_invites" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	CONSTRAINT "team_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "team_invites_role_check" CHECK ("team_invites"."role" in ('tm_admin', 'studio', 'accountant'))
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
CREATE INDEX "team_invites_email_idx" ON "team_invites" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'tm_admin', 'studio', 'accountant'));