ALTER TABLE "order_proofs" ADD COLUMN "outdated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "personal_photos" ADD COLUMN "original_type" text;--> statement-breakpoint
ALTER TABLE "personal_photos" ADD COLUMN "quote_id" text;--> statement-breakpoint
ALTER TABLE "personal_photos" ADD CONSTRAINT "personal_photos_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_photos_quote_idx" ON "personal_photos" USING btree ("quote_id");