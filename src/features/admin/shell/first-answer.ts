/**
 * The answer the /admin document carried for its first screen's first request
 * (first-answer.server.ts, docs/decisions/0152-admin-first-rows-in-the-document.md). The portal's
 * GET (admin-api.ts) takes it instead of asking the server, once, only for exactly the path it was
 * written for and only early in the page's life; every later call, Try again included, asks the
 * server.
 */
import { answerToPaise } from "../../../lib/wire-money";

export interface FirstAnswer {
  /** The API path and query the answer is for, e.g. /v2/admin/allorders?limit=50&offset=0. */
  path: string;
  /** The API's JSON body, as it would have arrived (rupees on the wire). */
  body: string;
}

/** The id of the document's `<script type="application/json" data-path=...>` holding it. */
export const FIRST_ANSWER_ID = "admin-first-answer";

/** After this long on the page (ms since its navigation began) the answer is too old to show. */
export const FIRST_ANSWER_FRESH_MS = 30_000;

/** Read from the document once; null once taken or when there is none. */
let carried: FirstAnswer | null | undefined;

function fromDocument(): FirstAnswer | null {
  if (typeof document === "undefined") return null;
  const element = document.getElementById(FIRST_ANSWER_ID);
  const path = element?.getAttribute("data-path");
  // Taken out of the page: a later copy of the DOM (bfcache, a saved page) cannot answer again.
  element?.remove();
  return element && path ? { path, body: element.textContent ?? "" } : null;
}

/** The carried answer for `path` (amounts in paise, as the API client gives them), once; else undefined. */
export function takeFirstAnswer<T>(path: string): T | undefined {
  // Not read yet while the page is still being parsed: the block may simply not be there yet.
  if (carried === undefined) {
    const found = fromDocument();
    const parsing = typeof document !== "undefined" && document.readyState === "loading";
    if (found || !parsing) carried = found;
    if (!found) return undefined;
  }
  if (!carried || carried.path !== path) return undefined;
  const { body } = carried;
  carried = null;
  if (performance.now() > FIRST_ANSWER_FRESH_MS) return undefined;
  try {
    return answerToPaise<T>(JSON.parse(body));
  } catch {
    return undefined;
  }
}

/** Tests: forget what was read, so the next call reads `document` again. */
export function resetFirstAnswer(): void {
  carried = undefined;
}
