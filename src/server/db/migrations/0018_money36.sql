-- hand-written (money36): a deposit's order is the piece at its price (docs/decisions/0212-a-deposit-order-at-its-price.md).
-- Orders stored before at the advance: their one line and their subtotal and total gain the balance; what was paid (payment_amount_paise, order_payments) stays as it was.
UPDATE "order_items" i SET "price_paise" = d."advance_paise" + d."balance_paise"
FROM "orders" o JOIN "quote_deposits" d ON d."quote_id" = o."quote_id"
WHERE i."order_id" = o."id" AND o."kind" = 'custom' AND o."subtotal_paise" = d."advance_paise" AND i."quantity" = 1 AND i."price_paise" = d."advance_paise";
--> statement-breakpoint
UPDATE "orders" o SET "subtotal_paise" = o."subtotal_paise" + d."balance_paise", "total_paise" = o."total_paise" + d."balance_paise"
FROM "quote_deposits" d
WHERE d."quote_id" = o."quote_id" AND o."kind" = 'custom' AND o."subtotal_paise" = d."advance_paise";
