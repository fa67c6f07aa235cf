/**
 * The one CSV streaming module every export uses (docs/decisions/0092-csv-exports.md): the rows come
 * from the database a page at a time (`pages` yields one page per database round trip), and each
 * page is written to the answer only when the client has read the one before (the stream pulls),
 * so memory stays flat however many rows the file has. The file starts with a UTF-8 byte order
 * mark, so spreadsheets show ₹ and Indian names as written.
 */
import { loggable } from "~/server/log-safe";
import { log } from "~/server/log/logger";
import { csvLine, type Cell } from "./csv";

export interface CsvFile {
  /** `orders-2026-04-01-to-2026-04-30.csv` */
  filename: string;
  header: readonly string[];
  /** One array of rows per database page; ends when the data does. */
  pages: AsyncIterable<readonly (readonly Cell[])[]>;
}

const BOM = "\uFEFF";

function pageText(rows: readonly (readonly Cell[])[]): string {
  let text = "";
  for (const row of rows) text += csvLine(row);
  return text;
}

/**
 * A streamed `text/csv` download. The first page is read before answering, so a database that
 * does not answer is a JSON error, not a broken file; a failure later ends the stream with an error
 * (the download fails visibly instead of looking complete).
 */
export async function csvResponse(file: CsvFile): Promise<Response> {
  const encoder = new TextEncoder();
  const iterator = file.pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  let pending: string | null =
    BOM + csvLine(file.header) + (first.done ? "" : pageText(first.value));
  let done = first.done === true;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pending !== null) {
          controller.enqueue(encoder.encode(pending));
          pending = null;
          if (done) controller.close();
          return;
        }
        try {
          const next = await iterator.next();
          if (next.done) {
            done = true;
            controller.close();
            return;
          }
          const text = pageText(next.value);
          if (text) controller.enqueue(encoder.encode(text));
        } catch (error) {
          log.error("[reports] a CSV export stopped", loggable(error));
          controller.error(error);
        }
      },
      async cancel() {
        await iterator.return?.();
      },
    },
    { highWaterMark: 1 },
  );
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${file.filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * Pages of a keyset walk: `read(after)` answers up to `size` rows after the cursor (undefined: from
 * the start); the walk stops at a short page. `cursor` names the last row's position.
 */
export async function* keysetPages<Row, Cursor>(
  read: (after: Cursor | undefined, size: number) => Promise<Row[]>,
  cursor: (row: Row) => Cursor,
  size = 1000,
): AsyncGenerator<Row[]> {
  let after: Cursor | undefined;
  for (;;) {
    const rows = await read(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = cursor(rows[rows.length - 1] as Row);
  }
}
