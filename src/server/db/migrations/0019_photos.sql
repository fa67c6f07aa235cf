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
ALTER TABLE "personal_photos" ADD CONSTRAINT "personal_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_photos_user_idx" ON "personal_photos" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "personal_photos_guest_idx" ON "personal_photos" USING btree ("guest_key_hash");