/**
 * Procedural product "photographs" of resin art, as small self-contained SVGs.
 *
 * Every picture is drawn from an ArtSpec (what the object is, its palette, its fill) and a seed
 * string (the product id), so the same input always gives the same bytes. No bitmaps, no external
 * fonts or URLs: generic font families only. `src/server/cli/generate-artwork.ts` writes the files
 * under public/images/; the seed only stores their URLs.
 */

// ---------------------------------------------------------------------------------------------
// Specs and palettes

export type ArtKind =
  | "frame" // standing resin photo frame (count > 1: a set of small frames)
  | "tag" // hanging luggage tag (count 2: a pair)
  | "nameplate" // wall-mounted nameplate / door sign
  | "geode" // round geode / agate wall art (clock: with hands)
  | "panel" // wall panel(s) (count 3: a triptych)
  | "coasters" // flat-lay coaster set
  | "block" // 3D resin block (varmala, photo block); count 2: a pair of cubes
  | "round" // round wall plaque (garland: flowers in a ring; clock: with hands)
  | "heart" // standing heart keepsake
  | "letter" // initial keychain
  | "bookmark"; // pressed-flower bookmark

export type Fill =
  | "clear"
  | "flowers"
  | "waves"
  | "gold"
  | "petals"
  | "agate"
  | "marble"
  | "galaxy"
  | "map"
  | "photo"
  | "footprints"
  | "paw";

export interface Palette {
  /** Resin tints: light, mid, deep. */
  resin: readonly [string, string, string];
  /** Metal leaf / rim colour. */
  accent: string;
  flowers: readonly string[];
  leaf: string;
  /** Text colour on light resin. */
  ink: string;
}

export const PALETTES = {
  ocean: {
    resin: ["#c4ecf1", "#2bb3c0", "#0b4f71"],
    accent: "#d9b25f",
    flowers: ["#ffffff", "#f6d6c8", "#f2b5a4"],
    leaf: "#6f8f6a",
    ink: "#0b3a52",
  },
  rose: {
    resin: ["#fbe3e8", "#f0a6b8", "#b34766"],
    accent: "#d4a24c",
    flowers: ["#f28aa5", "#f7c6d2", "#c2185b", "#ffffff", "#f4b942"],
    leaf: "#7d9a6c",
    ink: "#6d2238",
  },
  emerald: {
    resin: ["#d5efe1", "#3fa37a", "#0d4d3a"],
    accent: "#d8b04f",
    flowers: ["#ffffff", "#f6e7a1", "#f0c6d4"],
    leaf: "#4f7a4a",
    ink: "#0d3b2e",
  },
  amethyst: {
    resin: ["#ece0f7", "#9b6fc9", "#3e1f6b"],
    accent: "#d6ae55",
    flowers: ["#ffffff", "#d9c2f0", "#f3c6e0"],
    leaf: "#6f8a72",
    ink: "#37195e",
  },
  sunset: {
    resin: ["#ffe6c7", "#f39c4a", "#a8402a"],
    accent: "#d9a441",
    flowers: ["#ffd166", "#ef476f", "#ffffff", "#f78c6b"],
    leaf: "#7a8f4f",
    ink: "#6b2616",
  },
  midnight: {
    resin: ["#c9d3ec", "#34457a", "#0e1533"],
    accent: "#e0b957",
    flowers: ["#ffffff", "#c7d2fe", "#f0d9a0"],
    leaf: "#5f7d6e",
    ink: "#101b3d",
  },
  ivory: {
    resin: ["#fbf7ef", "#e8dcc6", "#a88d65"],
    accent: "#c99a3a",
    flowers: ["#ffffff", "#f3e3c3", "#e9b9a8"],
    leaf: "#8a9a74",
    ink: "#4a3a25",
  },
  lavender: {
    resin: ["#f1ebfa", "#b9a3e3", "#5e4a9a"],
    accent: "#d2ab5a",
    flowers: ["#9b7fd1", "#c7b3ec", "#ffffff", "#e7c6f0"],
    leaf: "#6f8a62",
    ink: "#3b2a66",
  },
  marigold: {
    resin: ["#fff0d6", "#f5a623", "#b4460f"],
    accent: "#d9a43c",
    flowers: ["#f29b1d", "#c8102e", "#ffffff", "#f7b733", "#e0457b"],
    leaf: "#5f8a3c",
    ink: "#6b1d0c",
  },
  blush: {
    resin: ["#fdeeee", "#f3b9b2", "#c76b74"],
    accent: "#d8ac5c",
    flowers: ["#f7a8b8", "#ffffff", "#f6d5a8", "#e56b8c"],
    leaf: "#8aa07c",
    ink: "#6b2e3a",
  },
  teal: {
    resin: ["#d3f1ee", "#1f9e9a", "#0b4b4f"],
    accent: "#dcb45c",
    flowers: ["#ffffff", "#ffd6a5", "#fdffb6"],
    leaf: "#5d7f5a",
    ink: "#083b3d",
  },
  charcoal: {
    resin: ["#e3e3e3", "#5a5a5a", "#1b1b1b"],
    accent: "#e0b75a",
    flowers: ["#ffffff", "#f2d7a6"],
    leaf: "#6d7d66",
    ink: "#111111",
  },
  crimson: {
    resin: ["#ffe1e1", "#d7263d", "#7a0b1e"],
    accent: "#d9a64a",
    flowers: ["#c8102e", "#e63950", "#f29b1d", "#ffffff", "#f7b733"],
    leaf: "#4f7d3a",
    ink: "#5a0a16",
  },
} as const satisfies Record<string, Palette>;

export type PaletteName = keyof typeof PALETTES;

export interface ArtSpec {
  kind: ArtKind;
  palette: PaletteName;
  fill?: Fill;
  /** Name / main text (nameplates, tags, varmala names, letter of a keychain). */
  text?: string;
  /** Second line (date, house number). */
  sub?: string;
  count?: number;
  border?: "wood" | "gold" | "white" | "black" | "none";
  /** What sits in the middle of a frame or block. */
  window?: "photo" | "card" | "none";
  landscape?: boolean;
  shape?: "rect" | "round" | "arch";
  clock?: boolean;
  garland?: boolean;
  /** A warm glow behind the piece (LED backlight). */
  lights?: boolean;
}

/** A second picture of the same piece: a close-up of the resin. */
export type ArtView = "main" | "detail";

// ---------------------------------------------------------------------------------------------
// Small deterministic helpers

type Rng = () => number;

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function rngFor(seed: string): Rng {
  let a = hashString(seed) || 1;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();
const intBetween = (rng: Rng, lo: number, hi: number) => Math.floor(between(rng, lo, hi + 1));
function pick<T>(rng: Rng, list: readonly T[]): T {
  const v = list[Math.floor(rng() * list.length) % list.length];
  if (v === undefined) throw new Error("pick from an empty list");
  return v;
}

/** Number for SVG output: one decimal at most. */
const n = (v: number) => String(Math.round(v * 10) / 10);
/** Whole-pixel number, for long paths where a decimal buys nothing visible. */
const n0 = (v: number) => String(Math.round(v));
/** Opacity: two decimals. */
const op = (v: number) => String(Math.round(v * 100) / 100);

function escapeXml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function mix(a: string, b: string, t: number): string {
  const pa = parseInt(a.slice(1), 16);
  const pb = parseInt(b.slice(1), 16);
  const ch = (p: number, s: number) => (p >> s) & 255;
  const c = (s: number) => Math.round(ch(pa, s) + (ch(pb, s) - ch(pa, s)) * t);
  return `#${((1 << 24) | (c(16) << 16) | (c(8) << 8) | c(0)).toString(16).slice(1)}`;
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);

type Pt = [number, number];

/** A smooth path through points (quadratic curves through the midpoints), whole pixels. */
function smooth(pts: readonly Pt[], close = false): string {
  const mid = (p: Pt, q: Pt): Pt => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  const len = pts.length;
  if (len < 2) return "";
  const at = (i: number): Pt => pts[((i % len) + len) % len] as Pt;
  const xy = (p: Pt) => `${n0(p[0])} ${n0(p[1])}`;
  if (close) {
    let d = `M${xy(mid(at(len - 1), at(0)))}`;
    for (let i = 0; i < len; i++) d += `Q${xy(at(i))} ${xy(mid(at(i), at(i + 1)))}`;
    return `${d}Z`;
  }
  let d = `M${xy(at(0))}`;
  for (let i = 1; i < len - 1; i++) d += `Q${xy(at(i))} ${xy(mid(at(i), at(i + 1)))}`;
  return `${d}L${xy(at(len - 1))}`;
}

type Harmonics = { k: number; a: number; p: number }[];

function harmonics(rng: Rng, wobble: number): Harmonics {
  return [2, 3, 5, 7].map((k, i) => ({
    k,
    a: (wobble * between(rng, 0.3, 1)) / (i + 1),
    p: rng() * Math.PI * 2,
  }));
}

function blobPoints(
  cx: number,
  cy: number,
  r: number,
  h: Harmonics,
  steps = 28,
  jitter = 0,
  rng?: Rng,
): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i < steps; i++) {
    const t = (i / steps) * Math.PI * 2;
    let f = 1;
    for (const { k, a, p } of h) f += a * Math.sin(k * t + p);
    if (rng && jitter) f += (rng() - 0.5) * jitter;
    pts.push([cx + Math.cos(t) * r * f, cy + Math.sin(t) * r * f]);
  }
  return pts;
}

// ---------------------------------------------------------------------------------------------
// The document: collects <defs> with ids unique inside one file

type Stop = readonly [offset: number, color: string, opacity?: number];

class Doc {
  private count = 0;
  private readonly defs: string[] = [];
  private readonly blurs = new Map<number, string>();
  private readonly cache = new Map<string, string>();

  id(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count.toString(36)}`;
  }

  private stops(stops: readonly Stop[]): string {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${n(o)}" stop-color="${c}"${a === undefined || a === 1 ? "" : ` stop-opacity="${a}"`}/>`,
      )
      .join("");
  }

  /** Returns `url(#id)`. */
  lin(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const key = `l${x1},${y1},${x2},${y2}|${JSON.stringify(stops)}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const id = this.id("l");
    this.defs.push(
      `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${this.stops(stops)}</linearGradient>`,
    );
    this.cache.set(key, `url(#${id})`);
    return `url(#${id})`;
  }

  rad(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const key = `r${cx},${cy},${r}|${JSON.stringify(stops)}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const id = this.id("r");
    this.defs.push(
      `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${this.stops(stops)}</radialGradient>`,
    );
    this.cache.set(key, `url(#${id})`);
    return `url(#${id})`;
  }

  /** A reusable drawing in <defs>, built once per key; returns its id for <use href="#id">. */
  symbol(key: string, build: () => string): string {
    const hit = this.cache.get(`s|${key}`);
    if (hit) return hit;
    const id = this.id("s");
    this.defs.push(`<g id="${id}">${build()}</g>`);
    this.cache.set(`s|${key}`, id);
    return id;
  }

  /** Returns the attribute `clip-path="url(#id)"`. */
  clip(shape: string): string {
    const id = this.id("c");
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `clip-path="url(#${id})"`;
  }

  /** Returns the attribute `filter="url(#id)"` for a Gaussian blur. */
  blur(sd: number): string {
    let id = this.blurs.get(sd);
    if (!id) {
      id = this.id("b");
      this.blurs.set(sd, id);
      this.defs.push(
        `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
      );
    }
    return `filter="url(#${id})"`;
  }

  render(w: number, h: number, title: string, body: string): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img">` +
      `<title>${escapeXml(title)}</title><defs>${this.defs.join("")}</defs>${body}</svg>\n`
    );
  }
}

const SCRIPT_FONT = "Georgia,'Times New Roman',serif";
const SANS_FONT = "'Helvetica Neue',Arial,sans-serif";
const GOLD = ["#b07d22", "#c9962e", "#e8c063", "#f5dc8f"] as const;

interface Ctx {
  d: Doc;
  rng: Rng;
  pal: Palette;
  spec: ArtSpec;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

// ---------------------------------------------------------------------------------------------
// Backdrops

type Ground = "table" | "wall" | "flatlay";

const WARM: readonly (readonly [string, string, string, string])[] = [
  ["#f7efe6", "#ecdccb", "#d9bfa3", "#c4a27f"],
  ["#f6e9e1", "#ebd2c4", "#d2b29b", "#b9937a"],
  ["#f3ece2", "#e4d6c3", "#e6d8c5", "#cfbb9f"],
  ["#f5e7d5", "#e8cdaf", "#bf946f", "#9c7251"],
  ["#f1ebe3", "#ddd1c2", "#cdb89f", "#b09678"],
];

function backdrop(c: Ctx, w: number, h: number, ground: Ground, sprig: boolean): string {
  const { d, rng } = c;
  const [wallTop, wallBottom, tableTop, tableBottom] = pick(rng, WARM);
  let s = "";
  if (ground === "flatlay") {
    s += `<rect width="${w}" height="${h}" fill="${d.lin(
      [
        [0, lighten(tableTop, 0.25)],
        [1, tableTop],
      ],
      0,
      0,
      1,
      1,
    )}"/>`;
    let grain = "";
    for (let i = 0; i < 16; i++) {
      const y0 = (h / 16) * i + between(rng, 0, h / 16);
      const pts: Pt[] = [];
      for (let x = -20; x <= w + 40; x += w / 5) pts.push([x, y0 + between(rng, -10, 10)]);
      grain += `<path d="${smooth(pts)}" stroke-width="${n(between(rng, 0.8, 3))}" opacity="${op(between(rng, 0.05, 0.14))}"/>`;
    }
    s += `<g fill="none" stroke="${darken(tableBottom, 0.35)}">${grain}</g>`;
    s += `<rect width="${w}" height="${h}" fill="${d.rad(
      [
        [0, "#fff", 0.35],
        [1, "#fff", 0],
      ],
      0.25,
      0.2,
      0.7,
    )}"/>`;
    s += `<rect width="${w}" height="${h}" fill="${d.rad(
      [
        [0.6, "#000", 0],
        [1, "#000", 0.14],
      ],
      0.5,
      0.5,
      0.75,
    )}"/>`;
    return s;
  }
  s += `<rect width="${w}" height="${h}" fill="${d.lin([
    [0, wallTop],
    [1, wallBottom],
  ])}"/>`;
  s += `<rect width="${w}" height="${h}" fill="${d.rad(
    [
      [0, "#fff", 0.55],
      [1, "#fff", 0],
    ],
    0.2,
    0.1,
    0.8,
  )}"/>`;
  if (ground === "table") {
    const ty = Math.round(h * 0.78);
    s += `<rect y="${ty}" width="${w}" height="${h - ty}" fill="${d.lin([
      [0, tableTop],
      [1, tableBottom],
    ])}"/>`;
    s += `<rect y="${ty}" width="${w}" height="3" fill="#fff" opacity=".35"/>`;
    s += `<rect y="${ty - 14}" width="${w}" height="14" fill="${d.lin([
      [0, "#000", 0],
      [1, "#000", 0.06],
    ])}"/>`;
  }
  s += `<rect width="${w}" height="${h}" fill="${d.rad(
    [
      [0.55, "#000", 0],
      [1, "#3a2410", 0.16],
    ],
    0.5,
    0.45,
    0.8,
  )}"/>`;
  if (sprig) s += plantShadow(c, w, h);
  return s;
}

/** The soft shadow of a leafy branch falling across the wall from a window, for depth. */
function plantShadow(c: Ctx, w: number, h: number): string {
  const { d, rng } = c;
  const left = rng() < 0.5;
  const dir = left ? 1 : -1;
  const x0 = left ? -20 : w + 20;
  const y0 = h * between(rng, -0.05, 0.12);
  const pts: Pt[] = [];
  for (let i = 0; i <= 6; i++)
    pts.push([x0 + dir * i * w * 0.06, y0 + i * h * 0.05 + Math.sin(i * 1.3) * 10]);
  let leaves = "";
  pts.forEach(([x, y], i) => {
    if (i === 0) return;
    const side = i % 2 === 0 ? 1 : -1;
    const len = between(rng, 60, 95) * (1 - i * 0.06);
    const angle = dir * (side > 0 ? 150 : 40) + between(rng, -15, 15);
    leaves += `<path d="M0 0Q${n0(len * 0.35)} ${n0(-len / 2)} 0 ${n0(-len)}Q${n0(-len * 0.35)} ${n0(-len / 2)} 0 0Z" transform="translate(${n0(x)} ${n0(y)}) rotate(${n0(angle)})"/>`;
  });
  return `<g fill="#4a2e16" stroke="#4a2e16" opacity=".09" ${d.blur(7)}><path d="${smooth(pts)}" fill="none" stroke-width="6"/>${leaves}</g>`;
}

function castShadow(
  c: Ctx,
  shape: string,
  dx: number,
  dy: number,
  blur: number,
  opacity: number,
): string {
  return `<g transform="translate(${n(dx)} ${n(dy)})" opacity="${opacity}" fill="#3b2414" ${c.d.blur(blur)}>${shape}</g>`;
}

function groundShadow(c: Ctx, cx: number, cy: number, rx: number, ry = 14, opacity = 0.4): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="#3b2414" opacity="${opacity}" ${c.d.blur(9)}/>`;
}

/** The glassy look: a soft top highlight and two diagonal streaks; clip it to the piece. */
function gloss(c: Ctx, r: Rect, strength = 1): string {
  const { d } = c;
  const { x, y, w, h } = r;
  const top = d.lin([
    [0, "#fff", 0.35 * strength],
    [0.35, "#fff", 0],
    [1, "#fff", 0],
  ]);
  const k = w * 0.18;
  return (
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${top}"/>` +
    `<path d="M${n(x + w * 0.12)} ${n(y - 5)}h${n(k)}L${n(x + w * 0.12 + k - h * 0.55)} ${n(y + h + 5)}h${n(-k)}Z" fill="#fff" opacity="${op(0.1 * strength)}"/>` +
    `<path d="M${n(x + w * 0.45)} ${n(y - 5)}h${n(k * 0.22)}L${n(x + w * 0.45 + k * 0.22 - h * 0.55)} ${n(y + h + 5)}h${n(-k * 0.22)}Z" fill="#fff" opacity="${op(0.14 * strength)}"/>`
  );
}

// ---------------------------------------------------------------------------------------------
// Things suspended in resin (each drawn once in <defs> at unit size, then placed with <use>)

const place = (x: number, y: number, angle: number, scale: number) =>
  `transform="translate(${n(x)} ${n(y)}) rotate(${n0(angle)}) scale(${Math.round(scale * 100) / 100})"`;

/** A pressed flower of radius r. */
function flower(c: Ctx, x: number, y: number, r: number, color: string, petals?: number): string {
  const { d, rng } = c;
  const k = petals ?? pick(rng, [5, 5, 6, 8]);
  const id = d.symbol(`flower|${color}|${k}`, () => {
    const g = d.rad(
      [
        [0, lighten(color, 0.45)],
        [0.7, color],
        [1, darken(color, 0.12)],
      ],
      0.5,
      0.95,
      0.9,
    );
    let s = `<g fill="${g}" stroke="${darken(color, 0.25)}" stroke-width=".6" stroke-opacity=".4">`;
    for (let i = 0; i < k; i++)
      s += `<ellipse cy="-5.2" rx="${k > 6 ? 2 : 3}" ry="5.2" transform="rotate(${n0((i * 360) / k)})"/>`;
    const centre =
      color === "#ffffff" || color === "#fdffb6" ? "#f2b632" : mix(color, "#6b3a12", 0.55);
    return `${s}</g><circle r="2" fill="${centre}"/><circle r="1" fill="${darken(centre, 0.3)}" opacity=".6"/>`;
  });
  return `<use href="#${id}" ${place(x, y, rng() * 360, r / 10)} opacity=".94"/>`;
}

function leaf(c: Ctx, x: number, y: number, len: number, angle: number, color: string): string {
  const id = c.d.symbol(
    `leaf|${color}`,
    () =>
      `<path d="M0 0Q3.2 -5 0 -10Q-3.2 -5 0 0Z" fill="${color}"/><path d="M0 0L0 -9.2" stroke="${lighten(color, 0.35)}" stroke-width=".15"/>`,
  );
  return `<use href="#${id}" ${place(x, y, angle, len / 10)} opacity=".9"/>`;
}

/** A pressed fern frond: a curved stem with paired leaflets. */
function fern(c: Ctx, x: number, y: number, len: number, angle: number, color: string): string {
  const id = c.d.symbol(`fern|${color}`, () => {
    let s = `<path d="M0 0Q10 -50 0 -100" stroke="${color}" stroke-width="1.6" fill="none"/><g fill="${color}">`;
    const pairs = 7;
    for (let i = 1; i <= pairs; i++) {
      const t = i / (pairs + 1);
      const ly = -100 * t;
      const lx = 9 * Math.sin(Math.PI * t);
      const l = 20 * (1 - t * 0.7);
      s += `<ellipse cx="${n(lx + l * 0.5)}" cy="${n(ly)}" rx="${n(l * 0.5)}" ry="${n(l * 0.16)}" transform="rotate(-25 ${n(lx)} ${n(ly)})"/>`;
      s += `<ellipse cx="${n(lx - l * 0.5)}" cy="${n(ly)}" rx="${n(l * 0.5)}" ry="${n(l * 0.16)}" transform="rotate(25 ${n(lx)} ${n(ly)})"/>`;
    }
    return `${s}</g>`;
  });
  return `<use href="#${id}" ${place(x, y, angle, len / 100)} opacity=".85"/>`;
}

function goldFlakes(c: Ctx, r: Rect, count: number, size = 1): string {
  const { rng } = c;
  const centres: Pt[] = [0, 1, 2].map(() => [
    between(rng, r.x, r.x + r.w),
    between(rng, r.y, r.y + r.h),
  ]);
  const byColour = GOLD.map(() => "");
  for (let i = 0; i < count; i++) {
    let x: number;
    let y: number;
    if (rng() < 0.65) {
      const [cx, cy] = pick(rng, centres);
      const a = rng() * Math.PI * 2;
      const dist = rng() ** 1.6 * Math.min(r.w, r.h) * 0.35;
      x = cx + Math.cos(a) * dist;
      y = cy + Math.sin(a) * dist;
    } else {
      x = between(rng, r.x, r.x + r.w);
      y = between(rng, r.y, r.y + r.h);
    }
    const sz = between(rng, 1.5, 6.5) * size * (rng() < 0.1 ? 1.8 : 1);
    const k = intBetween(rng, 3, 5);
    let d = "";
    for (let j = 0; j < k; j++) {
      const a = (j / k) * Math.PI * 2 + between(rng, -0.4, 0.4);
      const rr = sz * between(rng, 0.5, 1.1);
      d += `${j ? "L" : "M"}${n0(x + Math.cos(a) * rr)} ${n0(y + Math.sin(a) * rr)}`;
    }
    const slot = Math.floor(rng() * GOLD.length);
    byColour[slot] += `${d}Z`;
  }
  return byColour.map((d, i) => (d ? `<path d="${d}" fill="${GOLD[i]}"/>` : "")).join("");
}

function goldVein(c: Ctx, r: Rect, width: number): string {
  const { rng, d } = c;
  const pts: Pt[] = [];
  const horizontal = rng() < 0.5;
  for (let i = 0; i <= 6; i++) {
    const t = i / 6;
    pts.push(
      horizontal
        ? [r.x - 10 + (r.w + 20) * t, r.y + r.h * between(rng, 0.25, 0.75)]
        : [r.x + r.w * between(rng, 0.25, 0.75), r.y - 10 + (r.h + 20) * t],
    );
  }
  const g = d.lin(
    [
      [0, GOLD[0]],
      [0.5, GOLD[3]],
      [1, GOLD[1]],
    ],
    0,
    0,
    1,
    1,
  );
  return `<path d="${smooth(pts)}" fill="none" stroke="${g}" stroke-width="${n(width)}" stroke-linecap="round"/>`;
}

function rosePetal(c: Ctx, x: number, y: number, r: number, color: string): string {
  const { d, rng } = c;
  const id = d.symbol(
    "petal",
    () =>
      `<path d="M0 0C7 -2 8 -10 2 -10Q0 -8.5 -2 -10C-8 -10 -7 -2 0 0Z"/><path d="M0 -1Q1 -5 0 -8.5" fill="none" stroke="#fff" stroke-width=".3" opacity=".35"/>`,
  );
  const g = d.rad(
    [
      [0, lighten(color, 0.35)],
      [0.6, color],
      [1, darken(color, 0.3)],
    ],
    0.5,
    1,
    1.05,
  );
  return `<use href="#${id}" ${place(x, y, rng() * 360, r / 10)} fill="${g}"/>`;
}

const MARIGOLDS = ["#f29b1d", "#f5a623", "#e8780c", "#f7b733"] as const;

function marigold(c: Ctx, x: number, y: number, r: number): string {
  const { d, rng } = c;
  const base = pick(rng, MARIGOLDS);
  const id = d.symbol(`marigold|${base}`, () => {
    const dark = darken(base, 0.22);
    const light = lighten(base, 0.3);
    return (
      `<circle r="8.2" fill="${dark}" stroke="${base}" stroke-width="3.6" stroke-dasharray="1.6 .9"/>` +
      `<circle r="5.5" fill="${base}" stroke="${light}" stroke-width="2.6" stroke-dasharray="1.2 .7"/>` +
      `<circle r="2.5" fill="${light}" stroke="${dark}" stroke-width="1.4" stroke-dasharray=".7 .6"/>`
    );
  });
  return `<use href="#${id}" ${place(x, y, rng() * 90, r / 10)}/>`;
}

function jasmine(c: Ctx, x: number, y: number, r: number): string {
  const id = c.d.symbol(
    "jasmine",
    () =>
      `<ellipse rx="4.5" ry="10" fill="#fffaf0"/><ellipse cy="8" rx="2.5" ry="3.5" fill="#b5c98a"/>`,
  );
  return `<use href="#${id}" ${place(x, y, c.rng() * 360, r / 10)}/>`;
}

/** Random points inside r, away from `avoid`, not too close to each other. */
function scatter(c: Ctx, r: Rect, count: number, minDist: number, avoid?: Rect): Pt[] {
  const out: Pt[] = [];
  for (let tries = 0; out.length < count && tries < count * 40; tries++) {
    const p: Pt = [between(c.rng, r.x, r.x + r.w), between(c.rng, r.y, r.y + r.h)];
    if (
      avoid &&
      p[0] > avoid.x - minDist * 0.4 &&
      p[0] < avoid.x + avoid.w + minDist * 0.4 &&
      p[1] > avoid.y - minDist * 0.4 &&
      p[1] < avoid.y + avoid.h + minDist * 0.4
    )
      continue;
    if (out.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < minDist)) continue;
    out.push(p);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Fills: everything drawn inside a region (the caller clips it)

function tintedBase(c: Ctx, r: Rect, strength = 1): string {
  const { d, pal } = c;
  const g = d.lin(
    [
      [0, lighten(pal.resin[0], 0.5)],
      [0.55, pal.resin[0]],
      [1, mix(pal.resin[0], pal.resin[1], 0.35 * strength)],
    ],
    0,
    0,
    1,
    1,
  );
  return `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" fill="${g}"/>`;
}

function colourClouds(c: Ctx, r: Rect, count: number, opacity: number): string {
  const { d, rng, pal } = c;
  let s = "";
  for (let i = 0; i < count; i++) {
    const rr = Math.min(r.w, r.h) * between(rng, 0.18, 0.4);
    s += `<circle cx="${n(between(rng, r.x, r.x + r.w))}" cy="${n(between(rng, r.y, r.y + r.h))}" r="${n(rr)}" fill="${pick(rng, [pal.resin[1], pal.resin[2], pal.resin[1]])}"/>`;
  }
  return `<g opacity="${opacity}" ${d.blur(Math.round(Math.min(r.w, r.h) / 14))}>${s}</g>`;
}

/** Fluid-art swirls: broad soft ribbons of colour with thin white "cell" lines along them. */
function swirls(c: Ctx, r: Rect, count: number): string {
  const { d, rng, pal } = c;
  let ribbons = "";
  let lines = "";
  for (let i = 0; i < count; i++) {
    const pts: Pt[] = [];
    const y0 = between(rng, r.y, r.y + r.h);
    const tilt = between(rng, -0.6, 0.6) * r.h;
    for (let k = 0; k <= 5; k++) {
      const t = k / 5;
      pts.push([
        r.x - 30 + (r.w + 60) * t,
        y0 + tilt * (t - 0.5) + between(rng, -0.12, 0.12) * r.h,
      ]);
    }
    const path = smooth(pts);
    const w = Math.min(r.w, r.h) * between(rng, 0.08, 0.2);
    ribbons += `<path d="${path}" stroke="${pick(rng, [pal.resin[1], pal.resin[2], pal.resin[1], lighten(pal.resin[1], 0.3)])}" stroke-width="${n0(w)}"/>`;
    if (i % 2 === 0)
      lines += `<path d="${path}" stroke-width="${n(between(rng, 1, 2.5))}" transform="translate(0 ${n0(w * 0.45)})"/>`;
  }
  return (
    `<g fill="none" stroke-linecap="round" opacity=".75" ${d.blur(Math.max(2, Math.round(Math.min(r.w, r.h) / 60)))}>${ribbons}</g>` +
    `<g fill="none" stroke="#fff" opacity=".6">${lines}</g>`
  );
}

function fillRegion(c: Ctx, fill: Fill, r: Rect, avoid?: Rect, density = 1): string {
  switch (fill) {
    case "clear":
      return tintedBase(c, r) + colourClouds(c, r, 3, 0.25) + goldFlakes(c, r, 18, 0.8);
    case "flowers":
      return flowersFill(c, r, avoid, density);
    case "waves":
      return wavesFill(c, r);
    case "gold":
      return (
        tintedBase(c, r, 2) +
        colourClouds(c, r, 2, 0.3) +
        swirls(c, r, 5) +
        goldVein(c, r, 4) +
        goldFlakes(c, r, 70)
      );
    case "petals":
      return petalsFill(c, r, avoid);
    case "agate":
      return agateFill(c, r);
    case "marble":
      return marbleFill(c, r);
    case "galaxy":
      return galaxyFill(c, r);
    case "map":
      return mapFill(c, r);
    case "photo":
      return photoFill(c, r);
    case "footprints":
      return footprintsFill(c, r);
    case "paw":
      return pawFill(c, r);
  }
}

function flowersFill(c: Ctx, r: Rect, avoid?: Rect, density = 1): string {
  const { rng, pal } = c;
  const size = Math.min(Math.sqrt(r.w * r.h) * 0.8, Math.max(r.w, r.h) * 0.6) / Math.sqrt(density);
  let s = tintedBase(c, r) + colourClouds(c, r, 2, 0.18);
  const spots = scatter(c, r, Math.round(between(rng, 10, 14) * density), size * 0.15, avoid);
  spots.forEach(([x, y], i) => {
    if (i % 3 === 2)
      s +=
        rng() < 0.5
          ? fern(
              c,
              x,
              y + size * 0.1,
              size * between(rng, 0.22, 0.32),
              between(rng, -50, 50),
              pal.leaf,
            )
          : leaf(c, x, y, size * 0.12, rng() * 360, pal.leaf) +
            leaf(c, x, y, size * 0.1, rng() * 360, lighten(pal.leaf, 0.15));
  });
  spots.forEach(([x, y], i) => {
    if (i % 3 !== 2) s += flower(c, x, y, size * between(rng, 0.075, 0.13), pick(rng, pal.flowers));
  });
  // baby's breath: tiny white dots
  for (const [x, y] of scatter(c, r, 14, size * 0.03, avoid))
    s += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(between(rng, 1.5, 3.2))}" fill="#fff" opacity=".9"/>`;
  return s + goldFlakes(c, r, 24, 0.8);
}

function wavesFill(c: Ctx, r: Rect): string {
  const { d, rng, pal } = c;
  const { x, y, w, h } = r;
  const slope = between(rng, -0.18, 0.18);
  const shore = y + h * between(rng, 0.58, 0.68);
  const line = (base: number, amp: number, phase: number, freq: number): Pt[] => {
    const pts: Pt[] = [];
    for (let i = 0; i <= 10; i++) {
      const px = x - 20 + ((w + 40) * i) / 10;
      pts.push([
        px,
        base +
          slope * (px - x - w / 2) +
          amp * Math.sin(freq * (i / 10) * Math.PI * 2 + phase) +
          amp * 0.4 * Math.sin(3.3 * i + phase),
      ]);
    }
    return pts;
  };
  const below = (pts: Pt[]) =>
    `${smooth(pts)}L${n(x + w + 20)} ${n(y + h + 20)}L${n(x - 20)} ${n(y + h + 20)}Z`;
  const sea = d.lin([
    [0, pal.resin[2]],
    [0.55, pal.resin[1]],
    [1, lighten(pal.resin[1], 0.45)],
  ]);
  let s = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${sea}"/>`;
  // deep-water colour cells
  s += `<g opacity=".35" ${d.blur(Math.round(h / 25))}>`;
  for (let i = 0; i < 4; i++)
    s += `<ellipse cx="${n(between(rng, x, x + w))}" cy="${n(between(rng, y, shore - h * 0.2))}" rx="${n(w * 0.25)}" ry="${n(h * 0.08)}" fill="${pick(rng, [pal.resin[2], lighten(pal.resin[1], 0.3)])}"/>`;
  s += "</g>";
  // sand
  const sand = d.lin([
    [0, "#e9d3ad"],
    [1, "#cfae7c"],
  ]);
  const sandLine = line(shore, h * 0.025, rng() * 6, 1.2);
  s += `<path d="${below(sandLine)}" fill="${sand}"/>`;
  s += goldFlakes(c, { x, y: shore + h * 0.06, w, h: h * 0.3 }, 22, 0.6);
  // white wash just above the sand, then foam lines with lacing
  const wash = line(shore - h * 0.045, h * 0.03, rng() * 6, 1.6);
  s += `<path d="${below(wash)}" fill="#fff" opacity=".55"/>`;
  s += `<path d="${below(sandLine)}" fill="${sand}" opacity=".6"/>`;
  let foam = "";
  let lace = "";
  for (let k = 0; k < 5; k++) {
    const pts = line(
      shore - h * (0.05 + k * 0.075),
      h * (0.02 + k * 0.004),
      rng() * 6,
      1.4 + k * 0.3,
    );
    foam += `<path d="${smooth(pts)}" stroke-width="${n(Math.max(1.5, h * (0.022 - k * 0.0035)))}" opacity="${op(0.95 - k * 0.15)}"/>`;
    if (k < 3) {
      for (let j = 0; j < 9; j++) {
        const p = pick(rng, pts);
        lace += `<circle cx="${n(p[0] + between(rng, -w * 0.05, w * 0.05))}" cy="${n(p[1] + between(rng, -h * 0.03, -h * 0.005))}" r="${n(between(rng, 1.5, h * 0.012))}"/>`;
      }
    }
  }
  s += `<g fill="none" stroke="#fff" stroke-linecap="round">${foam}</g><g fill="none" stroke="#fff" stroke-width="1.2" opacity=".8">${lace}</g>`;
  return s;
}

function petalsFill(c: Ctx, r: Rect, avoid?: Rect): string {
  const { rng, pal } = c;
  const size = Math.min(r.w, r.h);
  let s = tintedBase(c, r) + colourClouds(c, r, 3, 0.2);
  const reds = pal.flowers.filter((f) => f !== "#ffffff" && f !== "#f29b1d" && f !== "#f7b733");
  const spots = scatter(
    c,
    r,
    Math.round(48 * Math.min(1.3, Math.max(0.6, (r.w * r.h) / 160000))),
    size * 0.055,
    avoid,
  );
  spots.forEach(([x, y], i) => {
    if (i % 9 === 4) s += leaf(c, x, y, size * 0.13, rng() * 360, pal.leaf);
  });
  spots.forEach(([x, y], i) => {
    if (i % 9 === 4) return;
    if (i % 9 === 1 || i % 9 === 7) s += marigold(c, x, y, size * between(rng, 0.045, 0.065));
    else if (i % 9 === 3) s += jasmine(c, x, y, size * 0.03);
    else
      s += rosePetal(
        c,
        x,
        y,
        size * between(rng, 0.06, 0.1),
        pick(rng, reds.length ? reds : ["#c8102e"]),
      );
  });
  return s + goldFlakes(c, r, 26, 0.8);
}

function agateBands(c: Ctx, cx: number, cy: number, radius: number, bands: number): string {
  const { rng, pal, d } = c;
  const h = harmonics(rng, 0.11);
  const deep = pal.resin[2];
  const mid = pal.resin[1];
  const light = lighten(pal.resin[0], 0.4);
  // Band widths vary like real agate: mostly thin, a few broad.
  const widths: number[] = [];
  for (let i = 0; i < bands; i++)
    widths.push(rng() < 0.2 ? between(rng, 1.5, 2.4) : between(rng, 0.35, 1));
  const total = widths.reduce((a, b) => a + b, 0);
  const core = radius * 0.17;
  let r = radius;
  let s = "";
  for (let i = 0; i < bands; i++) {
    const t = Math.min(1, Math.max(0, i / (bands - 1) + between(rng, -0.3, 0.3)));
    let col = t < 0.5 ? mix(deep, mid, t * 2) : mix(mid, light, (t - 0.5) * 2);
    if ((widths[i] ?? 1) < 0.6 && rng() < 0.5) col = "#ffffff";
    else if (rng() < 0.15) col = mix(pal.accent, col, 0.6);
    const scaled = h.map((x) => ({ ...x, a: x.a * (0.5 + 0.7 * t) }));
    const line = i % 3 === 1 ? ` stroke="#fff" stroke-width="1.4" stroke-opacity=".55"` : "";
    s += `<path d="${smooth(blobPoints(cx, cy, r, scaled, radius < 400 ? 16 : 22, 0.02, rng), true)}" fill="${col}"${line}/>`;
    r -= ((radius - core) * (widths[i] ?? 1)) / total;
  }
  // depth: the outer bands look deeper
  s += `<circle cx="${n0(cx)}" cy="${n0(cy)}" r="${n0(radius)}" fill="${d.rad([
    [0.4, deep, 0],
    [1, deep, 0.35],
  ])}"/>`;
  // druzy crystal centre
  s += `<path d="${smooth(blobPoints(cx, cy, core * 1.05, h, 16), true)}" fill="${d.rad([
    [0, "#ffffff"],
    [1, lighten(mid, 0.45)],
  ])}"/>`;
  const shades = ["#ffffff", lighten(mid, 0.6), lighten(pal.resin[0], 0.2)];
  const paths = shades.map(() => "");
  for (let i = 0, count = Math.min(48, Math.round(core * 0.6)); i < count; i++) {
    const a = rng() * Math.PI * 2;
    const dist = Math.sqrt(rng()) * core * 0.92;
    const x = cx + Math.cos(a) * dist;
    const y = cy + Math.sin(a) * dist;
    const k = between(rng, 3, 9) * (1 - dist / core / 2);
    const slot = i % shades.length;
    paths[slot] += `M${n0(x)} ${n0(y - k)}l${n0(k * 0.7)} ${n0(k * 1.5)}h${n0(-k * 1.4)}Z`;
  }
  return s + paths.map((p, i) => `<path d="${p}" fill="${shades[i]}" opacity=".9"/>`).join("");
}

function agateFill(c: Ctx, r: Rect): string {
  const { rng } = c;
  const cx = r.x + r.w * between(rng, 0.3, 0.7);
  const cy = r.y + r.h * between(rng, 0.35, 0.65);
  const radius = Math.hypot(r.w, r.h) * 0.75;
  return agateBands(c, cx, cy, radius, r.w < 400 ? 10 : 18) + goldFlakes(c, r, 16);
}

function marbleFill(c: Ctx, r: Rect): string {
  const { d, rng, pal } = c;
  let s = `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" fill="${d.lin(
    [
      [0, "#fbfaf7"],
      [1, mix("#eeeae4", pal.resin[0], 0.5)],
    ],
    0,
    0,
    1,
    1,
  )}"/>`;
  let veins = "";
  for (let i = 0; i < 7; i++) {
    const pts: Pt[] = [];
    const y0 = between(rng, r.y, r.y + r.h);
    const y1 = between(rng, r.y, r.y + r.h);
    for (let k = 0; k <= 6; k++) {
      const t = k / 6;
      pts.push([
        r.x - 10 + (r.w + 20) * t,
        y0 + (y1 - y0) * t + between(rng, -r.h * 0.06, r.h * 0.06),
      ]);
    }
    veins += `<path d="${smooth(pts)}" stroke-width="${n(between(rng, 0.8, 3.5))}" opacity="${op(between(rng, 0.15, 0.45))}"/>`;
  }
  s += `<g fill="none" stroke="${mix("#8d8a87", pal.resin[2], 0.2)}">${veins}</g>`;
  s += goldVein(c, r, 3) + goldVein(c, r, 1.5) + goldFlakes(c, r, 20, 0.8);
  return s;
}

function galaxyFill(c: Ctx, r: Rect): string {
  const { d, rng, pal } = c;
  let s = `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" fill="${d.rad(
    [
      [0, pal.resin[1]],
      [1, darken(pal.resin[2], 0.4)],
    ],
    0.4,
    0.4,
    0.8,
  )}"/>`;
  let neb = "";
  for (let i = 0; i < 5; i++) {
    const ex = between(rng, r.x, r.x + r.w);
    const ey = between(rng, r.y, r.y + r.h);
    neb += `<ellipse cx="${n0(ex)}" cy="${n0(ey)}" rx="${n0(r.w * between(rng, 0.15, 0.32))}" ry="${n0(r.h * between(rng, 0.07, 0.15))}" transform="rotate(${n0(between(rng, -40, 40))} ${n0(ex)} ${n0(ey)})" fill="${pick(rng, ["#ff7ab6", "#7ad7ff", pal.resin[0], "#b388ff", pal.resin[1]])}"/>`;
  }
  s += `<g opacity=".6" ${d.blur(Math.round(Math.min(r.w, r.h) / 14))}>${neb}</g>`;
  s += swirls(c, r, 3);
  let stars = "";
  for (let i = 0; i < 110; i++)
    stars += `<circle cx="${n0(between(rng, r.x, r.x + r.w))}" cy="${n0(between(rng, r.y, r.y + r.h))}" r="${n(rng() ** 3 * 2.6 + 0.5)}"/>`;
  s += `<g fill="#fff" opacity=".9">${stars}</g>`;
  return s + goldFlakes(c, r, 22, 0.9);
}

function mapFill(c: Ctx, r: Rect): string {
  const { d, rng, pal } = c;
  let s = `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" fill="${d.lin([
    [0, "#f6ecd6"],
    [1, "#e8d3ab"],
  ])}"/>`;
  s += `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" fill="${pal.resin[1]}" opacity=".25"/>`;
  let land = "";
  for (let i = 0; i < 5; i++) {
    const rr = Math.min(r.w, r.h) * between(rng, 0.1, 0.2);
    land += `<path d="${smooth(blobPoints(between(rng, r.x, r.x + r.w), between(rng, r.y, r.y + r.h), rr, harmonics(rng, 0.25), 18), true)}"/>`;
  }
  s += `<g fill="${mix(pal.resin[2], "#8a6a3a", 0.4)}" opacity=".55">${land}</g>`;
  const pts: Pt[] = [0.15, 0.4, 0.65, 0.85].map((t) => [
    r.x + r.w * t,
    r.y + r.h * between(rng, 0.3, 0.7),
  ]);
  s += `<path d="${smooth(pts)}" fill="none" stroke="${pal.accent}" stroke-width="2.5" stroke-dasharray="6 6"/>`;
  const last = pts[pts.length - 1] as Pt;
  s += `<path transform="translate(${n(last[0])} ${n(last[1])}) rotate(-20) scale(1.4)" d="M-10 0L10 -2L12 0L10 2ZM-2 -1L-6 -9L-3 -9L4 -1ZM-2 1L-6 9L-3 9L4 1ZM-9 0L-12 -4L-10 -4L-7 0Z" fill="${pal.ink}"/>`;
  return s + goldFlakes(c, r, 14, 0.7);
}

/** A printed photograph: sunset, sea, hills and two figures. */
function photoFill(c: Ctx, r: Rect): string {
  const { d, rng } = c;
  const skies = [
    ["#f6bd60", "#f28482", "#84a59d"],
    ["#a8dadc", "#f1faee", "#457b9d"],
    ["#ffcad4", "#f4acb7", "#9d8189"],
    ["#ffd6a5", "#ffadad", "#6d6875"],
  ] as const;
  const [a, b, ground] = pick(rng, skies);
  const { x, y, w, h } = r;
  let s = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${d.lin([
    [0, b],
    [1, a],
  ])}"/>`;
  s += `<circle cx="${n(x + w * between(rng, 0.3, 0.7))}" cy="${n(y + h * 0.55)}" r="${n(w * 0.12)}" fill="#fff6da" opacity=".9"/>`;
  const hill = (base: number, col: string) => {
    const pts: Pt[] = [];
    for (let i = 0; i <= 6; i++)
      pts.push([x - 10 + ((w + 20) * i) / 6, y + h * base + between(rng, -h * 0.08, h * 0.05)]);
    return `<path d="${smooth(pts)}L${n(x + w + 10)} ${n(y + h + 10)}L${n(x - 10)} ${n(y + h + 10)}Z" fill="${col}"/>`;
  };
  s += hill(0.62, mix(ground, "#ffffff", 0.3)) + hill(0.75, ground);
  const fx = x + w * between(rng, 0.35, 0.6);
  const fy = y + h * 0.83;
  const k = h / 240;
  const fig = (ox: number, tall: number) =>
    `<circle cx="${n(fx + ox)}" cy="${n(fy - 50 * k * tall)}" r="${n(7 * k)}"/><rect x="${n(fx + ox - 8 * k)}" y="${n(fy - 42 * k * tall)}" width="${n(16 * k)}" height="${n(44 * k * tall)}" rx="${n(6 * k)}"/>`;
  s += `<g fill="${darken(ground, 0.55)}">${fig(0, 1)}${fig(20 * k, 0.92)}</g>`;
  return s;
}

function footprint(x: number, y: number, s: number, flip: boolean, col: string): string {
  const f = flip ? -1 : 1;
  let t = `<g transform="translate(${n(x)} ${n(y)}) scale(${n(f * s)} ${n(s)})" fill="${col}">`;
  t += `<path d="M0 -30C14 -30 18 -12 14 4C11 16 12 30 2 34C-8 37 -12 26 -11 14C-10 2 -16 -8 -12 -20C-10 -27 -5 -30 0 -30Z"/>`;
  const toes: [number, number, number][] = [
    [-9, -40, 5.5],
    [1, -43, 4.5],
    [9, -41, 4],
    [15, -36, 3.4],
    [19, -29, 3],
  ];
  for (const [tx, ty, tr] of toes) t += `<circle cx="${tx}" cy="${ty}" r="${tr}"/>`;
  return `${t}</g>`;
}

function footprintsFill(c: Ctx, r: Rect): string {
  const { pal } = c;
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h * 0.45;
  const s = Math.min(r.w, r.h) / 260;
  return (
    tintedBase(c, r) +
    colourClouds(c, r, 3, 0.2) +
    goldFlakes(c, r, 30, 0.8) +
    `<g opacity=".9">${footprint(cx - 40 * s, cy, s * 1.5, true, pal.resin[2])}${footprint(cx + 40 * s, cy + 12 * s, s * 1.5, false, pal.resin[2])}</g>`
  );
}

function pawFill(c: Ctx, r: Rect): string {
  const { pal, rng } = c;
  const cx = r.x + r.w / 2;
  const cy = r.y + r.h * 0.36;
  const s = Math.min(r.w, r.h) / 300;
  let paw = `<g transform="translate(${n(cx)} ${n(cy)}) scale(${n(s * 1.6)})" fill="${pal.resin[2]}" opacity=".9">`;
  paw += `<path d="M0 8C18 8 30 22 30 34C30 46 18 48 0 44C-18 48 -30 46 -30 34C-30 22 -18 8 0 8Z"/>`;
  for (const [x, y, rr] of [
    [-30, -8, 10],
    [-11, -22, 11],
    [11, -22, 11],
    [30, -8, 10],
  ] as const)
    paw += `<ellipse cx="${x}" cy="${y}" rx="${rr}" ry="${rr * 1.25}"/>`;
  paw += "</g>";
  const flowers = scatter(c, r, 4, Math.min(r.w, r.h) * 0.25, {
    x: cx - 70 * s,
    y: cy - 70 * s,
    w: 140 * s,
    h: 140 * s,
  })
    .map(([x, y]) => flower(c, x, y, Math.min(r.w, r.h) * 0.06, pick(rng, pal.flowers)))
    .join("");
  return tintedBase(c, r) + colourClouds(c, r, 2, 0.2) + flowers + paw + goldFlakes(c, r, 26, 0.8);
}

// ---------------------------------------------------------------------------------------------
// Text

function nameText(
  c: Ctx,
  x: number,
  y: number,
  text: string,
  size: number,
  light: boolean,
  opts: { italic?: boolean; maxWidth?: number; anchor?: string } = {},
): string {
  const { d, pal } = c;
  const italic = opts.italic ?? true;
  let fs = size;
  if (opts.maxWidth) fs = Math.min(size, opts.maxWidth / Math.max(1, text.length * 0.56));
  const goldText = d.lin([
    [0, "#f7e1a1"],
    [0.5, "#d4a53c"],
    [1, "#a8761f"],
  ]);
  const fill = light ? goldText : pal.ink;
  const style = `font-family="${SCRIPT_FONT}"${italic ? ` font-style="italic"` : ""} font-size="${n(fs)}" text-anchor="${opts.anchor ?? "middle"}"`;
  const t = escapeXml(text);
  const edge = light
    ? ` stroke="#5c3d0a" stroke-width="${n(Math.max(0.8, fs / 60))}" stroke-opacity=".7" paint-order="stroke"`
    : "";
  return (
    `<text x="${n(x + 2)}" y="${n(y + 3)}" ${style} fill="#1a0f05" opacity="${light ? ".55" : ".25"}" ${d.blur(2)}>${t}</text>` +
    `<text x="${n(x)}" y="${n(y)}" ${style} fill="${fill}"${edge}>${t}</text>`
  );
}

function subText(
  _c: Ctx,
  x: number,
  y: number,
  text: string,
  size: number,
  colour: string,
): string {
  return `<text x="${n(x)}" y="${n(y)}" font-family="${SANS_FONT}" font-size="${n(size)}" letter-spacing="${n(size * 0.25)}" text-anchor="middle" fill="${colour}">${escapeXml(text.toUpperCase())}</text>`;
}

// ---------------------------------------------------------------------------------------------
// Objects. Coordinates are in an 800 x 800 scene; the table line is at y = 624.

interface Drawn {
  ground: Ground;
  body: string;
}

const fillOf = (spec: ArtSpec, fallback: Fill): Fill => spec.fill ?? fallback;
const darkFill = (f: Fill) => f === "waves" || f === "galaxy" || f === "agate" || f === "photo";

function resinSlab(c: Ctx, shape: string, r: Rect, fill: Fill, avoid?: Rect, density = 1): string {
  const clip = c.d.clip(shape);
  return (
    `<g ${clip}>${fillRegion(c, fill, r, avoid, density)}${gloss(c, r)}</g>` +
    shape.replace("/>", ` fill="none" stroke="#ffffff" stroke-width="3" opacity=".55"/>`)
  );
}

function frameAt(c: Ctx, r: Rect, standing: boolean): string {
  const { d, spec } = c;
  const border = spec.border ?? "none";
  const fill = fillOf(spec, "flowers");
  const b = border === "none" ? 0 : border === "gold" ? 12 : 20;
  const rx = border === "none" ? 14 : 4;
  let s = "";
  if (standing) s += groundShadow(c, r.x + r.w / 2 + 10, r.y + r.h, r.w * 0.58, 14, 0.45);
  s += castShadow(
    c,
    `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" rx="${rx}"/>`,
    16,
    standing ? -6 : 12,
    12,
    0.28,
  );
  if (border !== "none") {
    const frameFill = {
      wood: d.lin(
        [
          [0, "#a06a3e"],
          [0.45, "#c48a57"],
          [0.55, "#8a5630"],
          [1, "#6e4022"],
        ],
        0,
        0,
        1,
        1,
      ),
      gold: d.lin(
        [
          [0, "#b8862b"],
          [0.35, "#f3d27a"],
          [0.6, "#c9962e"],
          [1, "#8e6418"],
        ],
        0,
        0,
        1,
        1,
      ),
      white: d.lin(
        [
          [0, "#ffffff"],
          [1, "#e5dfd6"],
        ],
        0,
        0,
        1,
        1,
      ),
      black: d.lin(
        [
          [0, "#3a3a3a"],
          [1, "#0f0f0f"],
        ],
        0,
        0,
        1,
        1,
      ),
    }[border];
    s += `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" rx="${rx}" fill="${frameFill}"/>`;
    s += `<rect x="${n(r.x + 1.5)}" y="${n(r.y + 1.5)}" width="${n(r.w - 3)}" height="${n(r.h - 3)}" rx="${rx}" fill="none" stroke="#fff" stroke-opacity=".35" stroke-width="2"/>`;
  }
  const p: Rect = { x: r.x + b, y: r.y + b, w: r.w - 2 * b, h: r.h - 2 * b };
  const window = spec.window ?? "none";
  const hole: Rect | undefined =
    window === "none"
      ? undefined
      : {
          x: p.x + p.w * 0.22,
          y: p.y + p.h * 0.2,
          w: p.w * 0.56,
          h: p.h * (window === "card" ? 0.56 : 0.46),
        };
  s += resinSlab(
    c,
    `<rect x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" rx="${b ? 2 : rx}"/>`,
    p,
    fill,
    hole,
  );
  if (hole && window === "photo") {
    s += `<rect x="${n(hole.x - 8)}" y="${n(hole.y - 8)}" width="${n(hole.w + 16)}" height="${n(hole.h + 16)}" fill="#fbf8f2"/>`;
    const clip = d.clip(
      `<rect x="${n(hole.x)}" y="${n(hole.y)}" width="${n(hole.w)}" height="${n(hole.h)}"/>`,
    );
    s += `<g ${clip}>${photoFill(c, hole)}${gloss(c, hole, 0.7)}</g>`;
  } else if (hole && window === "card") {
    s += `<rect x="${n(hole.x)}" y="${n(hole.y)}" width="${n(hole.w)}" height="${n(hole.h)}" fill="#fffaf0"/>`;
    s += `<rect x="${n(hole.x + 8)}" y="${n(hole.y + 8)}" width="${n(hole.w - 16)}" height="${n(hole.h - 16)}" fill="none" stroke="${c.pal.accent}" stroke-width="2"/>`;
    const [first, second] = (spec.text ?? "Aarav & Diya").split("&").map((t) => t.trim());
    const cx = hole.x + hole.w / 2;
    s += nameText(c, cx, hole.y + hole.h * 0.36, first ?? "", hole.w * 0.2, false, {
      maxWidth: hole.w * 0.8,
    });
    s += subText(c, cx, hole.y + hole.h * 0.5, "weds", hole.w * 0.055, c.pal.accent);
    s += nameText(c, cx, hole.y + hole.h * 0.7, second ?? "", hole.w * 0.2, false, {
      maxWidth: hole.w * 0.8,
    });
    if (spec.sub) s += subText(c, cx, hole.y + hole.h * 0.86, spec.sub, hole.w * 0.045, c.pal.ink);
  } else if (spec.text) {
    s += nameText(c, p.x + p.w / 2, p.y + p.h * 0.86, spec.text, p.w * 0.13, darkFill(fill), {
      maxWidth: p.w * 0.85,
    });
  }
  return s;
}

function drawFrame(c: Ctx): Drawn {
  const { spec } = c;
  const count = spec.count ?? 1;
  if (count > 1) {
    let s = "";
    const widths = [210, 230, 210];
    const heights = [270, 300, 270];
    const xs = [110, 285, 480];
    for (let i = 0; i < 3; i++) {
      const w = widths[i] ?? 210;
      const h = heights[i] ?? 270;
      const x = xs[i] ?? 110;
      s += frameAt(c, { x, y: 660 - h - (i === 1 ? 20 : 0), w, h }, true);
    }
    return { ground: "table", body: s };
  }
  const landscape = spec.landscape ?? false;
  const w = landscape ? 580 : 430;
  const h = landscape ? 420 : 540;
  return { ground: "table", body: frameAt(c, { x: 400 - w / 2, y: 665 - h, w, h }, true) };
}

function tagPath(x: number, y: number, w: number, h: number): string {
  const sh = w * 0.28;
  const r = 18;
  return `M${n(x + sh)} ${n(y)}L${n(x + w - sh)} ${n(y)}L${n(x + w)} ${n(y + sh)}L${n(x + w)} ${n(y + h - r)}Q${n(x + w)} ${n(y + h)} ${n(x + w - r)} ${n(y + h)}L${n(x + r)} ${n(y + h)}Q${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - r)}L${n(x)} ${n(y + sh)}Z`;
}

function tagAt(c: Ctx, cx: number, top: number, angle: number, text: string): string {
  const { d, rng, spec } = c;
  const w = 250;
  const h = 400;
  const x = cx - w / 2;
  const y = top;
  const fill = fillOf(spec, "flowers");
  const shape = `<path d="${tagPath(x, y, w, h)}"/>`;
  const r: Rect = { x, y, w, h };
  const holeY = y + 48;
  let s = `<g transform="rotate(${n(angle)} ${n(cx)} ${n(holeY)})">`;
  s += castShadow(c, shape, 18, 22, 12, 0.3);
  s += resinSlab(c, shape, r, fill, { x: x + 20, y: y + h * 0.42, w: w - 40, h: h * 0.2 });
  s += `<path d="${tagPath(x, y, w, h)}" fill="none" stroke="${c.pal.accent}" stroke-width="5"/>`;
  // hole with a metal grommet
  s += `<circle cx="${n(cx)}" cy="${n(holeY)}" r="17" fill="${lighten(WARM[0]?.[1] ?? "#eee", 0.2)}" stroke="${d.lin(
    [
      [0, "#f5dc8f"],
      [1, "#9c7020"],
    ],
    0,
    0,
    1,
    1,
  )}" stroke-width="8"/>`;
  s += nameText(c, cx, y + h * 0.56, text, 58, darkFill(fill), { maxWidth: w * 0.82 });
  if (spec.sub)
    s += subText(c, cx, y + h * 0.66, spec.sub, 14, darkFill(fill) ? "#ffffff" : c.pal.ink);
  s += "</g>";
  // leather strap: a loop through the hole up out of the frame
  const leather = pick(rng, ["#6b3f22", "#2b2b2b", "#8a5a33", "#4a2a18"]);
  const strap = `M${n(cx - 6)} ${n(holeY + 4)}C${n(cx - 60)} ${n(holeY - 90)} ${n(cx - 40)} ${n(top - 200)} ${n(cx - 20)} -20M${n(cx + 6)} ${n(holeY + 4)}C${n(cx + 50)} ${n(holeY - 100)} ${n(cx + 30)} ${n(top - 200)} ${n(cx + 14)} -20`;
  s += castShadow(
    c,
    `<path d="${strap}" fill="none" stroke="#000" stroke-width="20"/>`,
    14,
    14,
    8,
    0.25,
  );
  s += `<path d="${strap}" fill="none" stroke="${leather}" stroke-width="20" stroke-linecap="round"/>`;
  s += `<path d="${strap}" fill="none" stroke="${lighten(leather, 0.45)}" stroke-width="1.5" stroke-dasharray="5 5"/>`;
  return s;
}

function drawTag(c: Ctx): Drawn {
  const { spec } = c;
  const names = (spec.text ?? "Ananya").split("&").map((t) => t.trim());
  if ((spec.count ?? 1) > 1) {
    return {
      ground: "wall",
      body:
        tagAt(c, 270, 250, -7, names[0] ?? "Mr") +
        tagAt(c, 540, 300, 6, names[1] ?? names[0] ?? "Mrs"),
    };
  }
  return { ground: "wall", body: tagAt(c, 400, 270, -6, names[0] ?? "Ananya") };
}

function drawNameplate(c: Ctx): Drawn {
  const { d, spec, pal } = c;
  const fill = fillOf(spec, "marble");
  const shape = spec.shape ?? "rect";
  let outline: string;
  let r: Rect;
  if (shape === "round") {
    r = { x: 160, y: 150, w: 480, h: 480 };
    outline = `<circle cx="400" cy="390" r="240"/>`;
  } else if (shape === "arch") {
    r = { x: 190, y: 110, w: 420, h: 540 };
    outline = `<path d="M190 650L190 320A210 210 0 0 1 610 320L610 650Z"/>`;
  } else {
    r = { x: 110, y: 230, w: 580, h: 330 };
    outline = `<rect x="110" y="230" width="580" height="330" rx="26"/>`;
  }
  let s = "";
  if (spec.lights)
    s += `<g opacity=".55" ${d.blur(28)}>${outline.replace("/>", ` fill="#ffd27a"/>`)}</g>`;
  s += castShadow(c, outline, 16, 20, 14, 0.32);
  s += resinSlab(c, outline, r, fill);
  s += outline.replace(
    "/>",
    ` fill="none" stroke="${d.lin(
      [
        [0, "#f3d27a"],
        [0.5, "#b8862b"],
        [1, "#f5dc8f"],
      ],
      0,
      0,
      1,
      1,
    )}" stroke-width="9"/>`,
  );
  const light = darkFill(fill) || fill === "gold";
  const cx = r.x + r.w / 2;
  const nameY = shape === "rect" ? r.y + r.h * 0.55 : r.y + r.h * 0.56;
  s += nameText(c, cx, nameY, spec.text ?? "The Sharmas", 86, light, { maxWidth: r.w * 0.88 });
  if (spec.sub) s += subText(c, cx, nameY + 56, spec.sub, 20, light ? "#ffffff" : pal.ink);
  // brass standoffs
  const bolts: Pt[] =
    shape === "round"
      ? [
          [400, 180],
          [400, 600],
        ]
      : shape === "arch"
        ? [
            [400, 150],
            [400, 620],
          ]
        : [
            [140, 260],
            [660, 260],
            [140, 530],
            [660, 530],
          ];
  const bolt = d.rad(
    [
      [0, "#fff3c4"],
      [0.5, "#d4a53c"],
      [1, "#8e6418"],
    ],
    0.35,
    0.35,
    0.7,
  );
  for (const [x, y] of bolts) s += `<circle cx="${x}" cy="${y}" r="11" fill="${bolt}"/>`;
  return { ground: "wall", body: s };
}

function clockHands(c: Ctx, cx: number, cy: number, r: number, colour: string): string {
  let s = "";
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    const len = i % 3 === 0 ? 26 : 12;
    const x1 = cx + Math.sin(a) * (r - 16);
    const y1 = cy - Math.cos(a) * (r - 16);
    const x2 = cx + Math.sin(a) * (r - 16 - len);
    const y2 = cy - Math.cos(a) * (r - 16 - len);
    s += `<path d="M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}" stroke-width="${i % 3 === 0 ? 7 : 4}"/>`;
  }
  const hand = (angle: number, len: number, width: number) =>
    `<path d="M${n(cx)} ${n(cy)}L${n(cx + Math.sin(angle) * len)} ${n(cy - Math.cos(angle) * len)}" stroke-width="${width}"/>`;
  s +=
    hand(((10 + 10 / 60) / 12) * Math.PI * 2, r * 0.48, 10) +
    hand((10 / 60) * Math.PI * 2, r * 0.72, 7);
  return (
    castShadow(c, `<g stroke="#000" stroke-linecap="round">${s}</g>`, 5, 7, 3, 0.35) +
    `<g stroke="${colour}" stroke-linecap="round">${s}</g><circle cx="${n(cx)}" cy="${n(cy)}" r="12" fill="${colour}"/>`
  );
}

function drawGeode(c: Ctx): Drawn {
  const { d, rng, spec } = c;
  const cx = 400;
  const cy = 390;
  const R = 280;
  const h = harmonics(rng, spec.clock ? 0.025 : 0.06);
  const outline = `<path d="${smooth(blobPoints(cx, cy, R, h, 36), true)}"/>`;
  let s = castShadow(c, outline, 18, 22, 14, 0.34);
  const clip = d.clip(outline);
  const ox = cx + between(rng, -60, 60);
  const oy = cy + between(rng, -60, 60);
  s += `<g ${clip}>${agateBands(c, ox, oy, R * 1.3, 22)}${goldVein(c, { x: 120, y: 110, w: 560, h: 560 }, 4)}${goldFlakes(c, { x: 120, y: 110, w: 560, h: 560 }, 40)}${gloss(c, { x: 110, y: 100, w: 580, h: 580 })}</g>`;
  // gilded, slightly irregular rim
  s += outline.replace(
    "/>",
    ` fill="none" stroke="${d.lin(
      [
        [0, "#f5dc8f"],
        [0.4, "#b8862b"],
        [0.7, "#f3d27a"],
        [1, "#8e6418"],
      ],
      0,
      0,
      1,
      1,
    )}" stroke-width="14"/>`,
  );
  if (spec.clock) s += clockHands(c, cx, cy, R * 0.93, "#f3d27a");
  return { ground: "wall", body: s };
}

function drawPanel(c: Ctx): Drawn {
  const { d, spec } = c;
  const fill = fillOf(spec, "waves");
  const count = spec.count ?? 1;
  let rects: Rect[];
  if (count >= 3) rects = [0, 1, 2].map((i) => ({ x: 95 + i * 210, y: 170, w: 190, h: 440 }));
  else rects = [{ x: 70, y: 200, w: 660, h: 380 }];
  const whole: Rect = { x: 70, y: 170, w: 660, h: 440 };
  const shapes = rects
    .map((r) => `<rect x="${n(r.x)}" y="${n(r.y)}" width="${n(r.w)}" height="${n(r.h)}" rx="10"/>`)
    .join("");
  let s = castShadow(c, shapes, 16, 20, 13, 0.32);
  const clip = d.clip(shapes);
  s += `<g ${clip}>${fillRegion(c, fill, count >= 3 ? whole : (rects[0] ?? whole))}${gloss(c, whole)}</g>`;
  s += `<g fill="none" stroke="${c.pal.accent}" stroke-width="4">${shapes}</g>`;
  return { ground: "wall", body: s };
}

function drawCoasters(c: Ctx): Drawn {
  const { d, rng, spec } = c;
  const fill = fillOf(spec, "agate");
  const spots: [number, number, number][] = [
    [285, 290, 150],
    [530, 310, 140],
    [300, 545, 140],
    [545, 560, 150],
  ];
  let s = "";
  for (const [x, y, r] of spots.slice(0, spec.count ?? 4)) {
    const cx = x + between(rng, -10, 10);
    const cy = y + between(rng, -10, 10);
    const circle = `<circle cx="${n(cx)}" cy="${n(cy)}" r="${r}"/>`;
    s += castShadow(c, circle, 10, 14, 10, 0.35);
    const clip = d.clip(circle);
    const box: Rect = { x: cx - r, y: cy - r, w: 2 * r, h: 2 * r };
    s += `<g ${clip}>${fillRegion(c, fill, box)}${gloss(c, box)}</g>`;
    s += circle.replace(
      "/>",
      ` fill="none" stroke="${d.lin(
        [
          [0, "#f5dc8f"],
          [1, "#9c7020"],
        ],
        0,
        0,
        1,
        1,
      )}" stroke-width="9"/>`,
    );
  }
  return { ground: "flatlay", body: s };
}

function blockAt(c: Ctx, r: Rect, depth: number): string {
  const { d, spec, pal } = c;
  const fill = fillOf(spec, "petals");
  const dx = depth;
  const dy = -depth * 0.6;
  const { x, y, w, h } = r;
  const front = `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" rx="6"/>`;
  let s = groundShadow(c, x + w / 2 + dx / 2, y + h + 2, w * 0.62, 16, 0.5);
  s += castShadow(
    c,
    `<rect x="${n(x + dx)}" y="${n(y + dy)}" width="${n(w)}" height="${n(h)}"/>`,
    16,
    4,
    12,
    0.22,
  );
  // side and top faces: translucent resin
  s += `<path d="M${n(x + w)} ${n(y)}L${n(x + w + dx)} ${n(y + dy)}L${n(x + w + dx)} ${n(y + h + dy)}L${n(x + w)} ${n(y + h)}Z" fill="${d.lin(
    [
      [0, pal.resin[0]],
      [1, mix(pal.resin[0], pal.resin[1], 0.5)],
    ],
    0,
    0,
    1,
    0,
  )}" opacity=".9"/>`;
  s += `<path d="M${n(x)} ${n(y)}L${n(x + dx)} ${n(y + dy)}L${n(x + w + dx)} ${n(y + dy)}L${n(x + w)} ${n(y)}Z" fill="${d.lin(
    [
      [0, "#ffffff"],
      [1, pal.resin[0]],
    ],
  )}" opacity=".95"/>`;
  const window = spec.window ?? "none";
  const hole: Rect | undefined =
    window === "photo" ? { x: x + w * 0.2, y: y + h * 0.18, w: w * 0.6, h: h * 0.52 } : undefined;
  const clip = d.clip(front);
  s += `<g ${clip}>${fillRegion(c, fill, r, hole ?? (spec.text ? { x: x + w * 0.1, y: y + h * 0.66, w: w * 0.8, h: h * 0.22 } : undefined))}`;
  if (hole)
    s += `<rect x="${n(hole.x - 6)}" y="${n(hole.y - 6)}" width="${n(hole.w + 12)}" height="${n(hole.h + 12)}" fill="#fff"/>${photoFill(c, hole)}`;
  s += `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${d.lin(
    [
      [0, "#fff", 0.25],
      [0.5, "#fff", 0.05],
      [1, pal.resin[1], 0.2],
    ],
    0,
    0,
    1,
    1,
  )}"/>${gloss(c, r, 1.2)}</g>`;
  s += front.replace("/>", ` fill="none" stroke="#fff" stroke-width="3" opacity=".7"/>`);
  s += `<path d="M${n(x)} ${n(y)}L${n(x + dx)} ${n(y + dy)}L${n(x + w + dx)} ${n(y + dy)}L${n(x + w + dx)} ${n(y + h + dy)}" fill="none" stroke="#fff" stroke-width="2" opacity=".7"/>`;
  if (spec.text && w > 300) {
    s += nameText(c, x + w / 2, y + h * 0.8, spec.text, 52, true, { maxWidth: w * 0.85 });
    if (spec.sub) s += subText(c, x + w / 2, y + h * 0.9, spec.sub, 15, pal.ink);
  }
  return s;
}

function drawBlock(c: Ctx): Drawn {
  const { spec } = c;
  if ((spec.count ?? 1) > 1) {
    return {
      ground: "table",
      body:
        blockAt(c, { x: 120, y: 410, w: 250, h: 250 }, 36) +
        blockAt(c, { x: 430, y: 440, w: 220, h: 220 }, 32),
    };
  }
  const large = spec.text !== undefined || spec.window !== undefined;
  const w = large ? 440 : 400;
  const h = large ? 440 : 400;
  return { ground: "table", body: blockAt(c, { x: 400 - w / 2 - 24, y: 670 - h, w, h }, 56) };
}

function drawRound(c: Ctx): Drawn {
  const { d, rng, spec, pal } = c;
  const fill = fillOf(spec, "clear");
  const cx = 400;
  const cy = 390;
  const R = 275;
  const circle = `<circle cx="${cx}" cy="${cy}" r="${R}"/>`;
  let s = castShadow(c, circle, 16, 20, 14, 0.32);
  const clip = d.clip(circle);
  const box: Rect = { x: cx - R, y: cy - R, w: 2 * R, h: 2 * R };
  let inner = fillRegion(
    c,
    fill,
    box,
    spec.garland ? { x: cx - R * 0.5, y: cy - R * 0.5, w: R, h: R } : undefined,
  );
  if (spec.garland) {
    const ring = R * 0.72;
    const count = 18;
    let g = "";
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2 + 0.1;
      const x = cx + Math.cos(a) * ring;
      const y = cy + Math.sin(a) * ring;
      g += leaf(c, x, y, 42, (a * 180) / Math.PI + 90 + between(rng, -30, 30), pal.leaf);
    }
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2;
      const x = cx + Math.cos(a) * ring;
      const y = cy + Math.sin(a) * ring;
      if (i % 2 === 0) g += marigold(c, x, y, 34);
      else {
        for (let k = 0; k < 4; k++)
          g += rosePetal(
            c,
            x + between(rng, -14, 14),
            y + between(rng, -14, 14),
            26,
            pick(rng, ["#c8102e", "#a50d27", "#e63950"]),
          );
        g += jasmine(c, x + between(rng, -20, 20), y + between(rng, -20, 20), 10);
      }
    }
    inner += g;
  }
  s += `<g ${clip}>${inner}${gloss(c, box)}</g>`;
  s += circle.replace(
    "/>",
    ` fill="none" stroke="${d.lin(
      [
        [0, "#f5dc8f"],
        [0.5, "#b8862b"],
        [1, "#f3d27a"],
      ],
      0,
      0,
      1,
      1,
    )}" stroke-width="12"/>`,
  );
  if (spec.clock) s += clockHands(c, cx, cy, R * 0.98, "#c9962e");
  else if (spec.text && fill === "paw") {
    s += nameText(c, cx, cy + 150, spec.text, 64, false, { maxWidth: R });
    if (spec.sub) s += subText(c, cx, cy + 190, spec.sub, 17, pal.ink);
  } else if (spec.text) {
    s += nameText(
      c,
      cx,
      cy + (spec.sub ? 4 : 18),
      spec.text,
      64,
      darkFill(fill) || fill === "petals",
      { maxWidth: R * (spec.garland ? 1.05 : 1.5) },
    );
    if (spec.sub) s += subText(c, cx, cy + 50, spec.sub, 17, darkFill(fill) ? "#ffffff" : pal.ink);
  }
  return { ground: "wall", body: s };
}

function drawHeart(c: Ctx): Drawn {
  const { spec } = c;
  const fill = fillOf(spec, "gold");
  const heart = `<path d="M400 650C230 540 140 440 140 330C140 240 210 180 290 180C340 180 380 210 400 250C420 210 460 180 510 180C590 180 660 240 660 330C660 440 570 540 400 650Z"/>`;
  let s = groundShadow(c, 410, 652, 160, 14, 0.45);
  s += castShadow(c, heart, 16, 8, 12, 0.28);
  s += resinSlab(
    c,
    heart,
    { x: 140, y: 180, w: 520, h: 470 },
    fill,
    spec.text ? { x: 260, y: 330, w: 280, h: 120 } : undefined,
  );
  s += heart.replace("/>", ` fill="none" stroke="${c.pal.accent}" stroke-width="6"/>`);
  if (spec.text)
    s += nameText(c, 400, 400, spec.text, 64, darkFill(fill) || fill === "gold", { maxWidth: 330 });
  if (spec.sub) s += subText(c, 400, 450, spec.sub, 18, c.pal.ink);
  return { ground: "table", body: s };
}

function drawLetter(c: Ctx): Drawn {
  const { d, spec } = c;
  const fill = fillOf(spec, "flowers");
  const letter = escapeXml((spec.text ?? "A").slice(0, 1));
  const text = `<text x="400" y="640" font-family="${SCRIPT_FONT}" font-weight="bold" font-size="520" text-anchor="middle">${letter}</text>`;
  let s = castShadow(c, text, 12, 16, 10, 0.35);
  const clip = d.clip(text);
  const box: Rect = { x: 180, y: 230, w: 440, h: 420 };
  s += `<g ${clip}>${fill === "flowers" ? flowersFill(c, box, undefined, 2.5) : fillRegion(c, fill, box)}${gloss(c, box)}</g>`;
  s += text.replace("<text ", `<text fill="none" stroke="${c.pal.accent}" stroke-width="5" `);
  // key ring and jump ring
  const metal = d.lin(
    [
      [0, "#f4f4f4"],
      [0.5, "#a9a9a9"],
      [1, "#e6e6e6"],
    ],
    0,
    0,
    1,
    1,
  );
  s += castShadow(
    c,
    `<circle cx="470" cy="150" r="70" fill="none" stroke="#000" stroke-width="10"/>`,
    8,
    10,
    5,
    0.3,
  );
  s += `<circle cx="470" cy="150" r="70" fill="none" stroke="${metal}" stroke-width="10"/><circle cx="470" cy="150" r="62" fill="none" stroke="#fff" stroke-width="2" opacity=".6"/>`;
  s += `<ellipse cx="440" cy="248" rx="18" ry="42" fill="none" stroke="${metal}" stroke-width="7"/>`;
  return { ground: "flatlay", body: s };
}

function drawBookmark(c: Ctx): Drawn {
  const { d, rng, spec } = c;
  const fill = fillOf(spec, "flowers");
  const r: Rect = { x: 310, y: 110, w: 190, h: 560 };
  const shape = `<rect x="310" y="110" width="190" height="560" rx="14"/>`;
  let s = `<g transform="rotate(${n(between(rng, -14, -6))} 405 390)">`;
  s += castShadow(c, shape, 12, 16, 10, 0.35);
  s += resinSlab(c, shape, r, fill);
  s += shape.replace("/>", ` fill="none" stroke="${c.pal.accent}" stroke-width="4"/>`);
  s += `<circle cx="405" cy="150" r="11" fill="none" stroke="${d.lin(
    [
      [0, "#f5dc8f"],
      [1, "#9c7020"],
    ],
    0,
    0,
    1,
    1,
  )}" stroke-width="5"/>`;
  const tassel = pick(rng, ["#c2185b", "#0b4f71", "#d4a24c", "#5e4a9a"]);
  let strands = "";
  for (let i = 0; i < 9; i++)
    strands += `<path d="M405 150Q${n(380 - i * 3)} 70 ${n(330 + i * 6)} ${n(20 + (i % 3) * 6)}"/>`;
  s += `<g fill="none" stroke="${tassel}" stroke-width="2.5">${strands}</g><rect x="386" y="86" width="22" height="14" rx="3" fill="${tassel}" transform="rotate(-35 397 93)"/>`;
  return { ground: "flatlay", body: `${s}</g>` };
}

const DRAW: Record<ArtKind, (c: Ctx) => Drawn> = {
  frame: drawFrame,
  tag: drawTag,
  nameplate: drawNameplate,
  geode: drawGeode,
  panel: drawPanel,
  coasters: drawCoasters,
  block: drawBlock,
  round: drawRound,
  heart: drawHeart,
  letter: drawLetter,
  bookmark: drawBookmark,
};

/** A close-up: the resin surface filling most of the picture, slightly tilted. */
function drawDetail(c: Ctx): Drawn {
  const { d, rng, spec } = c;
  const own = fillOf(spec, spec.kind === "geode" ? "agate" : "flowers");
  const fill: Fill =
    own === "clear" ? (spec.garland ? "petals" : "gold") : own === "photo" ? "flowers" : own;
  const r: Rect = { x: 90, y: 90, w: 620, h: 620 };
  const shape = `<rect x="90" y="90" width="620" height="620" rx="34"/>`;
  let s = `<g transform="rotate(${n(between(rng, -6, 6))} 400 400)">`;
  s += castShadow(c, shape, 14, 18, 14, 0.35);
  s += resinSlab(c, shape, r, fill, undefined, 2);
  s += shape.replace(
    "/>",
    ` fill="none" stroke="${d.lin(
      [
        [0, "#f5dc8f"],
        [1, "#9c7020"],
      ],
      0,
      0,
      1,
      1,
    )}" stroke-width="8"/>`,
  );
  if (spec.text && spec.kind !== "letter")
    s += nameText(
      c,
      400,
      430,
      spec.text,
      96,
      darkFill(fill) || fill === "gold" || fill === "petals",
      { maxWidth: 560 },
    );
  return { ground: "flatlay", body: `${s}</g>` };
}

// ---------------------------------------------------------------------------------------------
// Public renderers

function context(spec: ArtSpec, seed: string): Ctx {
  return { d: new Doc(), rng: rngFor(seed), pal: PALETTES[spec.palette], spec };
}

/** An 800 x 800 product picture. */
export function renderProductSvg(
  spec: ArtSpec,
  seed: string,
  title: string,
  view: ArtView = "main",
): string {
  const c = context(spec, `${seed}|${view}`);
  const bgRng = c.rng();
  const drawn = view === "detail" ? drawDetail(c) : DRAW[spec.kind](c);
  const bgCtx: Ctx = { ...c, rng: rngFor(`${seed}|bg|${bgRng}`) };
  const bg = backdrop(bgCtx, 800, 800, drawn.ground, drawn.ground !== "flatlay" && bgRng < 0.55);
  return c.d.render(800, 800, title, bg + drawn.body);
}

/** An 800 x 600 collection picture: one main piece and, optionally, a smaller one beside it. */
export function renderCategorySvg(
  main: ArtSpec,
  seed: string,
  title: string,
  side?: ArtSpec,
): string {
  const c = context(main, seed);
  const drawn = DRAW[main.kind](c);
  let body = "";
  if (side) {
    const sc: Ctx = { ...c, rng: rngFor(`${seed}|side`), pal: PALETTES[side.palette], spec: side };
    const sd = DRAW[side.kind](sc);
    body += `<g transform="translate(-20 170) scale(.5)">${sd.body}</g>`;
    body += `<g transform="translate(250 40) scale(.68)">${drawn.body}</g>`;
  } else {
    body += `<g transform="translate(80 -31) scale(.8)">${drawn.body}</g>`;
  }
  const bg = backdrop({ ...c, rng: rngFor(`${seed}|bg`) }, 800, 600, drawn.ground, false);
  return c.d.render(800, 600, title, bg + body);
}

/** Shown when a product has no picture. */
export function renderFallbackProductSvg(): string {
  const spec: ArtSpec = { kind: "block", palette: "ivory", fill: "clear" };
  const c = context(spec, "fallback-product");
  const bg = backdrop(c, 800, 800, "table", false);
  const body = blockAt(c, { x: 220, y: 300, w: 340, h: 340 }, 50);
  const label = `<text x="400" y="740" font-family="${SANS_FONT}" font-size="22" letter-spacing="6" text-anchor="middle" fill="#8a6f52">RESIN TALES</text>`;
  return c.d.render(800, 800, "Resin Tales: picture coming soon", bg + body + label);
}

/** Shown when a collection has no picture. */
export function renderDefaultCategorySvg(): string {
  const spec: ArtSpec = { kind: "coasters", palette: "ivory", fill: "marble", count: 4 };
  return renderCategorySvg(spec, "default-category", "Resin Tales collection");
}

/** The social sharing card (1200 x 630). */
export function renderOgSvg(): string {
  const geode: ArtSpec = { kind: "geode", palette: "teal" };
  const c = context(geode, "og-default");
  const bg = backdrop({ ...c, rng: rngFor("og-bg") }, 1200, 630, "wall", false);
  const art = DRAW.geode(c).body;
  const goldText = c.d.lin([
    [0, "#c9962e"],
    [0.5, "#8e6418"],
    [1, "#b07d22"],
  ]);
  const text =
    `<text x="90" y="300" font-family="${SCRIPT_FONT}" font-style="italic" font-size="104" fill="#3b2a1a">Resin Tales</text>` +
    `<rect x="94" y="336" width="120" height="4" fill="${goldText}"/>` +
    `<text x="94" y="392" font-family="${SANS_FONT}" font-size="26" letter-spacing="5" fill="#6b4f36">HANDMADE RESIN ART · DELHI</text>` +
    `<text x="94" y="446" font-family="${SCRIPT_FONT}" font-size="28" fill="#6b4f36">Frames, nameplates, keepsakes &amp; varmala preservation</text>`;
  const flakes = goldFlakes(c, { x: 80, y: 470, w: 420, h: 90 }, 30, 1.2);
  const body = `<g transform="translate(630 23) scale(.75)">${art}</g>${flakes}${text}`;
  return c.d.render(1200, 630, "Resin Tales: handmade resin art", bg + body);
}

/** A resin drop with a gold rim. */
export function renderFaviconSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><defs>` +
    `<linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7ee0dc"/><stop offset=".55" stop-color="#1f9e9a"/><stop offset="1" stop-color="#0b4b4f"/></linearGradient>` +
    `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f5dc8f"/><stop offset="1" stop-color="#b07d22"/></linearGradient></defs>` +
    `<path d="M32 4C32 4 10 28 10 41a22 22 0 0 0 44 0C54 28 32 4 32 4Z" fill="url(#a)" stroke="url(#g)" stroke-width="4"/>` +
    `<path d="M20 40c2-7 7-12 12-14" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".7"/>` +
    `<circle cx="38" cy="46" r="3" fill="#f5dc8f"/><circle cx="44" cy="38" r="2" fill="#f5dc8f"/></svg>\n`
  );
}
