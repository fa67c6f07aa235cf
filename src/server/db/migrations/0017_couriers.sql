ALTER TABLE "shipment_events" ALTER COLUMN "shipment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "awb" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD COLUMN "alert" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "cost_source" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "manifest_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "attention" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "attention_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "shipment_events_awb_idx" ON "shipment_events" USING btree ("awb");--> statement-breakpoint
CREATE INDEX "shipments_attention_idx" ON "shipments" USING btree ("attention");