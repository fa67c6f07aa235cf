/**
 * The last guard before a line is written (docs/decisions/0112-structured-logs.md): text that looks
 * like an email address, a phone number, a bearer token, a JWT or a session cookie is masked, so a
 * message that quotes one by mistake does not put it in the log. Callers still log ids, never
 * people's details; this only catches what slips through.
 *
 * Runs as plain Node (serve.ts): no imports.
 */
const PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/\bBearer\s+[A-Za-z0-9._~+/=-]+/gi, "Bearer [token]"],
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, "[jwt]"],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g, "[email]"],
  // Indian mobile numbers as typed (+91 98765 43210, 09876543210, 9876543210).
  [/(?<![\w-])(?:\+?91[\s-]?|0)?[6-9]\d{4}[\s-]?\d{5}(?![\w-])/g, "[phone]"],
  [/\b(token|session|__session|cookie|password|secret)=([^;\s&"]+)/gi, "$1=[hidden]"],
];

export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/** Keys whose values never reach the log, at any depth of a logged object. */
const SECRET_KEYS =
  /^(authorization|cookie|set-cookie|token|idtoken|id_token|refreshtoken|password|secret|apikey|api_key|x-client-secret|email|phone|address|addressline1|addressline2|line1|line2|pincode)$/i;

/** A copy of a logged value with secret keys hidden and every string scrubbed. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object" || depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value))
    out[key] = SECRET_KEYS.test(key) ? "[hidden]" : scrubValue(v, depth + 1);
  return out;
}
