/**
 * The answer the /admin document carried for its first screen's first request
 * (first-answer.server.ts, docs/decisions/0152-admin-first-rows-in-the-document.md). The portal's
 * GET (admin-api.ts) takes it instead of asking the server, once, only for exactly the path it was
 * written for and only early in the page's life; every later call, Try again included, asks the
 * server.
 */
import { answerToPaise } from "~/lib/wire-money";

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

/** The answer's body as the API client gives it: parsed, amounts in paise (one conversion). */
export function readFirstAnswer<T>(answer: FirstAnswer): T | undefined {
  try {
    return answerToPaise<T>(JSON.parse(answer.body));
  } catch {
    return undefined;
  }
}

/** The carried answer for `path`, read once from the document; null when there is none (yet). */
function carriedFor(path: string): FirstAnswer | null {
  // Not read yet while the page is still being parsed: the block may simply not be there yet.
  if (carried === undefined) {
    const found = fromDocument();
    const parsing = typeof document !== "undefined" && document.readyState === "loading";
    if (found || !parsing) carried = found;
    if (!found) return null;
  }
  if (!carried || carried.path !== path) return null;
  if (performance.now() > FIRST_ANSWER_FRESH_MS) return null;
  return carried;
}

/** The value read for the carried answer (peek and take give the same object). */
let value: { of: FirstAnswer; read: unknown } | null = null;

function readCarried<T>(answer: FirstAnswer): T | undefined {
  if (value?.of !== answer) value = { of: answer, read: readFirstAnswer<T>(answer) };
  return value.read as T | undefined;
}

/**
 * The carried answer for `path` without taking it: a screen's first render shows it (the rows the
 * document already painted, decision 0153) while its load then takes it.
 */
export function peekFirstAnswer<T>(path: string): T | undefined {
  const answer = carriedFor(path);
  return answer ? readCarried<T>(answer) : undefined;
}

/** The carried answer for `path` (amounts in paise, as the API client gives them), once; else undefined. */
export function takeFirstAnswer<T>(path: string): T | undefined {
  const answer = carriedFor(path);
  if (!answer) {
    // Asked for another path, or too late: the answer is not used any more.
    if (carried && performance.now() > FIRST_ANSWER_FRESH_MS) carried = null;
    return undefined;
  }
  carried = null;
  const read = readCarried<T>(answer);
  value = null;
  return read;
}

/** Tests: forget what was read, so the next call reads `document` again. */
export function resetFirstAnswer(): void {
  carried = undefined;
  value = null;
}
