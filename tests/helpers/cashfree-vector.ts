/**
 * A known webhook signature, computed outside this code base with Cashfree's published algorithm
 * (the Node SDK's PGVerifyWebhookSignature: base64(HMAC-SHA256(secret, timestamp + rawBody))), by
 * `printf '%s' "$TS$BODY" | openssl dgst -sha256 -hmac "$SECRET" -binary | base64`. Both the shop's
 * verifier and the fake's signer are checked against it, so neither can drift from Cashfree's.
 * The body is Cashfree's own success sample shape: order_amount 2, payment_amount 1.
 */
export const VECTOR = {
  secret: "cfsk_ma_test_secret",
  timestamp: "1617695238078",
  body: '{"data":{"order":{"order_id":"sampleorder0413","order_amount":2.00,"order_currency":"INR"},"payment":{"cf_payment_id":"789727431","payment_status":"SUCCESS","payment_amount":1.00,"payment_currency":"INR"}},"event_time":"2021-10-07T19:42:44+05:30","type":"PAYMENT_SUCCESS_WEBHOOK"}',
  signature: "lUuhLt86C7tjlE+ZFSe/HNpo8/wtuwiv6CYYmVXz6/U=",
} as const;
