/** The portal's CSV downloads in the books specs (e2e/reports.spec.ts, e2e/invoices.spec.ts). */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";

/** Presses a download button and answers the file's name and text. */
export async function download(
  page: Page,
  button: string,
): Promise<{ name: string; text: string }> {
  const waiting = page.waitForEvent("download");
  await page.getByRole("button", { name: button, exact: true }).click();
  const file = await waiting;
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, "utf8") };
}

/** One CSV line's cells (RFC 4180: quoted cells may hold commas and doubled quotes). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = "";
      let j = i + 1;
      for (;;) {
        const quote = line.indexOf('"', j);
        if (quote === -1) throw new Error(`an unclosed quote in ${line}`);
        value += line.slice(j, quote);
        if (line[quote + 1] === '"') {
          value += '"';
          j = quote + 2;
        } else {
          i = quote + 2;
          break;
        }
      }
      cells.push(value);
    } else {
      const comma = line.indexOf(",", i);
      const end = comma === -1 ? line.length : comma;
      cells.push(line.slice(i, end));
      i = end + 1;
    }
  }
  return cells;
}

/** A downloaded CSV's rows by its header's names (the byte order mark left out). */
export function csvRecords(text: string): Record<string, string>[] {
  const [head = "", ...lines] = text.replace(/^\uFEFF/, "").split("\r\n");
  const names = cellsOf(head);
  return lines
    .filter((line) => line !== "")
    .map((line) => {
      const cells = cellsOf(line);
      return Object.fromEntries(names.map((name, k) => [name, cells[k] ?? ""]));
    });
}
