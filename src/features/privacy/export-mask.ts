/**
 * No live secret in "Download my data" (docs/decisions/0170-verified-email-and-held-erasure.md):
 * the links in the shop's mails open things without a sign-in (a quote's link opens its page, its
 * invoice and its proofs; an unsubscribe link changes a choice; a local payment page takes a
 * payment), so a download, which can travel further than the mailbox, carries none of them.
 * Browser-safe and pure: every string of the export goes through maskSecrets.
 */

export const SECRET_MARK = "(link removed)";

/** Paths whose next segment is a bearer secret. */
const SECRET_PATH =
  /(\/(?:quote|unsubscribe|pay\/local|quote-return|verify-order)\/)[^\s/?#)"'<>\]]+/g;
/** Query parameters that carry a secret. */
const SECRET_QUERY =
  /([?&](?:token|key|session|session_id|payment_session_id|sig|signature|code|auth)=)[^&\s#)"'<>\]]+/gi;
/**
 * Anything else shaped like a random secret: 40 or more base64url characters with letters and
 * digits (a quote token is 43). Ids in the export are shorter (an order id, a Firebase uid: 28).
 */
const LONG_TOKEN =
  /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{40,}(?![A-Za-z0-9_-])/g;

/** The text with every secret-bearing link part and token-shaped run replaced by SECRET_MARK. */
export function maskSecrets(text: string): string {
  return text
    .replace(SECRET_PATH, `$1${SECRET_MARK}`)
    .replace(SECRET_QUERY, `$1${SECRET_MARK}`)
    .replace(LONG_TOKEN, SECRET_MARK);
}

/** A copy of `value` with maskSecrets applied to every string in it (keys stay). */
export function maskSecretsDeep<T>(value: T): T {
  if (typeof value === "string") return maskSecrets(value) as T;
  if (Array.isArray(value)) return value.map((v) => maskSecretsDeep(v)) as T;
  if (value instanceof Date) return value;
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [key, maskSecretsDeep(v)]),
    ) as T;
  return value;
}
