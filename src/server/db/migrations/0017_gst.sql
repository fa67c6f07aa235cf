ALTER TABLE "categories" DROP CONSTRAINT "categories_gst_rate_check";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_gst_rate_check";--> statement-breakpoint
ALTER TABLE "invoice_lines" DROP CONSTRAINT "invoice_lines_rate_check";--> statement-breakpoint
ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
ALTER TABLE "categories" ALTER COLUMN "gst_rate" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "gst_rate" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
ALTER TABLE "invoice_lines" ALTER COLUMN "gst_rate" SET DATA TYPE numeric(5, 2);--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_gst_rate_check" CHECK ("categories"."gst_rate" in (0, 0.25, 1.5, 3, 5, 12, 18, 28, 40));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_check" CHECK ("products"."gst_rate" in (0, 0.25, 1.5, 3, 5, 12, 18, 28, 40));--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_rate_check" CHECK ("invoice_lines"."gst_rate" in (0, 0.25, 1.5, 3, 5, 12, 18, 28, 40));--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('tax-invoice', 'bill-of-supply', 'receipt', 'credit-note', 'refund-voucher'));