import 'server-only';
// Working sheets for the packing desk (packing slips, pick lists): the invoice's look (pdf.ts) with a table whose
// columns the caller names, a checkbox column for ticking lines off, and no money. Drawn afresh on every request:
// unlike an issued document, a sheet shows the order as it is now. Strings only, so nothing is read as markup.
import PDFDocument from 'pdfkit';
import type { PdfBlock } from './pdf-content';
import { pdfFonts } from './pdf-fonts';
import { BOTTOM, GOLD, INK, MARGIN, MUTED, pageFooters, RIGHT, rule, stack, style, type Pdf } from './pdf-kit';

export interface SheetColumn {
  heading: string;
  /** Points; the last column takes what is left. */
  width: number;
  align?: 'left' | 'right';
  /** An empty box to tick, instead of text. */
  checkbox?: boolean;
}

/** A cell's text, and a muted note under it (a line's choices). */
export interface SheetCell {
  text: string;
  note?: string;
}

export interface SheetContent {
  title: string;
  /** The order reference, or how many orders a pick list covers. */
  number: string;
  meta: [string, string][];
  seller: { name: string; lines: string[] };
  parties: PdfBlock[];
  columns: SheetColumn[];
  rows: SheetCell[][];
  empty: string;
  totals: [string, string][];
  createdAt: Date;
}

const PAD = 4;
const GAP = 6;
const BOX = 9;

/** Each column's x and width; the last one runs to the right margin. */
function placed(columns: SheetColumn[]): (SheetColumn & { x: number })[] {
  let x = MARGIN;
  return columns.map((c, i) => {
    const width = i === columns.length - 1 ? RIGHT - x : c.width;
    const column = { ...c, x, width };
    x += width + GAP;
    return column;
  });
}

function header(pdf: Pdf, c: SheetContent): number {
  style(pdf, 'semibold', 16);
  let left = stack(pdf, [c.seller.name], MARGIN, MARGIN, 300) + 4;
  style(pdf, 'regular', 8.5, MUTED);
  left = stack(pdf, c.seller.lines, MARGIN, left, 300);
  const x = 348;
  const w = RIGHT - x;
  style(pdf, 'semibold', 22);
  let right = stack(pdf, [c.title], x, MARGIN - 4, w, 'right');
  style(pdf, 'semibold', 10).text(c.number, x, right, { width: w, align: 'right' });
  right += 20;
  for (const [label, value] of c.meta) {
    style(pdf, 'regular', 8.5, MUTED).text(label, x, right, { width: 100 });
    style(pdf, 'regular', 8.5).text(value, x + 100, right, { width: w - 100, align: 'right' });
    right += Math.max(13, pdf.heightOfString(value, { width: w - 100 }) + 3);
  }
  const y = Math.max(left, right) + 14;
  rule(pdf, y, GOLD, 1);
  let bottom = y + 16;
  c.parties.forEach((block, i) => {
    const bx = MARGIN + i * 178;
    style(pdf, 'semibold', 7.5, MUTED).text(block.heading, bx, y + 16, { width: 160 });
    style(pdf, 'regular', 8.5);
    bottom = Math.max(bottom, stack(pdf, block.lines, bx, y + 28, 160) + 20);
  });
  return bottom;
}

function tableHeader(pdf: Pdf, columns: ReturnType<typeof placed>, y: number): number {
  style(pdf, 'semibold', 7.5, MUTED);
  for (const col of columns) pdf.text(col.heading, col.x, y, { width: col.width, align: col.align ?? 'left' });
  rule(pdf, y + 13, INK, 0.75);
  return y + 15;
}

function cellHeight(pdf: Pdf, cell: SheetCell, width: number): number {
  style(pdf, 'regular', 9);
  let h = pdf.heightOfString(cell.text || ' ', { width });
  if (cell.note) h += 2 + style(pdf, 'regular', 7.5).heightOfString(cell.note, { width });
  return h;
}

function rowHeight(pdf: Pdf, columns: ReturnType<typeof placed>, row: SheetCell[]): number {
  const heights = columns.map((col, i) => (col.checkbox ? BOX : cellHeight(pdf, row[i] ?? { text: '' }, col.width)));
  return Math.max(...heights) + 2 * PAD;
}

function drawRow(pdf: Pdf, columns: ReturnType<typeof placed>, row: SheetCell[], y: number, height: number) {
  const top = y + PAD;
  columns.forEach((col, i) => {
    if (col.checkbox) {
      pdf.rect(col.x + 2, top + 1, BOX, BOX).lineWidth(0.75).strokeColor(INK).stroke();
      return;
    }
    const cell = row[i] ?? { text: '' };
    style(pdf, 'regular', 9).text(cell.text, col.x, top, { width: col.width, align: col.align ?? 'left' });
    if (cell.note) {
      const under = top + pdf.heightOfString(cell.text || ' ', { width: col.width }) + 2;
      style(pdf, 'regular', 7.5, MUTED).text(cell.note, col.x, under, { width: col.width, align: col.align ?? 'left' });
    }
  });
  rule(pdf, y + height);
}

function layout(pdf: Pdf, c: SheetContent) {
  const columns = placed(c.columns);
  const newPage = () => {
    pdf.addPage();
    style(pdf, 'semibold', 9).text(c.seller.name, MARGIN, MARGIN, { width: 260, lineBreak: false });
    style(pdf, 'regular', 8.5, MUTED).text(`${c.title} ${c.number}`, 300, MARGIN, { width: RIGHT - 300, align: 'right', lineBreak: false });
    rule(pdf, MARGIN + 16);
    return MARGIN + 28;
  };
  let y = tableHeader(pdf, columns, header(pdf, c));
  if (c.rows.length === 0) {
    style(pdf, 'regular', 9, MUTED).text(c.empty, MARGIN, y + PAD, { width: RIGHT - MARGIN });
    y += 20;
  }
  for (const row of c.rows) {
    const height = rowHeight(pdf, columns, row);
    // A row is never cut: it starts the next page, which repeats the table's header.
    if (y + height > BOTTOM) y = tableHeader(pdf, columns, newPage());
    drawRow(pdf, columns, row, y, height);
    y += height;
  }
  if (y + 16 * c.totals.length + 10 > BOTTOM) y = newPage();
  y += 10;
  for (const [label, value] of c.totals) {
    style(pdf, 'semibold', 10).text(label, 280, y, { width: 180 });
    pdf.text(value, 460, y, { width: RIGHT - 460, align: 'right' });
    y += 16;
  }
  pageFooters(pdf, c);
}

export async function drawSheetPdf(content: SheetContent): Promise<Buffer> {
  const fonts = pdfFonts();
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN },
    bufferPages: true,
    font: '',
    lang: 'en-US',
    displayTitle: true,
    info: { Title: `${content.title} ${content.number}`, Author: content.seller.name, CreationDate: content.createdAt },
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

/** The sheet inline, named as asked, never kept by a shared cache. */
export function sheetResponse(bytes: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${fileName}"`,
      'content-length': String(bytes.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
