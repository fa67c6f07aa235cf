ALTER TABLE "invoices" DROP CONSTRAINT "invoices_kind_check";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "note" text;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_challan_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'delivery-challan';--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('tax-invoice', 'bill-of-supply', 'receipt', 'credit-note', 'refund-voucher', 'delivery-challan'));