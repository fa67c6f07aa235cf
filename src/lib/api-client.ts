/**
 * The one way the browser calls the shop's API: JSON in and out, an optional bearer token, a time
 * limit, and every `{ error }` answer turned into one ApiError carrying the status and the server's
 * message. Amounts are paise in the browser and rupees on the wire; this is the browser's one money
 * boundary (src/lib/wire-money.ts). Answers that are not JSON (the payment verification's
 * `SUCCESS`, the homepage toggle's `removed`) come back as text.
 */
import { answerToPaise, toWire } from "./wire-money";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The answer's `code`, when the API names the refusal (e.g. HOME_LIMIT_CODE). */
    readonly code?: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface ApiOptions {
  /** Sent as `Authorization: Bearer <token>` when present. */
  token?: string | null;
  signal?: AbortSignal;
  /** Lets the request outlive the page (cart writes during a navigation); small bodies only. */
  keepalive?: boolean;
  /** Milliseconds before the request is abandoned (ApiError status 0). Default 30 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * What a person reads when a call fails without the server's own sentence: plain words, never the
 * method and path (those go to the console for whoever debugs it).
 */
export const API_TEXTS = {
  timedOut: "The shop took too long to answer. Check your connection and try again.",
  unreachable: "The shop could not be reached. Check your connection and try again.",
  failed: (status: number) =>
    `Something went wrong on our side (error ${status}). Please try again in a moment.`,
} as const;
const KEEPALIVE_MAX_BYTES = 60_000;

export async function apiRequest<T>(
  method: string,
  path: string,
  body?: unknown,
  options: ApiOptions = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | FormData | undefined;
  if (body instanceof FormData) {
    payload = body; // multipart (uploads): the browser writes its own content-type and boundary
  } else if (body !== undefined) {
    payload = JSON.stringify(toWire(body));
    headers["content-type"] = "application/json";
  }
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const keepalive =
    options.keepalive === true &&
    typeof payload !== "object" &&
    (payload?.length ?? 0) < KEEPALIVE_MAX_BYTES;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: payload,
      signal,
      keepalive,
      credentials: "same-origin",
    });
  } catch (error) {
    if (options.signal?.aborted) throw error; // the caller's own abort: let it through as it is
    console.warn(`[api] ${method} ${path} did not answer`, error);
    throw new ApiError(0, timeout.aborted ? API_TEXTS.timedOut : API_TEXTS.unreachable);
  }
  const text = await response.text().catch(() => "");
  // The API answers JSON; the few plain answers (`SUCCESS`, `removed`) say text/plain.
  const isJson = !(response.headers.get("content-type") ?? "").startsWith("text/");
  let data: unknown = text;
  if (isJson) {
    try {
      data = text ? JSON.parse(text) : undefined;
    } catch {
      data = undefined;
    }
  }
  if (!response.ok) {
    const { error: message, code } = (data ?? {}) as { error?: unknown; code?: unknown };
    throw new ApiError(
      response.status,
      typeof message === "string" ? message : API_TEXTS.failed(response.status),
      typeof code === "string" ? code : undefined,
    );
  }
  return (isJson ? answerToPaise(data) : data) as T;
}

export const api = {
  get: <T>(path: string, options?: ApiOptions) => apiRequest<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: ApiOptions) =>
    apiRequest<T>("POST", path, body, options),
  put: <T>(path: string, body?: unknown, options?: ApiOptions) =>
    apiRequest<T>("PUT", path, body, options),
  patch: <T>(path: string, body?: unknown, options?: ApiOptions) =>
    apiRequest<T>("PATCH", path, body, options),
  delete: <T>(path: string, body?: unknown, options?: ApiOptions) =>
    apiRequest<T>("DELETE", path, body, options),
  /** A multipart POST (file uploads); the answer is JSON like any other. */
  upload: <T>(path: string, form: FormData, options?: ApiOptions) =>
    apiRequest<T>("POST", path, form, options),
};
