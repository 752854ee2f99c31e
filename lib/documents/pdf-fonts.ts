import 'server-only';
// Inter for the PDFs, embedded (subset) in every document: static TTFs from @expo-google-fonts/inter with Latin,
// Greek and Cyrillic, regular (400) and semibold (600), found through Node's module resolution from this file.
// Parsing a font's tables costs far more than drawing a document, so each face is parsed once per process, by the
// fontkit that pdfkit itself depends on, and handed to every document (pdfkit takes a parsed font as a font source;
// drawing is synchronous, so documents never share a half-laid-out font). process.getBuiltinModule keeps the bundler
// from treating the font files as modules to bundle.
//
// Shaping words (OpenType substitution and kerning) was most of a document's drawing time, and pdfkit keeps its word
// shapes per document only. So each face shapes a word once per process (an LRU of words; pdfkit scales the
// positions it gets, so every caller gets its own copy), and without Inter's contextual alternates ('calt', which
// only nudges punctuation between capitals and draws arrows) that made shaping slower (measured in bench
// BENCH_ONLY=documents).
import { readFileSync } from 'node:fs';
import { LRUCache } from 'lru-cache';

interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
}
/** What fontkit's layout answers and pdfkit reads: the glyphs, their positions and the run's width. */
interface GlyphRun {
  glyphs: unknown[];
  positions: Position[];
  readonly advanceWidth: number;
}
/** A parsed font, as pdfkit's registerFont accepts it. */
export interface ParsedFont {
  layout(text: string, features?: unknown): GlyphRun;
}

export interface PdfFonts {
  regular: ParsedFont;
  semibold: ParsedFont;
}

const FEATURES = { calt: false };
/** Per face: labels, names and addresses repeat across documents; a few MB at most (docs/operations.md: Memory). */
const WORDS_KEPT = 5_000;

/** A run pdfkit may scale in place: the glyphs shared, the positions copied. */
function copyOf(run: GlyphRun): GlyphRun {
  return {
    glyphs: run.glyphs,
    positions: run.positions.map((p) => ({ xAdvance: p.xAdvance, yAdvance: p.yAdvance, xOffset: p.xOffset, yOffset: p.yOffset })),
    get advanceWidth() {
      return this.positions.reduce((width, p) => width + p.xAdvance, 0);
    },
  };
}

/** The font with its layout kept per word; every other property and method is the parsed font's own. */
export function withWordShapes(font: ParsedFont): ParsedFont {
  const shapes = new LRUCache<string, GlyphRun>({ max: WORDS_KEPT });
  const layout = (text: string, features?: unknown): GlyphRun => {
    if (features !== undefined) return font.layout(text, features);
    let run = shapes.get(text);
    if (!run) {
      run = copyOf(font.layout(text, FEATURES));
      shapes.set(text, run);
    }
    return copyOf(run);
  };
  return Object.create(font, { layout: { value: layout } }) as ParsedFont;
}

let fonts: PdfFonts | undefined;

export function pdfFonts(): PdfFonts {
  if (!fonts) {
    const { createRequire } = process.getBuiltinModule('node:module');
    const here = createRequire(import.meta.url);
    const fontkit = createRequire(here.resolve('pdfkit'))('fontkit') as { create(data: Buffer): ParsedFont };
    const parse = (file: string) => withWordShapes(fontkit.create(readFileSync(here.resolve(`@expo-google-fonts/inter/${file}`))));
    fonts = { regular: parse('400Regular/Inter_400Regular.ttf'), semibold: parse('600SemiBold/Inter_600SemiBold.ttf') };
  }
  return fonts;
}
