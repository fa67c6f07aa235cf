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
ALTER TABLE "product_stock" ADD CONSTRAINT "product_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustments" ADD CONSTRAINT "stock_adjustments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_holds" ADD CONSTRAINT "stock_holds_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_adjustments_product_idx" ON "stock_adjustments" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_holds_order_idx" ON "stock_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "stock_holds_product_state_idx" ON "stock_holds" USING btree ("product_id","state");