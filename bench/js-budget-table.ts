/**
 * Prints the JavaScript budgets table (docs/decisions/0223-javascript-budgets.md) into
 * docs/performance.md, between its `js-budgets` markers, from the rows the e2e budget test wrote
 * (e2e/js-budgets.spec.ts -> .tmp/js-budgets.json). Run the test first:
 *
 *   npm run test:e2e -- e2e/js-budgets.spec.ts && npx tsx bench/js-budget-table.ts
 */
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { BUDGET_JSON, type BudgetRow, budgetTable } from "./js-budget";

const ROWS = BUDGET_JSON;
const DOC = "docs/performance.md";
const START = "<!-- js-budgets:start -->";
const END = "<!-- js-budgets:end -->";

const rows = JSON.parse(readFileSync(ROWS, "utf8")) as BudgetRow[];
const when = statSync(ROWS).mtime.toISOString().slice(0, 10);
const section = [
  START,
  `Measured ${when} by e2e/js-budgets.spec.ts on the build the e2e step made; written by`,
  "`npx tsx bench/js-budget-table.ts`. gzip level 9 of each file in `dist/client` the page loads",
  "without a person's action (decision 0223 says which), each file once.",
  "",
  budgetTable(rows),
  END,
].join("\n");
const doc = readFileSync(DOC, "utf8");
const at = doc.indexOf(START);
const next =
  at >= 0
    ? `${doc.slice(0, at)}${section}${doc.slice(doc.indexOf(END) + END.length)}`
    : doc.replace(
        "### Lighthouse (mobile)",
        `### JavaScript on first load\n\n${section}\n\n### Lighthouse (mobile)`,
      );
writeFileSync(DOC, next);
console.log(budgetTable(rows));
