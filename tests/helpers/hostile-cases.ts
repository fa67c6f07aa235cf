/**
 * The hostile inputs of the hostile-input suites: wrong values for any field, raw JSON literals,
 * deep nesting, prototype-pollution keys, whole-body cases for a route that reads JSON, and odd
 * values for one query parameter.
 */
import type { CallOptions } from "./call";

/** The callers: "test:<uid>" tokens (helpers/test-tokens.ts); the admin's role is its users row. */
export const USER = "hostile-user";
export const ADMIN = "hostile-admin";
export const USER_TOKEN = `test:${USER}`;
export const ADMIN_TOKEN = `test:${ADMIN}`;
export const ALLOWED = [200, 201, 400, 401, 403, 404, 405, 409, 413, 429];

/** Values that are the wrong type (or a hostile value) for any field. */
export const WRONG_VALUES: [string, unknown][] = [
  ["number", 42],
  ["string", "str"],
  ["true", true],
  ["null", null],
  ["array", ["a", 1]],
  ["empty object", {}],
  ["nested object", { a: { b: [{ c: "d" }] } }],
  ["1e308", 1e308],
  ["-0", -0],
  ["1.5", 1.5],
  ["-1", -1],
  ["empty string", ""],
  ["whitespace", "   \t\n "],
  ["lone surrogate", "\ud800"],
  ["lone surrogate in text", "Asha\udfffVerma"],
  ["NUL", "\u0000"],
  ["NUL in text", "Asha\u0000Verma"],
  ["10k string", "x".repeat(10_000)],
  ["100k string (over 64 KiB)", "z".repeat(100_000)],
  ["emoji string", "🧿".repeat(300)],
  ["control characters", "\u0001\u001f\u007f\u2028\u2029\ufeff"],
  ["SQL-ish", "' OR 1=1; drop table users; --"],
  ["LIKE wildcards", "%_\\"],
  ["__proto__ string", "__proto__"],
];

/** JSON literals that JSON.stringify cannot produce, put in a field as raw text. */
export const RAW_LITERALS = [
  "1e400",
  "-1e400",
  "9007199254740993",
  "-0",
  "1e308",
  "99999999999999999999",
];

export const deep = (levels: number, open: string, leaf: string, close: string) =>
  open.repeat(levels) + leaf + close.repeat(levels);
export const PROTO = `"__proto__":{"role":"tm_admin","isAdmin":true},"constructor":{"prototype":{"role":"tm_admin"}}`;

/** Raw JSON text with `extra` members added to the object `base` (raw, so "__proto__" is a real key). */
export function withMembers(base: Record<string, unknown>, extra: string): string {
  const text = JSON.stringify(base);
  return text === "{}" ? `{${extra}}` : `${text.slice(0, -1)},${extra}}`;
}

export interface Case {
  label: string;
  options: CallOptions;
  /** The address called (default: the target's). */
  url?: string;
  /** When set, the only acceptable status. */
  expect?: number;
}

/**
 * Nesting deep enough to overflow a recursive walk of the parsed body (the NUL check once was one:
 * a 500). readJson's walk has its own stack now, so these are answered like any other body.
 */
export function deepCase(label: string, rawBody: string): Case {
  return { label, options: { rawBody } };
}

/** Whole-body inputs for a route that reads a JSON body; `base` is a valid body. */
export function bodyCases(base: Record<string, unknown>, readsBody: boolean): Case[] {
  const must400 = readsBody ? 400 : undefined;
  const cases: Case[] = [
    { label: "body null", options: { body: null }, expect: must400 },
    { label: "body []", options: { body: [] }, expect: must400 },
    { label: 'body "str"', options: { body: "str" }, expect: must400 },
    { label: "body 42", options: { body: 42 }, expect: must400 },
    { label: "body true", options: { body: true } },
    { label: "body {}", options: { body: {} } },
    { label: "no body", options: {} },
    { label: "empty raw body", options: { rawBody: "" } },
    {
      label: "truncated JSON",
      options: { rawBody: JSON.stringify(base).slice(0, -1) },
      expect: must400,
    },
    { label: "not JSON", options: { rawBody: "nul" }, expect: must400 },
    { label: "NaN literal", options: { rawBody: "NaN" }, expect: must400 },
    {
      label: "text/plain content type",
      options: {
        rawBody: JSON.stringify(base),
        headers: { "content-type": "text/plain" },
      },
    },
    {
      label: "lying content-length",
      options: { body: base, headers: { "content-length": "999999999999" } },
    },
    // Deep nesting: a NUL at the bottom is found (400); far deeper than the call stack is answered too.
    {
      label: "1000 nested arrays",
      options: { rawBody: deep(1000, "[", "1", "]") },
    },
    {
      label: "1000 nested objects",
      options: { rawBody: deep(1000, '{"a":', "1", "}") },
    },
    {
      label: "1000 nested arrays in a field, NUL at the bottom",
      options: {
        rawBody: withMembers(base, `"nested":${deep(1000, "[", '"\\u0000"', "]")}`),
      },
      expect: must400,
    },
    deepCase("5000 nested arrays", deep(5000, "[", "1", "]")),
    deepCase("5000 nested objects", deep(5000, '{"a":', "1", "}")),
    deepCase("8000 nested arrays (16 KB)", deep(8000, "[", "", "]")),
    deepCase("30000 nested arrays (60 KB)", deep(30_000, "[", "", "]")),
    deepCase(
      "8000 nested arrays in a field",
      withMembers(base, `"nested":${deep(8000, "[", "1", "]")}`),
    ),
    // NUL below the top level, in a value and in a key.
    {
      label: "NUL in every string, nested",
      options: { body: mapStrings(base, (v) => `${v}\u0000`) },
      expect: must400,
    },
    {
      label: "NUL in a nested key",
      options: { body: { ...base, nested: { "k\u0000": 1 } } },
      expect: must400,
    },
    {
      label: "prototype-pollution keys only",
      options: { rawBody: `{${PROTO}}` },
    },
    {
      label: "valid body + prototype-pollution keys",
      options: { rawBody: withMembers(base, PROTO) },
    },
    {
      label: "valid body + unknown and privileged fields",
      options: {
        body: {
          ...base,
          role: "tm_admin",
          uid: ADMIN,
          email: "evil@example.com",
          price: -1,
          isAdmin: true,
          extra: { a: [1] },
        },
      },
    },
    {
      label: "valid body, duplicated keys",
      options: { rawBody: withMembers(base, `"a":1,"a":"2"`) },
    },
    {
      label: "every field a number",
      options: { body: mapValues(base, () => 1) },
    },
    {
      label: "every field a string",
      options: { body: mapValues(base, () => "1") },
    },
    {
      label: "every field an array",
      options: { body: mapValues(base, () => []) },
    },
    {
      label: "every field an object",
      options: { body: mapValues(base, () => ({ x: { y: 1 } })) },
    },
    {
      label: "every field true",
      options: { body: mapValues(base, () => true) },
    },
    {
      label: "every field null",
      options: { body: mapValues(base, () => null) },
    },
    {
      label: "100k string body (over 64 KiB)",
      options: { body: { ...base, junk: "j".repeat(100_000) } },
    },
  ];
  for (const field of Object.keys(base)) {
    for (const [name, value] of WRONG_VALUES) {
      const nul = typeof value === "string" && value.includes("\u0000");
      cases.push({
        label: `${field}: ${name}`,
        options: { body: { ...base, [field]: value } },
        expect: nul ? must400 : undefined,
      });
    }
    for (const literal of RAW_LITERALS) {
      cases.push({
        label: `${field}: raw ${literal}`,
        options: {
          rawBody: withMembers({ ...base, [field]: undefined }, `"${field}":${literal}`),
        },
      });
    }
  }
  return cases;
}

/** `base` with every string (at any depth, keys excepted) passed through `fn`. */
export function mapStrings(value: unknown, fn: (v: string) => string): any {
  if (typeof value === "string") return fn(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, fn));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, fn)]));
  return value;
}

export function mapValues(
  base: Record<string, unknown>,
  fn: (key: string) => unknown,
): Record<string, unknown> {
  return Object.fromEntries(Object.keys(base).map((key) => [key, fn(key)]));
}

/** Values for one query parameter (`key`), as URL-encoded text. */
export const QUERY_VALUES: [string, string, number?][] = [
  ["missing", ""],
  ["empty", "="],
  ["NUL", "=%00", 400],
  ["NUL in text", "=abc%00def", 400],
  ["lone surrogate bytes", "=%ED%A0%80"],
  ["broken percent", "=%E0%A4%A"],
  ["percent alone", "=%"],
  ["repeated", "=a&{key}=b"],
  ["1e400", "=1e400"],
  ["huge integer", "=99999999999999999999"],
  ["-1", "=-1"],
  ["1.5", "=1.5"],
  ["-0", "=-0"],
  ["1e2", "=1e2"],
  ["hex", "=0x10"],
  ["Infinity", "=Infinity"],
  ["MAX_SAFE_INTEGER", "=9007199254740991"],
  ["MAX_SAFE_INTEGER + 2", "=9007199254740993"],
  ["2^63 - 1", "=9223372036854775807"],
  ["padded", "=%205%20"],
  ["all", "=all"],
  ["inactive", "=inactive"],
  ["long", `=${"k".repeat(5000)}`],
  ["slash and dots", "=..%2F..%2Fetc%2Fpasswd"],
  ["SQL-ish", "=%27%20OR%201%3D1--"],
  ["plus and spaces", "=+a+b+"],
  ["emoji", "=%F0%9F%A7%BF"],
];

export function queryUrl(path: string, key: string, suffix: string): string {
  if (!suffix) return path;
  return `${path}?${key}${suffix.replaceAll("{key}", key)}`;
}
