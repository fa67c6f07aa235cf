CREATE TABLE "cart_reminders" (
	"user_id" text NOT NULL,
	"cart_changed_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_basis_points" integer DEFAULT 0 NOT NULL,
	"amount_paise" integer DEFAULT 0 NOT NULL,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"cap_paise" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_uses" integer,
	"uses_per_shopper" integer,
	"product_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"for_quotes" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_kind_check" CHECK ("discount_codes"."kind" in ('percent', 'fixed')),
	CONSTRAINT "discount_codes_money_check" CHECK ("discount_codes"."percent_basis_points" between 0 and 10000 and "discount_codes"."amount_paise" >= 0 and "discount_codes"."min_order_paise" >= 0 and ("discount_codes"."cap_paise" is null or "discount_codes"."cap_paise" > 0)),
	CONSTRAINT "discount_codes_uses_check" CHECK (("discount_codes"."total_uses" is null or "discount_codes"."total_uses" > 0) and ("discount_codes"."uses_per_shopper" is null or "discount_codes"."uses_per_shopper" > 0))
);
--> statement-breakpoint
CREATE TABLE "discount_uses" (
	"order_id" text PRIMARY KEY NOT NULL,
	"code_id" text NOT NULL,
	"user_id" text NOT NULL,
	"discount_paise" integer NOT NULL,
	"order_total_paise" integer NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_uses_money_check" CHECK ("discount_uses"."discount_paise" >= 0 and "discount_uses"."order_total_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reminder_consents" (
	"user_id" text PRIMARY KEY NOT NULL,
	"consented" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_consents_unsubscribe_token_unique" UNIQUE("unsubscribe_token")
);
--> statement-breakpoint
ALTER TABLE "order_items" DROP CONSTRAINT "order_items_price_check";--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_consents" ADD CONSTRAINT "reminder_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_once" ON "cart_reminders" USING btree ("user_id","cart_changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "discount_uses_code_idx" ON "discount_uses" USING btree ("code_id","user_id");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_price_check" CHECK ("order_items"."price_paise" >= 0 and "order_items"."discount_paise" >= 0);