CREATE TABLE "shipment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"provider_status" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"body" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"provider" text NOT NULL,
	"client_key" text NOT NULL,
	"status" text DEFAULT 'booking' NOT NULL,
	"provider_status" text DEFAULT '' NOT NULL,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"breadth_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	"courier_choice" text DEFAULT 'cheapest' NOT NULL,
	"courier_id" text DEFAULT '' NOT NULL,
	"courier_name" text DEFAULT '' NOT NULL,
	"provider_order_id" text DEFAULT '' NOT NULL,
	"provider_shipment_id" text DEFAULT '' NOT NULL,
	"awb" text DEFAULT '' NOT NULL,
	"label_url" text DEFAULT '' NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL,
	"pickup_scheduled_at" text DEFAULT '' NOT NULL,
	"cost_paise" integer DEFAULT 0 NOT NULL,
	"etd" text DEFAULT '' NOT NULL,
	"scans" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"booking_attempts" integer DEFAULT 0 NOT NULL,
	"booking_claimed_at" timestamp with time zone,
	"last_error" text DEFAULT '' NOT NULL,
	"picked_up_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"last_news_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('booking', 'booked', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'rto', 'lost', 'cancelled')),
	CONSTRAINT "shipments_size_check" CHECK ("shipments"."weight_grams" > 0 and "shipments"."length_cm" > 0 and "shipments"."breadth_cm" > 0 and "shipments"."height_cm" > 0 and "shipments"."cost_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "breadth_cm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_cost_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_client_key" ON "shipments" USING btree ("order_id","client_key");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_provider_awb" ON "shipments" USING btree ("provider","awb") WHERE "shipments"."awb" <> '';--> statement-breakpoint
CREATE INDEX "shipments_news_idx" ON "shipments" USING btree ("status","last_news_at");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_check" CHECK ("products"."length_cm" between 0 and 300 and "products"."breadth_cm" between 0 and 300 and "products"."height_cm" between 0 and 300);