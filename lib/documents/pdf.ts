import 'server-only';
// An issued invoice or credit note as a PDF, from its snapshot alone (pdf-content.ts turns it into strings).
// pdfkit rather than @react-pdf/renderer: it is smaller and faster, draws where it is told with no layout engine to
// load, and measures text, which is all a paginated table needs. Pages are US Letter; a row is never cut: a row that
// does not fit starts the next page, which repeats the table's header; every page says 'Page n of m'. The output is
// the same bytes for the same document: the PDF's creation date is the issue date (its file id derives from it).
import { LRUCache } from 'lru-cache';
import PDFDocument from 'pdfkit';
import { env } from '../core/env';
import { TABLE_HEADINGS } from './labels';
import { documentContent, type PdfContent, type PdfLine } from './pdf-content';
import { pdfFonts } from './pdf-fonts';
import { BOTTOM, GOLD, INK, MARGIN, MUTED, pageFooters, RIGHT, rule, stack, style, type Pdf } from './pdf-kit';
import type { IssuedDocument } from './types';

const COLUMNS = {
  sku: { x: MARGIN, w: 104 },
  item: { x: 158, w: 176 },
  quantity: { x: 338, w: 36 },
  unitPrice: { x: 380, w: 86 },
  total: { x: 470, w: RIGHT - 470 },
} as const;
const ROW_PAD = 4;
const NAME_LINES = 3;
const OPTION_LINES = 3;

/** Height of `text` in the current style, at most `maxLines` lines. */
function clampedHeight(pdf: Pdf, text: string, width: number, maxLines: number): number {
  return Math.min(pdf.heightOfString(text, { width }), maxLines * pdf.currentLineHeight(true));
}

function firstPageHeader(pdf: Pdf, c: PdfContent): number {
  style(pdf, 'semibold', 16);
  let left = stack(pdf, [c.seller.name], MARGIN, MARGIN, 300) + 4;
  style(pdf, 'regular', 8.5, MUTED);
  left = stack(pdf, c.seller.lines, MARGIN, left, 300);

  const x = 348;
  const w = RIGHT - x;
  style(pdf, 'semibold', 22);
  let right = stack(pdf, [c.title], x, MARGIN - 4, w, 'right');
  style(pdf, 'semibold', 10);
  pdf.text(c.number, x, right, { width: w, align: 'right' });
  right += 20;
  for (const [label, value] of c.meta) {
    style(pdf, 'regular', 8.5, MUTED).text(label, x, right, { width: 100 });
    style(pdf, 'regular', 8.5).text(value, x + 100, right, { width: w - 100, align: 'right' });
    // A long PO number wraps: the next pair goes under its last line.
    right += Math.max(13, pdf.heightOfString(value, { width: w - 100 }) + 3);
  }
  const y = Math.max(left, right) + 14;
  rule(pdf, y, GOLD, 1);
  return y + 16;
}

function parties(pdf: Pdf, c: PdfContent, y: number): number {
  const width = 160;
  let bottom = y;
  c.parties.forEach((block, i) => {
    const x = MARGIN + i * (width + 18);
    style(pdf, 'semibold', 7.5, MUTED).text(block.heading, x, y, { width });
    style(pdf, 'regular', 8.5);
    bottom = Math.max(bottom, stack(pdf, block.lines, x, y + 12, width));
  });
  return bottom + 20;
}

/** The compact header of every page after the first. */
function runningHeader(pdf: Pdf, c: PdfContent): number {
  style(pdf, 'semibold', 9).text(c.seller.name, MARGIN, MARGIN, { width: 260, lineBreak: false });
  style(pdf, 'regular', 8.5, MUTED).text(`${c.title} ${c.number} · Order ${c.meta[1]![1]}`, 300, MARGIN, {
    width: RIGHT - 300,
    align: 'right',
    lineBreak: false,
  });
  rule(pdf, MARGIN + 16);
  return MARGIN + 28;
}

function tableHeader(pdf: Pdf, y: number): number {
  style(pdf, 'semibold', 7.5, MUTED);
  pdf.text(TABLE_HEADINGS.sku, COLUMNS.sku.x, y, { width: COLUMNS.sku.w });
  pdf.text(TABLE_HEADINGS.item, COLUMNS.item.x, y, { width: COLUMNS.item.w });
  pdf.text(TABLE_HEADINGS.quantity, COLUMNS.quantity.x, y, { width: COLUMNS.quantity.w, align: 'right' });
  pdf.text(TABLE_HEADINGS.unitPrice, COLUMNS.unitPrice.x, y, { width: COLUMNS.unitPrice.w, align: 'right' });
  pdf.text(TABLE_HEADINGS.total, COLUMNS.total.x, y, { width: COLUMNS.total.w, align: 'right' });
  rule(pdf, y + 13, INK, 0.75);
  return y + 15;
}

function rowHeight(pdf: Pdf, line: PdfLine): number {
  style(pdf, 'regular', 9);
  let h = clampedHeight(pdf, line.name, COLUMNS.item.w, NAME_LINES);
  if (line.options) {
    style(pdf, 'regular', 7.5);
    h += 2 + clampedHeight(pdf, line.options, COLUMNS.item.w, OPTION_LINES);
  }
  style(pdf, 'regular', 8.5);
  h = Math.max(h, clampedHeight(pdf, line.sku, COLUMNS.sku.w, NAME_LINES));
  return h + 2 * ROW_PAD;
}

function row(pdf: Pdf, line: PdfLine, y: number, height: number) {
  const top = y + ROW_PAD;
  style(pdf, 'regular', 8.5).text(line.sku, COLUMNS.sku.x, top, {
    width: COLUMNS.sku.w,
    height: NAME_LINES * pdf.currentLineHeight(true),
    ellipsis: true,
  });
  style(pdf, 'regular', 9);
  const nameHeight = clampedHeight(pdf, line.name, COLUMNS.item.w, NAME_LINES);
  pdf.text(line.name, COLUMNS.item.x, top, { width: COLUMNS.item.w, height: nameHeight, ellipsis: true });
  if (line.options) {
    style(pdf, 'regular', 7.5, MUTED);
    const optionsHeight = clampedHeight(pdf, line.options, COLUMNS.item.w, OPTION_LINES);
    pdf.text(line.options, COLUMNS.item.x, top + nameHeight + 2, { width: COLUMNS.item.w, height: optionsHeight, ellipsis: true });
  }
  style(pdf, 'regular', 9);
  pdf.text(line.quantity, COLUMNS.quantity.x, top, { width: COLUMNS.quantity.w, align: 'right' });
  pdf.text(line.unitPrice, COLUMNS.unitPrice.x, top, { width: COLUMNS.unitPrice.w, align: 'right' });
  pdf.text(line.total, COLUMNS.total.x, top, { width: COLUMNS.total.w, align: 'right' });
  rule(pdf, y + height);
}

/** The totals' label column: wide enough for a tax jurisdiction's name, which wraps when longer. */
const TOTALS_X = 280;
const TOTALS_LABEL_W = 180;

function totalRowHeight(pdf: Pdf, t: PdfContent['totals'][number]): number {
  style(pdf, t.strong ? 'semibold' : 'regular', t.strong ? 10.5 : 9);
  return Math.max(16, pdf.heightOfString(t.label, { width: TOTALS_LABEL_W }) + 4);
}

function totalsHeight(pdf: Pdf, c: PdfContent): number {
  return c.totals.reduce((h, t) => h + totalRowHeight(pdf, t), 10);
}

function totals(pdf: Pdf, c: PdfContent, y: number): number {
  const x = TOTALS_X;
  y += 10;
  for (const t of c.totals) {
    const size = t.strong ? 10.5 : 9;
    const height = totalRowHeight(pdf, t);
    style(pdf, t.strong ? 'semibold' : 'regular', size, t.strong ? INK : MUTED).text(t.label, x, y, { width: TOTALS_LABEL_W });
    style(pdf, t.strong ? 'semibold' : 'regular', size).text(t.value, x + TOTALS_LABEL_W, y, { width: RIGHT - x - TOTALS_LABEL_W, align: 'right' });
    y += height;
  }
  return y;
}

function notesAndFooter(pdf: Pdf, c: PdfContent, y: number, newPage: () => number): void {
  style(pdf, 'regular', 8, MUTED);
  const notes = c.notes.join('\n');
  const footerHeight = c.footer ? pdf.heightOfString(c.footer, { width: RIGHT - MARGIN }) + 16 : 0;
  const notesHeight = notes ? pdf.heightOfString(notes, { width: RIGHT - MARGIN }) + 12 : 0;
  if (y + notesHeight + footerHeight > BOTTOM) y = newPage();
  if (notes) {
    pdf.text(notes, MARGIN, y + 12, { width: RIGHT - MARGIN });
    y += notesHeight;
  }
  if (c.footer) {
    rule(pdf, y + 8);
    style(pdf, 'regular', 8, MUTED).text(c.footer, MARGIN, y + 16, { width: RIGHT - MARGIN });
  }
}

function layout(pdf: Pdf, c: PdfContent) {
  const newPage = () => {
    pdf.addPage();
    return runningHeader(pdf, c);
  };
  let y = parties(pdf, c, firstPageHeader(pdf, c));
  y = tableHeader(pdf, y);
  const lines = c.lines.length > 0 ? c.lines : [{ sku: '', name: 'No items', options: '', quantity: '', unitPrice: '', total: '' }];
  for (const line of lines) {
    const height = rowHeight(pdf, line);
    if (y + height > BOTTOM) y = tableHeader(pdf, newPage());
    row(pdf, line, y, height);
    y += height;
  }
  if (y + totalsHeight(pdf, c) > BOTTOM) y = newPage();
  y = totals(pdf, c, y);
  notesAndFooter(pdf, c, y, newPage);
  pageFooters(pdf, c);
}

/** An issued document never changes: its PDF is drawn once per worker and kept, 16 MB at most (docs/operations.md: Memory). */
const drawn = new LRUCache<string, Buffer>({ maxSize: 16 * 1024 * 1024, sizeCalculation: (pdf) => pdf.length });

export async function renderDocumentPdf(doc: IssuedDocument): Promise<Buffer> {
  const key = `${doc.kind}:${doc.id}`;
  const kept = drawn.get(key);
  if (kept) return kept;
  const pdf = await drawPdf(doc);
  drawn.set(key, pdf);
  return pdf;
}

/** The PDF drawn afresh from the document's snapshot (renderDocumentPdf keeps what it drew). */
export async function drawPdf(doc: IssuedDocument): Promise<Buffer> {
  const content = documentContent(doc, env().SHOP_TIME_ZONE);
  const fonts = pdfFonts();
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    bufferPages: true,
    // No standard font: Inter is registered below and used for every word.
    font: '',
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: `${content.title} ${content.number}`,
      Author: content.seller.name,
      CreationDate: new Date(doc.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pdf.registerFont('Inter', fonts.regular as unknown as Buffer);
  pdf.registerFont('Inter-SemiBold', fonts.semibold as unknown as Buffer);
  layout(pdf, content);
  pdf.end();
  return done;
}
