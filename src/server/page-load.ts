/**
 * The one shape of what a server-rendered page reads: found (200), missing (404) or failed (503).
 * A page never ends in a bare 500 because its read failed, and a database hiccup is never shown as
 * "not found". Each page's loader returns `found`/`missing` and wraps its reads in `readPage`.
 *
 *   const page = await readPage("product page", async () => ...found or missing...);
 *   Astro.response.status = page.status;
 */
import { loggable } from "./log-safe";
import { log } from "./log/logger";

export type Found<T> = { state: "found"; status: 200 } & T;
export type Missing<T = object> = { state: "missing"; status: 404 } & T;
export type Failed = { state: "failed"; status: 503 };
export type PageLoad<F, M = object> = Found<F> | Missing<M> | Failed;

export const FAILED: Failed = Object.freeze({ state: "failed", status: 503 }) as Failed;

/** Runs a page's reads; anything thrown (the database could not be opened or asked) is `failed`. */
export async function readPage<S extends { state: "found" | "missing" }>(
  label: string,
  read: () => Promise<S>,
): Promise<S | Failed> {
  try {
    return await read();
  } catch (error) {
    log.error(`[${label}] could not be read:`, loggable(error));
    return FAILED;
  }
}
