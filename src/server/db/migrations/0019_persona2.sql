ALTER TABLE "quotes" ADD COLUMN "personalisation_product_id" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "personalisation_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;