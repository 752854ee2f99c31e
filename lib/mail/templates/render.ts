// A mail template to its two parts: the HTML (React Email's renderer) and the plain text made from that HTML, so
// the two always say the same. Links, tables ('dataTable') and the hidden preview line are handled by the converter.
import { render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';

export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element);
  return { html, text: toPlainText(html).trim() };
}
