CREATE TABLE "order_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"via_order_id" text NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_payments_amount_check" CHECK ("order_payments"."amount_paise" >= 0),
	CONSTRAINT "order_payments_kind_check" CHECK ("order_payments"."kind" in ('order', 'advance', 'balance', 'shipping'))
);
--> statement-breakpoint
ALTER TABLE "order_payments" ADD CONSTRAINT "order_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_payments_via_key" ON "order_payments" USING btree ("via_order_id");--> statement-breakpoint
CREATE INDEX "order_payments_order_idx" ON "order_payments" USING btree ("order_id");--> statement-breakpoint
-- hand-written (money36): every paid order's payments (docs/decisions/0204-an-order-and-its-payments.md).
-- A payment link's carrier row (kind 'shipping') pays its quote's order: a balance when a deposit names its quote, else a shipping charge; any other paid order is its own payment (an advance when its quote asked for one).
INSERT INTO "order_payments" ("id", "order_id", "kind", "amount_paise", "via_order_id", "paid_at")
SELECT 'pay_' || o."id",
	CASE WHEN o."kind" = 'shipping' AND q."for_order_id" IS NOT NULL THEN q."for_order_id" ELSE o."id" END,
	CASE
		WHEN o."kind" = 'shipping' AND q."for_order_id" IS NOT NULL
			THEN CASE WHEN EXISTS (SELECT 1 FROM "quote_deposits" d WHERE d."balance_quote_id" = q."id") THEN 'balance' ELSE 'shipping' END
		WHEN EXISTS (SELECT 1 FROM "quote_deposits" d WHERE d."quote_id" = o."quote_id") THEN 'advance'
		ELSE 'order'
	END,
	o."total_paise", o."id", o."paid_at"
FROM "orders" o LEFT JOIN "quotes" q ON q."id" = o."quote_id"
WHERE o."paid_at" IS NOT NULL
ON CONFLICT DO NOTHING;
