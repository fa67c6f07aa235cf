CREATE TABLE "order_stages" (
	"order_id" text NOT NULL,
	"stage" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_events" (
	"id" text PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"kind" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'quote' NOT NULL,
	"inquiry_id" text,
	"for_order_id" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_paise" integer NOT NULL,
	"shipping_estimate_paise" integer DEFAULT 0 NOT NULL,
	"dispatch_min_days" integer DEFAULT 5 NOT NULL,
	"dispatch_max_days" integer DEFAULT 20 NOT NULL,
	"stage_set" text DEFAULT 'custom' NOT NULL,
	"reference_image" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"token_hash" text,
	"sent_at" timestamp with time zone,
	"replaced_by" text,
	"paid_order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('draft', 'sent', 'replaced', 'withdrawn', 'paid')),
	CONSTRAINT "quotes_kind_check" CHECK ("quotes"."kind" in ('quote', 'shipping')),
	CONSTRAINT "quotes_money_check" CHECK ("quotes"."price_paise" >= 0 and "quotes"."shipping_estimate_paise" >= 0),
	CONSTRAINT "quotes_days_check" CHECK ("quotes"."dispatch_min_days" >= 1 and "quotes"."dispatch_max_days" >= "quotes"."dispatch_min_days")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'catalogue' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatch_days" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_dispatch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "claim_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_path" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_stages" ADD CONSTRAINT "order_stages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_events" ADD CONSTRAINT "quote_events_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_inquiry_id_custom_inquiries_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."custom_inquiries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_for_order_id_orders_id_fk" FOREIGN KEY ("for_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_paid_order_id_orders_id_fk" FOREIGN KEY ("paid_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_stages_key" ON "order_stages" USING btree ("order_id","stage");--> statement-breakpoint
CREATE INDEX "quote_events_quote_idx" ON "quote_events" USING btree ("quote_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_token_hash_key" ON "quotes" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "quotes_inquiry_idx" ON "quotes" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "quotes_for_order_idx" ON "quotes" USING btree ("for_order_id");--> statement-breakpoint
CREATE INDEX "orders_claim_email_idx" ON "orders" USING btree ("claim_email") WHERE "orders"."claim_email" <> '';--> statement-breakpoint
CREATE INDEX "orders_quote_idx" ON "orders" USING btree ("quote_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_check" CHECK ("orders"."kind" in ('catalogue', 'custom', 'shipping'));