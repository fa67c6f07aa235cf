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
ALTER TABLE "claim_media" ADD CONSTRAINT "claim_media_claim_id_damage_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."damage_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_claims" ADD CONSTRAINT "damage_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "claim_media_claim_idx" ON "claim_media" USING btree ("claim_id");--> statement-breakpoint
CREATE UNIQUE INDEX "damage_claims_order_key" ON "damage_claims" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "damage_claims_status_created_idx" ON "damage_claims" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "damage_claims_user_idx" ON "damage_claims" USING btree ("user_id");