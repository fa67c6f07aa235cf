/**
 * Cart line ids, which sort in creation order within this process (split from cart-lines.server.ts;
 * random bits from a pool: docs/decisions/0331-hot-statements-built-once.md). Server only.
 */
import { randomBytes } from "node:crypto";

let lastMs = 0;
let seq = 0;

/**
 * A line id that sorts in creation order within this process (time, then a counter, then random
 * bits). Lines are listed by `created_at, id`; PGlite keeps only milliseconds, so lines added in the
 * same millisecond (a merge) keep their order through the id.
 */
export function lineId(): string {
  const now = Math.max(Date.now(), lastMs);
  if (now === lastMs) seq++;
  else {
    lastMs = now;
    seq = 0;
  }
  return `${now.toString(16).padStart(12, "0")}-${seq.toString(16).padStart(6, "0")}-${randomHex8()}`;
}

/** Random bytes taken 8 at a time from a kilobyte drawn at once (one system call per 128 ids). */
let randomPool = Buffer.alloc(0);
let randomAt = 0;

function randomHex8(): string {
  if (randomAt + 8 > randomPool.length) {
    randomPool = randomBytes(1024);
    randomAt = 0;
  }
  randomAt += 8;
  return randomPool.toString("hex", randomAt - 8, randomAt);
}
