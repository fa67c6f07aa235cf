/**
 * Quote links (docs/decisions/0045): a token of 256 random bits (base64url), of which only the
 * SHA-256 is stored. A revised quote's old link leads to the new quote by following `replaced_by`
 * on the server (/quote/{old}/new), so no link is ever stored.
 */
import { createHash, randomBytes } from "node:crypto";

export function newQuoteToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A token's stored form; anything that is not a well-formed token hashes to nothing we store. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(`quote:${token}`).digest("hex");
}

/** Tokens are 43 base64url characters; anything else is refused before the database is asked. */
export function isTokenShape(token: string | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
