/**
 * Errors as they may be written to the log. A failed query (Drizzle's DrizzleQueryError) carries
 * its parameters, in its message and as a property: the shopper's name, phone, email and address
 * on a failed order insert. PostgreSQL's own error adds the row's values in `detail` ("Key
 * (email)=(...) already exists") and `where`. What is logged keeps the SQL text, the database's
 * reason and code, and the table, column and constraint it names; never the values.
 * docs/decisions/0073-odd-requests.md ("Database errors in the log").
 */

/** Fields of a database error (pg's DatabaseError, PGlite's) that name things, not values. */
const SAFE_FIELDS = ["code", "severity", "schema", "table", "column", "constraint", "routine"];

function isQueryError(error: Error): error is Error & { query: string; params: unknown[] } {
  return (
    typeof (error as { query?: unknown }).query === "string" &&
    Array.isArray((error as { params?: unknown }).params)
  );
}

function isDatabaseError(error: Error): boolean {
  const e = error as { code?: unknown; severity?: unknown; detail?: unknown };
  return (
    typeof e.code === "string" &&
    /^[0-9A-Z]{5}$/.test(e.code) &&
    (e.severity !== undefined || e.detail !== undefined)
  );
}

/** Drops "params: ..." that a query error wrote into a message (or a stack, or a wrapper's message). */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [^\n]*(?:\n(?! {4}at )[^\n]*)*/g, "\nparams: (not logged)");
}

function rebuilt(error: Error, message: string, depth: number): Error {
  const copy = new Error(message);
  copy.name = error.name;
  const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  copy.stack = [`${error.name}: ${message}`, ...frames].join("\n");
  for (const field of SAFE_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (value !== undefined) (copy as unknown as Record<string, unknown>)[field] = value;
  }
  if (error.cause !== undefined) copy.cause = loggable(error.cause, depth + 1);
  return copy;
}

/**
 * The error to pass to console.error: a query or database error rebuilt without values (its causes
 * too), anything else as it is (a message that quotes a query error loses the params line).
 */
export function loggable(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 5) return error;
  // PGlite's database errors carry the query and its params too: the database's reason first.
  if (isDatabaseError(error)) return rebuilt(error, withoutParams(error.message), depth);
  if (isQueryError(error))
    return rebuilt(
      error,
      `Failed query: ${error.query} (${error.params.length} parameters not logged)`,
      depth,
    );
  const cleaned = withoutParams(error.message);
  const causeChanged =
    error.cause !== undefined && loggable(error.cause, depth + 1) !== error.cause;
  if (cleaned === error.message && !causeChanged) return error;
  return rebuilt(error, cleaned, depth);
}
