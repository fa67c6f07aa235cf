CREATE TABLE "data_breaches" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"consequences" text NOT NULL,
	"measures" text NOT NULL,
	"safety" text NOT NULL,
	"recorded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notices" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "data_requests" ADD COLUMN "held_order_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "data_breaches_window_key" ON "data_breaches" USING btree ("started_at","ended_at");