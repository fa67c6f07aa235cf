CREATE TABLE "invoice_pdfs" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"sha256" text NOT NULL,
	"pdf_base64" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "gst_rate" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_gstin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_pdfs" ADD CONSTRAINT "invoice_pdfs_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_gst_rate_check" CHECK ("categories"."gst_rate" in (0, 5, 12, 18, 28));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_check" CHECK ("products"."gst_rate" in (0, 5, 12, 18, 28));