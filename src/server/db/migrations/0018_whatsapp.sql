CREATE TABLE "whatsapp_consents" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"phone" text NOT NULL,
	"wording" text NOT NULL,
	"source" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_template" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_language" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_params" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_status" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_error_code" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback_to" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback_mail_id" text;--> statement-breakpoint
CREATE INDEX "whatsapp_consents_email_idx" ON "whatsapp_consents" USING btree ("email");--> statement-breakpoint
CREATE INDEX "whatsapp_consents_phone_idx" ON "whatsapp_consents" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "outbox_wa_message_idx" ON "outbox" USING btree ("wa_message_id");