ALTER TABLE "products" ADD COLUMN "personalisation" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "personalisation" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "personalisation" jsonb DEFAULT '[]'::jsonb NOT NULL;