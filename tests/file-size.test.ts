/**
 * No source file over 300 lines (docs/decisions/0004-testing.md, 0145-file-size-guard.md): every
 * .ts, .tsx, .astro and .mjs file git knows of (tracked, or new and not ignored), tests, e2e and
 * benchmarks included. A file that grows past the limit is split by job; the few exemptions below
 * each say why, and an exemption that is no longer needed fails too, so the list stays short.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { expect, it } from "vitest";

const MAX_LINES = 300;

const EXEMPT: Record<string, string> = {
  "src/server/seed/artwork.ts": "seed data: the demo shop's SVG artwork, text rather than code",
};

/** Tracked files and new ones git does not ignore, as paths from the project's root. */
function sourceFiles(): string[] {
  const listed = execFileSync(
    "git",
    ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", "*.ts", "*.tsx"].concat([
      "*.astro",
      "*.mjs",
    ]),
    { encoding: "utf8" },
  );
  return [...new Set(listed.split("\0").filter(Boolean))].filter((file) => existsSync(file)).sort();
}

function lineCount(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

const files = sourceFiles();
const lines = new Map(files.map((file) => [file, lineCount(readFileSync(file, "utf8"))]));

it("counts lines as an editor shows them", () => {
  expect(lineCount("")).toBe(0);
  expect(lineCount("one")).toBe(1);
  expect(lineCount("one\n")).toBe(1);
  expect(lineCount("one\ntwo\n")).toBe(2);
  expect(files).toContain("tests/file-size.test.ts");
  expect(files.some((file) => file.endsWith(".astro"))).toBe(true);
});

it(`no file is over ${MAX_LINES} lines, but for the exemptions`, () => {
  const over = [...lines]
    .filter(([file, count]) => count > MAX_LINES && !(file in EXEMPT))
    .map(([file, count]) => `${file}: ${count} lines (split it by job)`);
  expect(over).toEqual([]);
});

it("every exemption is still needed (a file split or gone leaves the list)", () => {
  const stale = Object.keys(EXEMPT).filter((file) => (lines.get(file) ?? 0) <= MAX_LINES);
  expect(stale).toEqual([]);
});
