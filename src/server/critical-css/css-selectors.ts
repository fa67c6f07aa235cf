/**
 * Selectors for the critical-CSS filter (critical-css.ts): which classes a selector list needs, so
 * a rule is kept only when the page uses them. Pure, no I/O (docs/decisions/0050-critical-css-per-page.md).
 */

/** The index of the quote that closes the string opening at `open` (escapes skipped). */
export function stringEnd(css: string, open: number): number {
  const quote = css[open];
  for (let i = open + 1; i < css.length; i++) {
    if (css[i] === "\\") i++;
    else if (css[i] === quote) return i;
  }
  return css.length;
}

/** For each selector of the list, the classes it needs (an empty list: it needs none). */
export function selectorNeeds(selectorList: string): string[][] {
  return splitTopLevel(selectorList).map((selector) => {
    const classes: string[] = [];
    const plain = removeNot(selector);
    for (let i = 0; i < plain.length; i++) {
      const c = plain[i]!;
      if (c === "\\") i++;
      else if (c === '"' || c === "'") i = stringEnd(plain, i);
      else if (c === "[") i = bracketEnd(plain, i);
      else if (c === ".") {
        let name = "";
        let j = i + 1;
        for (; j < plain.length; j++) {
          const d = plain[j]!;
          if (d === "\\") {
            const hex = /^[0-9a-fA-F]{1,6} ?/.exec(plain.slice(j + 1, j + 8));
            if (hex) {
              name += String.fromCodePoint(parseInt(hex[0], 16));
              j += hex[0].length;
            } else {
              name += plain[j + 1] ?? "";
              j++;
            }
          } else if (/[\w\-\u0080-\uffff]/.test(d)) name += d;
          else break;
        }
        if (name) classes.push(name);
        i = j - 1;
      }
    }
    return classes;
  });
}

/** Pseudo-classes that match only while a person points at, focuses or presses something. */
const INTERACTION = /:(hover|focus|focus-visible|focus-within|active)(?![\w-])/;

/**
 * True when every selector of the list matches only during an interaction (`:hover`, `:focus`,
 * `:active`..., outside `:not()`): no element matches it when the page first paints, so such a
 * rule can wait for the whole stylesheet.
 */
export function onlyWhileInteracting(selectorList: string): boolean {
  return splitTopLevel(selectorList).every((selector) =>
    INTERACTION.test(removeEscapes(removeNot(selector))),
  );
}

/** The selector without its escaped characters (`.hover\:x` names a class, not a pseudo-class). */
function removeEscapes(selector: string): string {
  return selector.replace(/\\./g, "");
}

function bracketEnd(text: string, open: number): number {
  for (let i = open + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === '"' || text[i] === "'") i = stringEnd(text, i);
    else if (text[i] === "]") return i;
  }
  return text.length;
}

function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = stringEnd(list, i);
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The selector without its `:not(...)` parts (a class there need not be present). */
function removeNot(selector: string): string {
  let out = "";
  for (let i = 0; i < selector.length; i++) {
    if (selector.startsWith(":not(", i) && selector[i - 1] !== "\\") {
      let depth = 0;
      let j = i + 4;
      for (; j < selector.length; j++) {
        if (selector[j] === "\\") j++;
        else if (selector[j] === "(") depth++;
        else if (selector[j] === ")" && --depth === 0) break;
      }
      i = j;
      continue;
    }
    out += selector[i];
    if (selector[i] === "\\" && i + 1 < selector.length) out += selector[++i];
  }
  return out;
}
