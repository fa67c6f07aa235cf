ALTER TABLE "custom_inquiries" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_inquiries" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "custom_inquiries_status_idx" ON "custom_inquiries" USING btree ("status");--> statement-breakpoint
ALTER TABLE "custom_inquiries" ADD CONSTRAINT "custom_inquiries_status_check" CHECK ("custom_inquiries"."status" in ('new', 'contacted', 'quoted', 'paid', 'closed'));