/**
 * The fonts of a document's PDF and which one sets each piece of text (docs/decisions/0086):
 * DejaVu Sans (Latin, ₹) from `dejavu-fonts-ttf`; Noto Sans Devanagari from
 * `@expo-google-fonts/noto-sans-devanagari` for names and notes in Devanagari (Hindi, Marathi,
 * Nepali), embedded only in a document that has some; Helvetica Bold for plain-ASCII bold text.
 * Text is set in runs, each in the first font that has its characters; characters no font has
 * (Tamil, Bengali, Chinese, Japanese, Korean, most emoji) become one readable "[?]" per run, and
 * the document says what the mark means (docs/decisions/0183-invoice-pdf-text.md): nothing throws,
 * nothing vanishes silently, nothing prints as an empty box; the stored document keeps the text as
 * written.
 */
// @pdf-lib/fontkit's Indic shaper (conjuncts, the i-matra before its consonant) was compiled with
// regenerator and calls a global `regeneratorRuntime`; without it Devanagari text throws.
import "regenerator-runtime/runtime.js";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import { type PDFDocument, type PDFFont, type PDFPage, StandardFonts, type RGB } from "pdf-lib";

/** Text Helvetica Bold can set (printable ASCII). */
const PLAIN = /^[\x20-\x7E]*$/;
/** Devanagari, Devanagari Extended and Vedic Extensions. */
export const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/;
/** Joiners and the dotted circle belong to the run they are in (they shape its conjuncts). */
const JOINERS = new Set([0x200c, 0x200d, 0x25cc]);
/** What a run of characters no embedded font has is set as (plain ASCII: every font has it). */
export const MISSING = "[?]";
/** What the document says when it has set MISSING (decision 0183). */
export const MISSING_NOTE =
  "[?] marks characters this PDF cannot show (for example Chinese, Japanese or Korean letters, most emoji, or Indian scripts other than Devanagari); the shop's records keep the text as written.";
/**
 * Characters that only modify the one before (variation selectors, emoji skin tones and joiners,
 * the keycap, tag characters).
 */
const MODIFIER = /[\u200D\uFE00-\uFE0F\u20E3\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/u;

const cache = new Map<string, Promise<Uint8Array>>();

function fontFile(pkg: string, file: string): Promise<Uint8Array> {
  let bytes = cache.get(file);
  if (!bytes) {
    const require = createRequire(import.meta.url);
    const dir = require.resolve(`${pkg}/package.json`).replace(/package\.json$/, "");
    bytes = readFile(`${dir}${file}`);
    cache.set(file, bytes);
  }
  return bytes;
}

type KitFont = ReturnType<typeof fontkit.create>;

/**
 * fontkit with its parsed fonts kept: pdf-lib parses the font file again for every document, which
 * was most of a PDF's time; the parsed font is only read (each document makes its own subset).
 */
const parsed = new Map<unknown, KitFont>();
export const keptFontkit: typeof fontkit = {
  ...fontkit,
  create(data: Uint8Array, postscriptName?: string) {
    let font = parsed.get(data);
    if (!font) {
      font = fontkit.create(data, postscriptName);
      parsed.set(data, font);
    }
    return font;
  },
};

interface Face {
  pdf: PDFFont;
  kit: KitFont;
}

export interface PdfFonts {
  regular: Face;
  devanagari: Face | null;
  bold: PDFFont;
  /** Set once any text was set with MISSING: the document then prints MISSING_NOTE. */
  missing: boolean;
}

async function face(pdf: PDFDocument, bytes: Uint8Array): Promise<Face> {
  return { pdf: await pdf.embedFont(bytes, { subset: true }), kit: keptFontkit.create(bytes) };
}

/** Embeds the fonts; Noto Sans Devanagari only when `needsDevanagari` (most documents have none). */
export async function embedFonts(pdf: PDFDocument, needsDevanagari: boolean): Promise<PdfFonts> {
  pdf.registerFontkit(keptFontkit);
  const regular = await face(pdf, await fontFile("dejavu-fonts-ttf", "ttf/DejaVuSans.ttf"));
  const devanagari = needsDevanagari
    ? await face(
        pdf,
        await fontFile(
          "@expo-google-fonts/noto-sans-devanagari",
          "400Regular/NotoSansDevanagari_400Regular.ttf",
        ),
      )
    : null;
  return {
    regular,
    devanagari,
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
    missing: false,
  };
}

export interface Run {
  text: string;
  font: PDFFont;
}

/** The text cut into runs, each in a font that has its characters (see the module's note). */
export function textRuns(value: string, fonts: PdfFonts, bold = false): Run[] {
  // Bold is Helvetica Bold (a standard font: nothing to embed) for plain ASCII text; anything
  // else is set in the regular faces, which have every character the shop prints.
  if (PLAIN.test(value)) return [{ text: value, font: bold ? fonts.bold : fonts.regular.pdf }];
  const runs: { text: string; face: Face | null }[] = [];
  const { regular, devanagari } = fonts;
  for (const char of value) {
    const cp = char.codePointAt(0)!;
    const last = runs.at(-1);
    let chosen: Face | null;
    // A modifier the run's font cannot draw is dropped (after a mark it is part of the mark).
    if (last && MODIFIER.test(char) && !last.face?.kit.hasGlyphForCodePoint(cp)) continue;
    if (last?.face && JOINERS.has(cp) && last.face.kit.hasGlyphForCodePoint(cp)) chosen = last.face;
    else if (DEVANAGARI.test(char) && devanagari?.kit.hasGlyphForCodePoint(cp)) chosen = devanagari;
    else if (regular.kit.hasGlyphForCodePoint(cp)) chosen = regular;
    else if (devanagari?.kit.hasGlyphForCodePoint(cp)) chosen = devanagari;
    else chosen = null;
    if (last && last.face === chosen) {
      if (chosen) last.text += char;
    } else runs.push({ text: chosen ? char : MISSING, face: chosen });
  }
  if (runs.some((r) => !r.face)) fonts.missing = true;
  return runs.map((r) => ({ text: r.text, font: (r.face ?? regular).pdf }));
}

export function runsWidth(runs: readonly Run[], size: number): number {
  return runs.reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, size), 0);
}

export function drawRuns(
  page: PDFPage,
  runs: readonly Run[],
  at: { x: number; y: number; size: number; color: RGB },
): void {
  let x = at.x;
  for (const run of runs) {
    page.drawText(run.text, { x, y: at.y, size: at.size, font: run.font, color: at.color });
    x += run.font.widthOfTextAtSize(run.text, at.size);
  }
}
