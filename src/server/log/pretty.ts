/**
 * A small terminal formatter for `npm start` in demo mode (docs/decisions/0112-structured-logs.md):
 * "12:04:05 INFO  GET /cart 200 12 ms [req 3Fz9...]" instead of JSON, with no extra dependency
 * (pino-pretty and its tree would be heavier than the logger). Anything that is not a JSON line of
 * ours passes through unchanged.
 *
 * Runs as plain Node (serve.ts): node: imports only.
 */
import { Writable } from "node:stream";

const LEVELS: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO ",
  40: "WARN ",
  50: "ERROR",
  60: "FATAL",
};
const SKIP = new Set(["level", "time", "msg", "pid", "hostname", "reqId", "error"]);

interface ErrorFields {
  stack?: string;
  message?: string;
  code?: unknown;
  cause?: ErrorFields;
}

/** The error's causes, one line each, with the database's code where there is one. */
function codes(err: ErrorFields): string {
  let out = err.code !== undefined ? ` (code ${String(err.code)})` : "";
  for (let e = err.cause; e; e = e.cause)
    out += `\n  caused by: ${e.message ?? ""}${e.code !== undefined ? ` (code ${String(e.code)})` : ""}`;
  return out;
}

export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  if (typeof entry.level !== "number") return line;
  const time = new Date(Number(entry.time ?? Date.now())).toTimeString().slice(0, 8);
  const extra = Object.entries(entry)
    .filter(([key]) => !SKIP.has(key))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  const err = entry.error as ErrorFields | undefined;
  return [
    `${time} ${LEVELS[entry.level] ?? entry.level} ${String(entry.msg ?? "")}`,
    extra && ` ${extra}`,
    entry.reqId ? ` [req ${String(entry.reqId)}]` : "",
    err ? `\n  ${err.stack || err.message || ""}${codes(err)}` : "",
  ].join("");
}

/**
 * Under Vitest: each line goes to console.error / warn / info by its level, in the pretty form, so
 * a test that watches the console (a spy) sees what the server logged.
 */
export function consoleDestination(): { write(line: string): void } {
  return {
    write(line: string) {
      const level = Number((/"level":(\d+)/.exec(line) ?? [])[1] ?? 30);
      const text = prettyLine(line.trimEnd());
      if (level >= 50) console.error(text);
      else if (level >= 40) console.warn(text);
      else console.info(text);
    },
  };
}

/** A stream that writes each JSON line to `out` in the pretty form. */
export function prettyStream(out: NodeJS.WritableStream): Writable {
  let pending = "";
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString("utf8");
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) if (line) out.write(`${prettyLine(line)}\n`);
      done();
    },
  });
}
