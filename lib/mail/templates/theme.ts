// The shop's look in mail (DESIGN.md): warm ivory ground, near-black ink, one muted gold; a serif for headings and a
// sans for the rest, named with the fonts every mail client has as fallbacks (mail clients load no web fonts).
// Inline styles only: many clients drop <style> blocks.
import type { CSSProperties } from 'react';

export const COLORS = {
  ivory: '#FAF8F5',
  ink: '#1C1B19',
  gold: '#B08D57',
  // Darker gold for text on ivory or white (AA contrast at small sizes).
  goldText: '#7F6232',
  muted: '#5F5A52',
  line: '#E4DED4',
  white: '#FFFFFF',
} as const;

export const SERIF = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
export const SANS = "Inter, 'Helvetica Neue', Helvetica, Arial, sans-serif";

export const styles = {
  body: { backgroundColor: COLORS.ivory, color: COLORS.ink, fontFamily: SANS, margin: 0, padding: '24px 0' },
  container: { backgroundColor: COLORS.white, border: `1px solid ${COLORS.line}`, maxWidth: '600px', width: '100%' },
  header: { borderBottom: `2px solid ${COLORS.gold}`, padding: '24px 32px 16px' },
  brand: { color: COLORS.ink, fontFamily: SERIF, fontSize: '24px', fontWeight: 600, letterSpacing: '0.02em', margin: 0 },
  content: { padding: '24px 32px 8px' },
  h1: { color: COLORS.ink, fontFamily: SERIF, fontSize: '28px', fontWeight: 600, lineHeight: '34px', margin: '0 0 12px' },
  h2: { color: COLORS.ink, fontFamily: SERIF, fontSize: '20px', fontWeight: 600, lineHeight: '26px', margin: '24px 0 8px' },
  text: { color: COLORS.ink, fontFamily: SANS, fontSize: '15px', lineHeight: '24px', margin: '0 0 12px' },
  small: { color: COLORS.muted, fontFamily: SANS, fontSize: '13px', lineHeight: '20px', margin: '0 0 4px' },
  link: { color: COLORS.goldText, textDecoration: 'underline' },
  // The one gold action of a mail, ink on gold (AA contrast).
  button: {
    backgroundColor: COLORS.gold,
    border: `1px solid ${COLORS.gold}`,
    color: COLORS.ink,
    display: 'inline-block',
    fontFamily: SANS,
    fontSize: '14px',
    fontWeight: 600,
    padding: '10px 18px',
    textDecoration: 'none',
  },
  cell: { borderBottom: `1px solid ${COLORS.line}`, fontFamily: SANS, fontSize: '14px', lineHeight: '20px', padding: '10px 8px', verticalAlign: 'top' },
  headCell: {
    borderBottom: `1px solid ${COLORS.gold}`,
    color: COLORS.muted,
    fontFamily: SANS,
    fontSize: '12px',
    fontWeight: 600,
    letterSpacing: '0.04em',
    padding: '6px 8px',
    textAlign: 'left',
    textTransform: 'uppercase',
  },
  number: { fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' },
  footer: { borderTop: `1px solid ${COLORS.line}`, padding: '16px 32px 24px' },
} satisfies Record<string, CSSProperties>;
