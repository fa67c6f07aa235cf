/**
 * Critical CSS: the rules of the shop's stylesheet that can match something in one page's HTML.
 * Pure (no I/O). The stylesheet is Tailwind's minified build: flat rules inside @layer, @media,
 * @supports blocks (docs/decisions/0050-critical-css-per-page.md).
 *
 * A style rule is kept when one of its selectors names only classes the page uses (classes inside
 * `:not(...)` are ignored, as they need not be present); a rule without a class (preflight, base
 * styles, element selectors) is always kept, and a rule that matches only while a person hovers,
 * focuses or presses something (`:hover`, `:focus`, `:active`...) never is (nothing matches it at
 * the first paint, and the whole stylesheet follows at once), as are @keyframes, @font-face and
 * statements such as `@layer a, b;`. Blocks left empty are dropped. Of the theme's variables and
 * the `@property` rules, only those the kept rules use remain.
 */

import { onlyWhileInteracting, selectorNeeds, stringEnd } from "./css-selectors";

type Node =
  | { kind: "text"; text: string }
  /** `@property --x{...}`: kept when the page's rules use --x. */
  | { kind: "property"; name: string; text: string }
  /** The theme's `:root,:host{--a:..;--b:..}`: only the variables the page's rules use are kept. */
  | { kind: "variables"; selector: string; declarations: { name: string; text: string }[] }
  | { kind: "rule"; text: string; needs: string[][] }
  | { kind: "block"; prelude: string; children: Node[] };

export interface ParsedSheet {
  nodes: Node[];
}

/** Block at-rules whose children are filtered; every other at-rule is kept whole. */
const FILTERED_AT_RULES = /^@(media|supports|layer|container|starting-style|scope)\b/;

/** Parses `css` once (the result is reused for every page). */
export function parseSheet(css: string): ParsedSheet {
  const state = { css, at: 0 };
  return { nodes: parseBlock(state) };
}

function parseBlock(state: { css: string; at: number }): Node[] {
  const { css } = state;
  const nodes: Node[] = [];
  while (state.at < css.length) {
    skipSpaceAndComments(state);
    if (state.at >= css.length) break;
    if (css[state.at] === "}") {
      state.at++;
      break;
    }
    const start = state.at;
    const end = scanPrelude(state);
    const prelude = css.slice(start, end).trim();
    if (css[end] === ";" || end >= css.length) {
      state.at = end + 1;
      nodes.push({ kind: "text", text: `${prelude};` });
      continue;
    }
    // css[end] === "{"
    if (prelude.startsWith("@") && FILTERED_AT_RULES.test(prelude)) {
      state.at = end + 1;
      nodes.push({ kind: "block", prelude, children: parseBlock(state) });
      continue;
    }
    const close = matchingBrace(css, end);
    const text = css.slice(start, close + 1).trim();
    state.at = close + 1;
    const property = /^@property\s+(--[\w-]+)/.exec(prelude);
    if (property) nodes.push({ kind: "property", name: property[1]!, text });
    else if (prelude.startsWith("@")) nodes.push({ kind: "text", text });
    else if (prelude === ":root,:host" && isOnlyVariables(css.slice(end + 1, close))) {
      nodes.push({
        kind: "variables",
        selector: prelude,
        declarations: splitDeclarations(css.slice(end + 1, close)),
      });
    } else
      nodes.push({
        kind: "rule",
        text,
        needs: onlyWhileInteracting(prelude) ? [] : selectorNeeds(prelude),
      });
  }
  return nodes;
}

function isOnlyVariables(body: string): boolean {
  return !body.includes("{") && splitDeclarations(body).every((d) => d.name.startsWith("--"));
}

function splitDeclarations(body: string): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  let depth = 0;
  let start = 0;
  const push = (end: number) => {
    const text = body.slice(start, end).trim();
    if (text) out.push({ name: text.slice(0, text.indexOf(":")).trim(), text });
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(body, i);
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === ";" && depth === 0) {
      push(i);
      start = i + 1;
    }
  }
  push(body.length);
  return out;
}

function skipSpaceAndComments(state: { css: string; at: number }): void {
  const { css } = state;
  for (;;) {
    while (state.at < css.length && /\s/.test(css[state.at]!)) state.at++;
    if (css.startsWith("/*", state.at)) {
      const close = css.indexOf("*/", state.at + 2);
      state.at = close < 0 ? css.length : close + 2;
    } else return;
  }
}

/** Index of the `{` or `;` ending the prelude that starts at state.at (strings and escapes skipped). */
function scanPrelude(state: { css: string; at: number }): number {
  const { css } = state;
  let depth = 0;
  for (let i = state.at; i < css.length; i++) {
    const c = css[i]!;
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth <= 0 && (c === "{" || c === ";")) return i;
  }
  return css.length;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i]!;
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(css, i);
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return css.length - 1;
}

/** Every class named in the page's `class` attributes (HTML entities decoded). */
export function classesInHtml(html: string): Set<string> {
  const classes = new Set<string>();
  for (const match of html.matchAll(/\sclass=(?:"([^"]*)"|'([^']*)')/g)) {
    const value = decodeEntities(match[1] ?? match[2] ?? "");
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt|#39);/gi, (whole, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower === "amp") return "&";
    if (lower === "quot") return '"';
    if (lower === "apos" || lower === "#39") return "'";
    if (lower === "lt") return "<";
    if (lower === "gt") return ">";
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return whole;
  });
}

/**
 * The part of `sheet` that can match an element of a page using `classes`. Theme variables and
 * `@property` rules are kept only when a kept rule (or `html`, for inline styles) uses them.
 */
export function criticalCss(sheet: ParsedSheet, classes: Set<string>, html = ""): string {
  const rules = serialise(sheet.nodes, classes, null);
  const used = new Set<string>();
  const scan = (text: string) => {
    for (const m of text.matchAll(/var\((--[\w-]+)/g)) used.add(m[1]!);
    for (const m of text.matchAll(/[{;](--[\w-]+):/g)) used.add(m[1]!);
  };
  scan(rules);
  scan(html);
  const declarations = new Map<string, string>();
  collectVariables(sheet.nodes, declarations);
  // A kept variable can name others (--default-font-family: var(--font-sans)).
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, text] of declarations) {
      if (!used.has(name)) continue;
      for (const m of text.matchAll(/var\((--[\w-]+)/g)) {
        if (!used.has(m[1]!)) {
          used.add(m[1]!);
          grew = true;
        }
      }
    }
  }
  return serialise(sheet.nodes, classes, used);
}

function collectVariables(nodes: Node[], into: Map<string, string>): void {
  for (const node of nodes) {
    if (node.kind === "variables") for (const d of node.declarations) into.set(d.name, d.text);
    else if (node.kind === "block") collectVariables(node.children, into);
  }
}

/** `used` null: leave variables and @property out (the first pass, which finds what is used). */
function serialise(nodes: Node[], classes: Set<string>, used: Set<string> | null): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "text") out += node.text;
    else if (node.kind === "property") {
      if (used?.has(node.name)) out += node.text;
    } else if (node.kind === "variables") {
      const kept = used ? node.declarations.filter((d) => used.has(d.name)) : [];
      if (kept.length) out += `${node.selector}{${kept.map((d) => d.text).join(";")}}`;
    } else if (node.kind === "rule") {
      if (node.needs.some((needed) => needed.every((name) => classes.has(name)))) out += node.text;
    } else {
      const inner = serialise(node.children, classes, used);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}
