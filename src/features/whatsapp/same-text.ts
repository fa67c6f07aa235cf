/** Equal secrets compared in constant time (both hashed first, so lengths never leak). */
import { createHash, timingSafeEqual } from "node:crypto";

export function sameText(given: string, expected: string): boolean {
  if (!expected) return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}
