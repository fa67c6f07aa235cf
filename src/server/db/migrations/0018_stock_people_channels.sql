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
CREATE TABLE "claim_media" (
	"id" text PRIMARY KEY NOT NULL,
	"claim_id" text NOT NULL,
	"kind" text NOT NULL,
	"ext" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_media_kind_check" CHECK ("claim_media"."kind" in ('photo', 'video'))
);
--> statement-breakpoint
CREATE TABLE "damage_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" text NOT NULL,
	"lines" jsonb NOT NULL,
	"description" text NOT NULL,
	"goodwill" boolean DEFAULT false NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" text DEFAULT '' NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"refund_id" text,
	"refund_paise" integer DEFAULT 0 NOT NULL,
	"replacement_order_id" text,
	"replacement_cost_paise" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "damage_claims_status_check" CHECK ("damage_claims"."status" in ('open', 'replaced', 'refunded', 'declined')),
	CONSTRAINT "damage_claims_money_check" CHECK ("damage_claims"."refund_paise" >= 0 and "damage_claims"."replacement_cost_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "product_stock" (
	"product_id" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"low_stock_at" integer DEFAULT 2 NOT NULL,
	"by_combination" boolean DEFAULT false NOT NULL,
	"low_mailed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_stock_mode_check" CHECK ("product_stock"."mode" in ('made_to_order', 'in_stock', 'one_of_a_kind')),
	CONSTRAINT "product_stock_low_check" CHECK ("product_stock"."low_stock_at" between 0 and 100000)
);
--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"combo" text DEFAULT '' NOT NULL,
	"change" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_adjustments_reason_check" CHECK ("stock_adjustments"."reason" in ('counted', 'damaged', 'made_more', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "stock_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"combo" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"released_because" text DEFAULT '' NOT NULL,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_holds_quantity_check" CHECK ("stock_holds"."quantity" > 0),
	CONSTRAINT "stock_holds_state_check" CHECK ("stock_holds"."state" in ('held', 'sold', 'released'))
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"product_id" text NOT NULL,
	"combo" text DEFAULT '' NOT NULL,
	"on_hand" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_levels_product_id_combo_pk" PRIMARY KEY("product_id","combo"),
	CONSTRAINT "stock_levels_on_hand_check" CHECK ("stock_levels"."on_hand" between 0 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "personal_photos" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"guest_key_hash" text,
	"product_id" text NOT NULL,
	"field_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role_check";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "personalisation" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "personalisation" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "personalisation" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "channel" text DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_template" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_language" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_params" jsonb;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_status" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "wa_error_code" integer;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback_to" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "fallback_mail_id" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "personalisation_product_id" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "personalisation_fields" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "claim_media" ADD CONSTRAINT "claim_media_claim_id_damage_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."damage_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_photos" ADD CONSTRAINT "personal_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_consents_email_idx" ON "whatsapp_consents" USING btree ("email");--> statement-breakpoint
CREATE INDEX "whatsapp_consents_phone_idx" ON "whatsapp_consents" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "team_invites_email_idx" ON "team_invites" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "claim_media_claim_idx" ON "claim_media" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "damage_claims_order_key" ON "damage_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "damage_claims_status_created_idx" ON "damage_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "damage_claims_user_idx" ON "damage_claims" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stock_adjustments_product_idx" ON "stock_adjustments" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_holds_order_idx" ON "stock_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_holds_product_state_idx" ON "stock_holds" USING btree ("product_id","state");--> statement-breakpoint
CREATE INDEX "personal_photos_user_idx" ON "personal_photos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "personal_photos_guest_idx" ON "personal_photos" USING btree ("guest_key_hash");--> statement-breakpoint
CREATE INDEX "outbox_wa_message_idx" ON "outbox" USING btree ("wa_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_challan_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'delivery-challan';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('customer', 'tm_admin', 'studio', 'accountant'));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('tax-invoice', 'bill-of-supply', 'receipt', 'credit-note', 'refund-voucher', 'delivery-challan'));
--> statement-breakpoint
-- hand-written (money36): a deposit's order is the piece at its price (docs/decisions/0212-a-deposit-order-at-its-price.md).
-- Orders stored before at the advance: their one line and their subtotal and total gain the balance; what was paid (payment_amount_paise, order_payments) stays as it was.
UPDATE "order_items" i SET "price_paise" = d."advance_paise" + d."balance_paise"
FROM "orders" o JOIN "quote_deposits" d ON d."quote_id" = o."quote_id"
WHERE i."order_id" = o."id" AND o."kind" = 'custom' AND o."subtotal_paise" = d."advance_paise" AND i."quantity" = 1 AND i."price_paise" = d."advance_paise";
--> statement-breakpoint
UPDATE "orders" o SET "subtotal_paise" = o."subtotal_paise" + d."balance_paise", "total_paise" = o."total_paise" + d."balance_paise"
FROM "quote_deposits" d
WHERE d."quote_id" = o."quote_id" AND o."kind" = 'custom' AND o."subtotal_paise" = d."advance_paise";
