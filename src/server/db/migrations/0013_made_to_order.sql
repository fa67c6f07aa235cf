CREATE TABLE "order_materials" (
	"order_id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"expected_since" timestamp with time zone NOT NULL,
	"courier" text DEFAULT '' NOT NULL,
	"tracking" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"received_note" text DEFAULT '' NOT NULL,
	"received_photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_needed_by" (
	"order_id" text PRIMARY KEY NOT NULL,
	"needed_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_proofs" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"round" integer NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_proofs_status_check" CHECK ("order_proofs"."status" in ('awaiting', 'approved', 'changes')),
	CONSTRAINT "order_proofs_round_check" CHECK ("order_proofs"."round" >= 1)
);
--> statement-breakpoint
CREATE TABLE "proof_skipped_products" (
	"product_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_deposits" (
	"quote_id" text PRIMARY KEY NOT NULL,
	"advance_paise" integer NOT NULL,
	"balance_paise" integer NOT NULL,
	"balance_quote_id" text,
	"balance_paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_deposits_money_check" CHECK ("quote_deposits"."advance_paise" > 0 and "quote_deposits"."balance_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_materials" ADD CONSTRAINT "order_materials_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_needed_by" ADD CONSTRAINT "order_needed_by_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proof_skipped_products" ADD CONSTRAINT "proof_skipped_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_deposits" ADD CONSTRAINT "quote_deposits_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_proofs_round_key" ON "order_proofs" USING btree ("order_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "quote_deposits_balance_key" ON "quote_deposits" USING btree ("balance_quote_id");