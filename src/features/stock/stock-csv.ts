/**
 * The bulk stock upload's reading (docs/decisions/0218-stock-owner-tools.md): a CSV with the stock
 * export's columns (RFC 4180: quoted cells, doubled quotes, CRLF or LF), each row checked on its
 * own; the caller refuses the whole file when any row is wrong, with one line per bad row.
 */
import { STOCK_MODES, type StockMode } from "./stock";

/** Cells of each line; quoted cells may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ""));
}

export interface StockCsvRow {
  /** The line number in the file (the header is line 1). */
  line: number;
  productId: string;
  combo: string;
  mode: StockMode;
  onHand: number;
  lowAt: number | undefined;
}

const NEEDED = ["Product id", "Stock mode", "On hand"] as const;
const wholeCount = (text: string) => /^\d{1,6}$/.test(text.trim());

/** The rows, or the sentences of every bad row (nothing is applied then). */
export function readStockCsv(
  text: string,
): { ok: true; rows: StockCsvRow[] } | { ok: false; problems: string[] } {
  const [header, ...lines] = parseCsv(text.replace(/^\uFEFF/, ""));
  if (!header) return { ok: false, problems: ["The file is empty."] };
  const col = (name: string) => header.findIndex((h) => h.trim() === name);
  const missing = NEEDED.filter((n) => col(n) < 0);
  if (missing.length)
    return {
      ok: false,
      problems: [
        `Line 1: the header needs the columns ${missing.map((m) => `"${m}"`).join(", ")} (as in the stock export).`,
      ],
    };
  if (lines.length === 0)
    return { ok: false, problems: ["The file has no rows after its header."] };
  const problems: string[] = [];
  const rows: StockCsvRow[] = [];
  const seen = new Set<string>();
  lines.forEach((cells, i) => {
    const line = i + 2;
    const get = (name: string) => (col(name) >= 0 ? (cells[col(name)] ?? "").trim() : "");
    const productId = get("Product id");
    const combo = get("Combination");
    const mode = get("Stock mode");
    const onHand = get("On hand");
    const lowAt = get("Low at");
    const wrong: string[] = [];
    if (!productId) wrong.push("the product id is empty");
    if (!(STOCK_MODES as readonly string[]).includes(mode))
      wrong.push(`the stock mode must be ${STOCK_MODES.join(", ")}`);
    if (mode === "made_to_order" && onHand !== "")
      wrong.push("a made-to-order product has no count (leave On hand empty)");
    else if (mode !== "made_to_order" && !wholeCount(onHand))
      wrong.push("On hand must be a whole number of pieces, 0 or more");
    if (mode === "one_of_a_kind" && wholeCount(onHand) && Number(onHand) > 1)
      wrong.push("a one-of-a-kind piece has a count of 0 or 1");
    if (lowAt !== "" && !wholeCount(lowAt)) wrong.push("Low at must be a whole number, 0 or more");
    const key = `${productId}\u0000${combo}`;
    if (seen.has(key)) wrong.push("this product and combination are on an earlier line too");
    seen.add(key);
    if (wrong.length) problems.push(`Line ${line}: ${wrong.join("; ")}.`);
    else
      rows.push({
        line,
        productId,
        combo,
        mode: mode as StockMode,
        onHand: onHand === "" ? 0 : Number(onHand),
        lowAt: lowAt === "" ? undefined : Number(lowAt),
      });
  });
  return problems.length ? { ok: false, problems } : { ok: true, rows };
}
