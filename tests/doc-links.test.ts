/**
 * Every relative link in README.md and docs/ resolves: the file or folder it names exists, and a
 * `#anchor` names a heading of that Markdown file (GitHub's heading ids). Links to other sites are
 * not followed (the tests run offline). The README and the reference pages split from it read at
 * 100 columns, tables included.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const DOCS = [
  "README.md",
  ...readdirSync("docs", { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => path.join("docs", file)),
].sort();

/** Markdown without its fenced code blocks and inline code (a link-like text there is not a link). */
const withoutCode = (text: string) =>
  text.replace(/^(```|~~~)[\s\S]*?^\1/gm, "").replace(/`[^`\n]*`/g, "");

/** The targets of `[text](target)` and `![alt](target)` links, and of `[name]: target` definitions. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const defined = [...text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]!);
  return [...inline, ...defined];
}

/** GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingIds(markdown: string): Set<string> {
  const ids = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCode(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = match[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    ids.add(count === 0 ? base : `${base}-${count}`);
  }
  return ids;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** The broken links of one Markdown file, as "file: target (why)". */
function brokenLinks(file: string): string[] {
  const markdown = readFileSync(file, "utf8");
  const broken: string[] = [];
  for (const target of linkTargets(markdown)) {
    if (isExternal(target)) continue;
    const [rawPath, anchor] = target.split("#", 2) as [string, string | undefined];
    const named = rawPath === "" ? file : path.join(path.dirname(file), decodeURI(rawPath));
    if (!existsSync(named)) {
      broken.push(`${file}: ${target} (no such file)`);
      continue;
    }
    if (anchor === undefined || !named.endsWith(".md") || statSync(named).isDirectory()) continue;
    if (!headingIds(readFileSync(named, "utf8")).has(decodeURIComponent(anchor).toLowerCase()))
      broken.push(`${file}: ${target} (no such heading)`);
  }
  return broken;
}

/** The front door and the reference pages moved out of it: no line wider than 100 characters. */
const NARROW = [
  "README.md",
  "docs/configuration.md",
  "docs/api.md",
  "docs/operations.md",
  "docs/portal.md",
  "docs/demo.md",
  "docs/code-map.md",
];

describe("links in the README and docs/", () => {
  it("reads the README and every document under docs/", () => {
    expect(DOCS).toContain("README.md");
    expect(DOCS).toContain(path.join("docs", "configuration.md"));
    expect(DOCS.length).toBeGreaterThan(10);
  });

  it("finds links and heading ids the way GitHub does", () => {
    const sample =
      "# Backups, restores and outgrowing one machine\n## API\n## API\n" +
      "See [a](docs/a.md#x), ![b](images/b.png) and `[not](a link)`.\n[c]: ../c.md\n";
    expect(linkTargets(sample)).toEqual(["docs/a.md#x", "images/b.png", "../c.md"]);
    expect([...headingIds(sample)]).toEqual([
      "backups-restores-and-outgrowing-one-machine",
      "api",
      "api-1",
    ]);
  });

  it("every relative link names a file that exists, and a heading that exists", () => {
    expect(DOCS.flatMap(brokenLinks)).toEqual([]);
  });

  it("the README and its reference pages read at 100 columns, tables included", () => {
    const wide = NARROW.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(({ line }) => [...line].length > 100)
        .map(({ at }) => at),
    );
    expect(wide).toEqual([]);
  });
});
