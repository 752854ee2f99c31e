// Bracelets: bangles and cuffs in perspective, tennis bracelets as a loop of set stones, and link bracelets.
import { band, type BandGeometry } from './band';
import { type ChainStyle } from './chain';
import { type Hue, type MetalPalette, type Svg, bead, ellipseAt, ellipsePoints, f, gemTop, pearl, polyPath, shadow } from './core';
import { drawChainPiece } from './necklace';

export type BraceletStyle = 'bangle' | 'cuff' | 'tennis' | 'link';

interface BangleView extends BandGeometry {
  /** Where stones sit: angle on the band and which surface. */
  stoneAt: number;
}

const BANGLE_VIEWS: BangleView[] = [
  { cx: 500, cy: 520, r: 290, t: 20, k: 1, rot: 0, vx: 0, vy: -62, stoneAt: -Math.PI / 2 },
  { cx: 500, cy: 450, r: 132, k: 2.45, t: 8, rot: 0, vx: 0, vy: 70, stoneAt: Math.PI / 2 },
  { cx: 520, cy: 520, r: 290, t: 20, k: 0.55, rot: 0.04, vx: -96, vy: -40, stoneAt: -Math.PI / 2 },
  { cx: 500, cy: 520, r: 285, t: 20, k: 0.85, rot: -0.32, vx: 20, vy: -66, stoneAt: -Math.PI / 2 - 0.32 },
];

export function drawBracelet(svg: Svg, m: MetalPalette, hue: Hue | null, style: BraceletStyle, chain: ChainStyle, view: number, groundFill: string): void {
  if (style === 'link') return drawChainPiece(svg, m, hue, chain, view, true);
  if (style === 'tennis') return tennis(svg, m, hue ?? 'clear', view);
  const g = BANGLE_VIEWS[view % BANGLE_VIEWS.length]!;
  const lying = g.k > 1.5;
  const geom: BandGeometry = style === 'cuff' ? { ...g, vx: g.vx * 1.6, vy: g.vy * 1.6, t: g.t * 1.2 } : g;
  shadow(svg, g.cx + geom.vx * 0.5, lying ? g.cy + g.r + 90 : g.cy + g.r * 1.02, g.r * Math.max(g.k, 0.6) * 0.95, lying ? 40 : 26, 0.24, 20);
  const b = band(svg, m, geom, groundFill);
  if (style === 'cuff') {
    // Open the cuff at the bottom and finish both ends with a polished terminal.
    const gapA = Math.PI / 2 - 0.2;
    const gapB = Math.PI / 2 + 0.2;
    const wedge = [ellipseAt(geom.cx, geom.cy, 0, 0, 0, 0)];
    for (let i = 0; i <= 12; i++) {
      const a = gapA + ((gapB - gapA) * i) / 12;
      wedge.push(ellipseAt(geom.cx + geom.vx / 2, geom.cy + geom.vy / 2, (geom.r + 40) * geom.k, geom.r + 40, geom.rot, a));
    }
    svg.add(`<path d="M${wedge.map(([x, y]) => `${f(x)} ${f(y)}`).join('L')}Z" fill="${groundFill}"/>`);
    for (const a of [gapA, gapB]) {
      const [x, y] = b.surfaceAt(a, 0.5);
      bead(svg, m, x, y, Math.hypot(geom.vx, geom.vy) * 0.55);
      if (hue) gemTop(svg, hue, x, y, Math.hypot(geom.vx, geom.vy) * 0.36);
    }
    return;
  }
  if (hue) {
    const count = 9;
    for (let i = 0; i < count; i++) {
      const a = g.stoneAt + (i - (count - 1) / 2) * (lying ? 0.15 : 0.12);
      const [x, y] = lying ? b.frontAt(a, 0.5) : b.surfaceAt(a, 0.5);
      const size = (lying ? 15 : 21) * (1 - Math.abs(i - 4) * 0.04);
      bead(svg, m, x, y, size * 1.3);
      if (hue === 'pearl') pearl(svg, x, y, size * 1.1);
      else gemTop(svg, hue, x, y, size, lying ? 0.6 : 0.75);
    }
  }
}

/** A line of stones in claw cups, laid as a loop seen from above at an angle. */
function tennis(svg: Svg, m: MetalPalette, hue: Hue, view: number): void {
  const views = [
    { cx: 500, cy: 500, rx: 300, ry: 190, rot: 0 },
    { cx: 500, cy: 520, rx: 310, ry: 120, rot: -0.12 },
    { cx: 500, cy: 480, rx: 250, ry: 250, rot: 0 },
    { cx: 500, cy: 500, rx: 290, ry: 160, rot: 0.35 },
  ];
  const v = views[view % views.length]!;
  shadow(svg, v.cx + 10, v.cy + v.ry + 40, v.rx * 0.9, 26, 0.16, 22);
  const n = 24;
  const items = Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    const [x, y] = ellipseAt(v.cx, v.cy, v.rx, v.ry, v.rot, a);
    return { x, y, depth: Math.sin(a) };
  }).sort((p, q) => p.depth - q.depth);
  const base = (Math.PI * 2 * Math.sqrt((v.rx * v.rx + v.ry * v.ry) / 2)) / n;
  // The hinged links behind the stones.
  const loop = ellipsePoints(v.cx, v.cy, v.rx, v.ry, v.rot, 120);
  svg.add(`<path d="${polyPath(loop)}" fill="none" stroke="${m.dark}" stroke-width="${f(base * 0.34)}"/>`);
  svg.add(`<path d="${polyPath(loop)}" fill="none" stroke="${m.light}" stroke-width="${f(base * 0.14)}"/>`);
  for (const { x, y, depth } of items) {
    const s = base * 0.44 * (0.9 + depth * 0.1);
    bead(svg, m, x, y, s * 1.14);
    if (hue === 'pearl') pearl(svg, x, y, s);
    else gemTop(svg, hue, x, y, s);
    for (const a of [0.785, 2.356, 3.927, 5.498]) {
      svg.add(`<circle cx="${f(x + s * 1.02 * Math.cos(a))}" cy="${f(y + s * 1.02 * Math.sin(a))}" r="${f(s * 0.16)}" fill="${m.light}" stroke="${m.dark}" stroke-width="0.8"/>`);
    }
  }
}
