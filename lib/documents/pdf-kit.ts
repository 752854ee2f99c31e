import 'server-only';
// What the shop's PDFs share (issued documents, pdf.ts; working sheets, sheet-pdf.ts): US Letter, the margins and
// colours, the text styles, rules, stacked lines, and 'Title number · Page n of m' at the foot of every page.
import { pageLabel } from './labels';

export type Pdf = PDFKit.PDFDocument;

export const WIDTH = 612;
export const HEIGHT = 792;
export const MARGIN = 48;
export const RIGHT = WIDTH - MARGIN;
/** Content stops here; the page's footer line sits below. */
export const BOTTOM = HEIGHT - 64;
export const INK = '#1C1B19';
export const MUTED = '#6B665E';
export const RULE = '#D9D4CB';
export const GOLD = '#B08D57';

export function style(pdf: Pdf, weight: 'regular' | 'semibold', size: number, color = INK): Pdf {
  return pdf.font(weight === 'regular' ? 'Inter' : 'Inter-SemiBold').fontSize(size).fillColor(color);
}

export function rule(pdf: Pdf, y: number, color = RULE, width = 0.5) {
  pdf.moveTo(MARGIN, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
}

/** Draws `lines` one under the other from y; returns the y under the last. */
export function stack(pdf: Pdf, lines: string[], x: number, y: number, width: number, align: 'left' | 'right' = 'left'): number {
  for (const line of lines) {
    pdf.text(line, x, y, { width, align });
    y += pdf.heightOfString(line, { width });
  }
  return y;
}

/** '{title} {number}' and 'Page n of m' at the foot of every page, once all pages exist. */
export function pageFooters(pdf: Pdf, c: { title: string; number: string }) {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    pdf.switchToPage(i);
    // Writing below the bottom margin would make pdfkit start another page.
    const margin = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const y = HEIGHT - 40;
    style(pdf, 'regular', 7.5, MUTED).text(`${c.title} ${c.number}`, MARGIN, y, { width: 250, lineBreak: false });
    pdf.text(pageLabel(i - start + 1, count), RIGHT - 150, y, { width: 150, align: 'right', lineBreak: false });
    pdf.page.margins.bottom = margin;
  }
}
