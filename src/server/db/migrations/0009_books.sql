CREATE TABLE "document_series" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_series_series_financial_year_pk" PRIMARY KEY("series","financial_year")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"invoice_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"hsn" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit" text DEFAULT 'NOS' NOT NULL,
	"gst_rate" integer NOT NULL,
	"unit_price_paise" integer NOT NULL,
	"discount_paise" integer DEFAULT 0 NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer DEFAULT 0 NOT NULL,
	"sgst_paise" integer DEFAULT 0 NOT NULL,
	"igst_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	CONSTRAINT "invoice_lines_invoice_id_line_no_pk" PRIMARY KEY("invoice_id","line_no"),
	CONSTRAINT "invoice_lines_kind_check" CHECK ("invoice_lines"."kind" in ('goods', 'shipping')),
	CONSTRAINT "invoice_lines_rate_check" CHECK ("invoice_lines"."gst_rate" in (0, 5, 12, 18, 28))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"order_id" text NOT NULL,
	"payment_id" text,
	"refund_id" text,
	"credits_invoice_id" text,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"buyer_gstin" text,
	"place_of_supply_code" text NOT NULL,
	"place_of_supply_name" text NOT NULL,
	"intra_state" boolean NOT NULL,
	"taxable_paise" integer NOT NULL,
	"cgst_paise" integer DEFAULT 0 NOT NULL,
	"sgst_paise" integer DEFAULT 0 NOT NULL,
	"igst_paise" integer DEFAULT 0 NOT NULL,
	"total_paise" integer NOT NULL,
	"pdf_sha256" text,
	CONSTRAINT "invoices_kind_check" CHECK ("invoices"."kind" in ('tax-invoice', 'bill-of-supply', 'receipt', 'credit-note')),
	CONSTRAINT "invoices_money_check" CHECK ("invoices"."taxable_paise" >= 0 and "invoices"."cgst_paise" >= 0 and "invoices"."sgst_paise" >= 0 and "invoices"."igst_paise" >= 0 and "invoices"."total_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_sequence_key" ON "invoices" USING btree ("series","financial_year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_key" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" <> 'credit-note';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_key" ON "invoices" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at");