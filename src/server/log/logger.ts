/**
 * The server's one logger (docs/decisions/0112-structured-logs.md): pino, one JSON line per event on
 * stdout, the request's id on every line logged while a request is handled, levels from LOG_LEVEL
 * (default info), and a short readable form in the terminal for `npm start` in demo mode
 * (LOG_FORMAT=pretty|json overrides). Every line is scrubbed (scrub.ts) and errors pass through
 * `loggable` (src/server/log-safe.ts), so no token, cookie, secret, email, phone or address is
 * written.
 *
 *   log.info("[backup] wrote archive", { file });     log.error("[jobs] mail sender failed", error);
 *
 * Runs as plain Node too (serve.ts): node: and package imports, `.ts` imports of files that do the same.
 */
import pino, { type Logger } from "pino";
import { currentRequest } from "./request-context.ts";
import { consoleDestination, prettyStream } from "./pretty.ts";
import { scrubText, scrubValue } from "./scrub.ts";
import { loggable } from "../log-safe.ts";

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function logLevel(value = process.env.LOG_LEVEL): string {
  const level = (value ?? "").trim().toLowerCase();
  return LEVELS.includes(level) ? level : "info";
}

/** Pretty in a terminal in demo mode; JSON otherwise (a file, a pipe, a process manager). */
export function wantsPretty(
  environment: NodeJS.ProcessEnv = process.env,
  tty = process.stdout.isTTY,
): boolean {
  if (environment.LOG_FORMAT === "json") return false;
  if (environment.LOG_FORMAT === "pretty") return true;
  return environment.DEMO_MODE === "true" && tty === true;
}

/** An error as a plain object the log may hold: name, message, stack and safe fields, scrubbed. */
function errorFields(error: Error, depth = 0): Record<string, unknown> {
  const fields: Record<string, unknown> = {
    type: error.name,
    message: scrubText(error.message),
    stack: scrubText(error.stack ?? ""),
  };
  for (const key of ["code", "status", "table", "column", "constraint"]) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (value !== undefined) fields[key] = value;
  }
  if (error.cause instanceof Error && depth < 3) fields.cause = errorFields(error.cause, depth + 1);
  return fields;
}

/** The fields a call adds: an error as `err`, an object merged in, anything else as `detail`. */
export function detailFields(detail: unknown): Record<string, unknown> {
  if (detail === undefined) return {};
  const safe = loggable(detail);
  if (safe instanceof Error) return { error: errorFields(safe) };
  if (safe !== null && typeof safe === "object" && !Array.isArray(safe))
    return scrubValue(safe) as Record<string, unknown>;
  return { detail: scrubValue(safe) };
}

function createPino(destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level: logLevel(),
      base: { pid: process.pid },
      messageKey: "msg",
      timestamp: pino.stdTimeFunctions.epochTime,
      mixin() {
        const request = currentRequest();
        return request ? { reqId: request.id } : {};
      },
      formatters: { level: (_label, number) => ({ level: number }) },
    },
    destination ??
      (process.env.VITEST
        ? consoleDestination()
        : wantsPretty()
          ? prettyStream(process.stdout)
          : pino.destination({ fd: 1, sync: true })),
  );
}

const KEY = Symbol.for("resin-shop.logger");

/** The process's pino instance (one for serve.ts and the bundle: they share globalThis). */
export function baseLogger(): Logger {
  const shared = globalThis as Record<symbol, unknown>;
  if (!shared[KEY]) shared[KEY] = createPino();
  return shared[KEY] as Logger;
}

/** Tests send the lines to a stream of their own. */
export function setLoggerForTests(destination: NodeJS.WritableStream | undefined): void {
  (globalThis as Record<symbol, unknown>)[KEY] = destination ? createPino(destination) : undefined;
}

type Method = (message: string, detail?: unknown) => void;

function method(level: "debug" | "info" | "warn" | "error" | "fatal"): Method {
  return (message, detail) => baseLogger()[level](detailFields(detail), scrubText(message));
}

export const log = {
  debug: method("debug"),
  info: method("info"),
  warn: method("warn"),
  error: method("error"),
  fatal: method("fatal"),
};
