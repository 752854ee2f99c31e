import 'server-only';
// Inter for the PDFs, embedded (subset) in every document: static TTFs from @expo-google-fonts/inter with Latin,
// Greek and Cyrillic, regular (400) and semibold (600), found through Node's module resolution from this file.
// Parsing a font's tables costs far more than drawing a document, so each face is parsed once per process, by the
// fontkit that pdfkit itself depends on, and handed to every document (pdfkit takes a parsed font as a font source;
// drawing is synchronous, so documents never share a half-laid-out font). process.getBuiltinModule keeps the bundler
// from treating the font files as modules to bundle.
import { readFileSync } from 'node:fs';

/** A parsed font, as pdfkit's registerFont accepts it. */
type ParsedFont = { layout: (...args: never[]) => unknown };

export interface PdfFonts {
  regular: ParsedFont;
  semibold: ParsedFont;
}

let fonts: PdfFonts | undefined;

export function pdfFonts(): PdfFonts {
  if (!fonts) {
    const { createRequire } = process.getBuiltinModule('node:module');
    const here = createRequire(import.meta.url);
    const fontkit = createRequire(here.resolve('pdfkit'))('fontkit') as { create(data: Buffer): ParsedFont };
    const parse = (file: string) => fontkit.create(readFileSync(here.resolve(`@expo-google-fonts/inter/${file}`)));
    fonts = { regular: parse('400Regular/Inter_400Regular.ttf'), semibold: parse('600SemiBold/Inter_600SemiBold.ttf') };
  }
  return fonts;
}
