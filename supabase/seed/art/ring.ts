// Rings and bangles: a band in perspective, with a set stone, a halo, a row of small stones or a signet face.
import { band, type BandGeometry } from './band';
import { type Hue, type MetalPalette, type Svg, bead, ellipseAt, f, gemSide, gemTop, polyPath, shadow } from './core';

export type RingStyle = 'solitaire' | 'halo' | 'band' | 'signet';

const RING_VIEWS: BandGeometry[] = [
  { cx: 500, cy: 600, r: 205, t: 24, k: 1, rot: 0, vx: 0, vy: -38 },
  { cx: 515, cy: 600, r: 205, t: 24, k: 0.62, rot: 0.05, vx: -70, vy: -30 },
  { cx: 530, cy: 610, r: 205, t: 24, k: 0.3, rot: 0.02, vx: -92, vy: -18 },
  { cx: 500, cy: 630, r: 225, t: 27, k: 1, rot: -0.16, vx: 8, vy: -60 },
];

export function drawRing(svg: Svg, m: MetalPalette, hue: Hue | null, style: RingStyle, view: number, groundFill: string): void {
  const base = RING_VIEWS[view % RING_VIEWS.length]!;
  const g: BandGeometry = style === 'signet' ? { ...base, t: base.t * 1.25, vx: base.vx * 1.3, vy: base.vy * 1.3 } : style === 'band' ? { ...base, vx: base.vx * 1.35, vy: base.vy * 1.35 } : base;
  shadow(svg, g.cx + g.vx * 0.5, g.cy + g.r * 1.0, g.r * 0.95 * Math.max(g.k, 0.55), 26, 0.26, 18);
  const b = band(svg, m, g, groundFill);
  const top = b.surfaceAt(-Math.PI / 2 + g.rot * 0);
  const tilt = 0.22 + Math.abs(g.vy) / 420;

  if (style === 'band') {
    if (hue) {
      // Channel of small stones across the top of the band.
      for (let i = -4; i <= 4; i++) {
        const a = -Math.PI / 2 + i * 0.16;
        const [x, y] = b.surfaceAt(a, 0.5);
        const size = 11 * (1 - Math.abs(i) * 0.05);
        gemTop(svg, hue, x, y, size, Math.max(0.45, tilt * 1.3));
      }
    } else {
      // Fine milgrain lines give a plain band some craft.
      for (const depth of [0.12, 0.88]) {
        for (let i = -14; i <= 14; i++) {
          const [x, y] = b.surfaceAt(-Math.PI / 2 + i * 0.075, depth);
          svg.add(`<circle cx="${f(x)}" cy="${f(y)}" r="2.6" fill="${m.hi}" opacity="0.7"/>`);
        }
      }
    }
    return;
  }

  if (style === 'signet') {
    const w = 190 * Math.max(0.55, g.k);
    const h = 60 + Math.abs(g.vy) * 0.7;
    const [x, y] = top;
    const plate = svg.linear(
      [
        { at: 0, color: m.light },
        { at: 0.4, color: m.hi },
        { at: 0.7, color: m.mid },
        { at: 1, color: m.dark },
      ],
      x - w,
      y - h,
      x + w,
      y + h,
    );
    const sideFill = svg.linear(
      [
        { at: 0, color: m.dark },
        { at: 0.5, color: m.mid },
        { at: 1, color: m.deep },
      ],
      x - w,
      y,
      x + w,
      y,
    );
    svg.add(`<ellipse cx="${f(x)}" cy="${f(y + 10)}" rx="${f(w / 2)}" ry="${f(h / 2)}" fill="${sideFill}"/>`);
    svg.add(`<ellipse cx="${f(x)}" cy="${f(y - 6)}" rx="${f(w / 2)}" ry="${f(h / 2)}" fill="${plate}" stroke="${m.deep}" stroke-opacity="0.3"/>`);
    if (hue) {
      const inlay = svg.linear(
        [
          { at: 0, color: hue === 'black' ? '#5b5b66' : '#ffffff', opacity: 0.9 },
          { at: 0.35, color: hue === 'black' ? '#15151b' : hueBase(hue) },
          { at: 1, color: '#000000', opacity: 0.9 },
        ],
        x - w / 3,
        y - h / 2,
        x + w / 3,
        y + h / 2,
      );
      svg.add(`<ellipse cx="${f(x)}" cy="${f(y - 6)}" rx="${f(w * 0.36)}" ry="${f(h * 0.34)}" fill="${inlay}" stroke="${m.dark}" stroke-width="2"/>`);
      svg.add(`<ellipse cx="${f(x - w * 0.12)}" cy="${f(y - 6 - h * 0.12)}" rx="${f(w * 0.12)}" ry="${f(h * 0.06)}" fill="#ffffff" opacity="0.55"/>`);
    } else {
      // Engraved monogram-like lines.
      svg.add(`<ellipse cx="${f(x)}" cy="${f(y - 6)}" rx="${f(w * 0.36)}" ry="${f(h * 0.34)}" fill="none" stroke="${m.dark}" stroke-opacity="0.55" stroke-width="2.5"/>`);
      svg.add(`<path d="M${f(x - w * 0.14)} ${f(y - 6)}h${f(w * 0.28)}M${f(x)} ${f(y - 6 - h * 0.22)}v${f(h * 0.44)}" stroke="${m.dark}" stroke-opacity="0.5" stroke-width="2.5"/>`);
    }
    return;
  }

  // Solitaire and halo: a claw head with a stone in profile.
  const stone = hue ?? 'clear';
  const w = style === 'halo' ? 140 : 168;
  const [x, y] = top;
  const girdleY = y - w * 0.55;
  // Basket.
  const basket = svg.linear(
    [
      { at: 0, color: m.dark },
      { at: 0.35, color: m.light },
      { at: 0.6, color: m.mid },
      { at: 1, color: m.deep },
    ],
    x - w / 2,
    y,
    x + w / 2,
    y,
  );
  svg.add(
    `<path d="${polyPath([
      [x - w * 0.2, y + 8],
      [x + w * 0.2, y + 8],
      [x + w * 0.36, girdleY + w * 0.3],
      [x - w * 0.36, girdleY + w * 0.3],
    ])}" fill="${basket}"/>`,
  );
  // Back claws, the stone, then the front claws folding over the crown.
  for (const dx of [-0.36, 0.36]) claw(svg, m, x + w * dx * 0.45, y, x + w * dx * 1.05, girdleY - w * 0.04, w * 0.05);
  if (style === 'halo') halo(svg, m, x, girdleY + 4, w * 0.72, tilt, 'back');
  gemSide(svg, stone, x, girdleY, w, tilt);
  if (style === 'halo') halo(svg, m, x, girdleY + 4, w * 0.72, tilt, 'front');
  for (const dx of [-0.24, 0.24]) claw(svg, m, x + w * dx * 0.5, y, x + w * dx * 1.25, girdleY - w * 0.12, w * 0.055);
}

/** A tapered claw from the head's base to a rounded tip. */
function claw(svg: Svg, m: MetalPalette, x0: number, y0: number, x1: number, y1: number, width: number): void {
  const fill = svg.linear(
    [
      { at: 0, color: m.dark },
      { at: 0.45, color: m.hi },
      { at: 1, color: m.mid },
    ],
    x1 - width,
    y1,
    x1 + width,
    y1,
  );
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.hypot(dx, dy);
  const nx = -dy / len;
  const ny = dx / len;
  const w0 = width * 0.8;
  const w1 = width * 0.55;
  svg.add(
    `<path d="${polyPath([
      [x0 + nx * w0, y0 + ny * w0],
      [x1 + nx * w1, y1 + ny * w1],
      [x1 - nx * w1, y1 - ny * w1],
      [x0 - nx * w0, y0 - ny * w0],
    ])}" fill="${fill}"/>`,
  );
  bead(svg, m, x1, y1, width * 0.72);
}

function halo(svg: Svg, m: MetalPalette, cx: number, cy: number, rad: number, tilt: number, half: 'back' | 'front'): void {
  const n = 22;
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const isBack = Math.sin(a) < 0;
    if ((half === 'back') !== isBack) continue;
    const [x, y] = ellipseAt(cx, cy, rad, rad * Math.max(tilt, 0.34), 0, a);
    bead(svg, m, x, y, 10.5);
    gemTop(svg, 'clear', x, y, 8.5, 0.8);
  }
}

function hueBase(hue: Hue): string {
  const map: Record<Hue, string> = {
    clear: '#cdd9e6',
    blue: '#1d3f9c',
    aqua: '#3c9fc4',
    red: '#9c0f25',
    green: '#0d7346',
    purple: '#66309f',
    pink: '#c9628a',
    yellow: '#c98b12',
    black: '#15151b',
    pearl: '#eee4d3',
  };
  return map[hue];
}
