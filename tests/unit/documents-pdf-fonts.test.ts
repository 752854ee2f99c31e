// The PDFs' fonts shape each word once per process: the answer matches a fresh layout (without contextual
// alternates), and a caller that scales the positions in place, as pdfkit does, never changes what the next one gets.
import { describe, expect, it } from 'vitest';
import { pdfFonts, type ParsedFont } from '@/lib/documents/pdf-fonts';

type Run = ReturnType<ParsedFont['layout']>;
const ids = (run: Run) => run.glyphs.map((g) => (g as { id: number }).id);

describe('pdf fonts', () => {
  const { regular } = pdfFonts();
  const parsed = Object.getPrototypeOf(regular) as ParsedFont;

  it('answers the same glyphs and positions as the font itself, without contextual alternates', () => {
    for (const word of ['INV-2026-000123 ', 'Sapphire ', '$1,250.00', 'Ünïcødé ', '→ ']) {
      const fresh = parsed.layout(word, { calt: false });
      const kept = regular.layout(word);
      expect(ids(kept)).toEqual(ids(fresh));
      expect(kept.positions).toEqual(fresh.positions.map((p) => ({ ...p })));
      expect(kept.advanceWidth).toBeCloseTo(fresh.advanceWidth, 6);
    }
  });

  it('hands every caller its own positions', () => {
    const first = regular.layout('Halo ');
    const width = first.advanceWidth;
    for (const p of first.positions) p.xAdvance *= 0.012;
    const second = regular.layout('Halo ');
    expect(second.advanceWidth).toBeCloseTo(width, 6);
    expect(second.positions).not.toBe(first.positions);
  });

  it('passes explicit features through unkept', () => {
    const run = regular.layout('fi ', ['liga']);
    expect(ids(run)).toEqual(ids(parsed.layout('fi ', ['liga'])));
  });
});
