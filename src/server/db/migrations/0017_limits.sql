CREATE TABLE "review_photo_uploads" (
	"url" text NOT NULL,
	"user_id" text NOT NULL,
	"review_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_photo_uploads_url_user_id_pk" PRIMARY KEY("url","user_id")
);
--> statement-breakpoint
ALTER TABLE "review_photo_uploads" ADD CONSTRAINT "review_photo_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photo_uploads" ADD CONSTRAINT "review_photo_uploads_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;