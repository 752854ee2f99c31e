// Body jewelry: straight and curved barbells, captive rings and flat-back studs.
import { band, type BandGeometry } from './band';
import { type Hue, type MetalPalette, type Svg, bead, f, gemSide, gemTop, metalStops, pearl, shadow } from './core';
import { drawPendant } from './necklace';

export type BodyStyle = 'barbell' | 'curved' | 'ring' | 'stud';

const TRANSFORMS = [
  { rot: 0, s: 1, dx: 0, dy: 0 },
  { rot: -28, s: 1, dx: 0, dy: 10 },
  { rot: -12, s: 1.3, dx: -10, dy: -30 },
  { rot: 24, s: 0.95, dx: 0, dy: 0 },
];

export function drawBody(svg: Svg, m: MetalPalette, hue: Hue | null, style: BodyStyle, view: number, groundFill: string): void {
  const t = TRANSFORMS[view % TRANSFORMS.length]!;
  if (style === 'ring') return captiveRing(svg, m, hue, view, groundFill);
  if (style === 'stud') return flatStud(svg, m, hue, view);
  shadow(svg, 500 + t.dx, 640, 300 * t.s, 26, 0.18, 22);
  svg.add(`<g transform="translate(${t.dx} ${t.dy}) rotate(${t.rot} 500 500) translate(500 500) scale(${t.s}) translate(-500 -500)">`);
  if (style === 'barbell') {
    rod(svg, m, `M300 500L700 500`, 30);
    ball(svg, m, null, 285, 500, 72);
    ball(svg, m, hue, 715, 500, 80);
  } else {
    // Curved bar: a small top ball, a jewelled lower ball and, with a stone, a drop.
    rod(svg, m, `M430 250C290 340 310 590 470 620`, 24);
    ball(svg, m, null, 430, 240, 44);
    ball(svg, m, hue, 500, 630, 76);
    if (hue) drawPendant(svg, m, hue, 'drop', 500, 700, 1.05);
  }
  svg.add('</g>');
}

function rod(svg: Svg, m: MetalPalette, d: string, w: number): void {
  svg.add(`<path d="${d}" fill="none" stroke="${m.deep}" stroke-width="${w}" stroke-linecap="round"/>`);
  svg.add(`<path d="${d}" fill="none" stroke="${m.mid}" stroke-width="${w * 0.78}" stroke-linecap="round"/>`);
  svg.add(`<path d="${d}" fill="none" stroke="${m.hi}" stroke-opacity="0.75" stroke-width="${w * 0.22}" stroke-linecap="round" transform="translate(0 ${-w * 0.18})"/>`);
}

function ball(svg: Svg, m: MetalPalette, hue: Hue | null, x: number, y: number, r: number): void {
  if (hue === 'pearl') return pearl(svg, x, y, r);
  bead(svg, m, x, y, r);
  if (hue) {
    const bezel = svg.linear(metalStops(m, 'face'), x - r, y - r, x + r, y + r);
    svg.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.72)}" fill="${bezel}" stroke="${m.deep}" stroke-opacity="0.3"/>`);
    gemTop(svg, hue, x, y, r * 0.6);
  }
}

function captiveRing(svg: Svg, m: MetalPalette, hue: Hue | null, view: number, groundFill: string): void {
  const views: BandGeometry[] = [
    { cx: 500, cy: 470, r: 230, t: 26, k: 1, rot: 0, vx: 0, vy: -20 },
    { cx: 500, cy: 470, r: 230, t: 26, k: 0.6, rot: 0.1, vx: -24, vy: -14 },
    { cx: 520, cy: 430, r: 300, t: 34, k: 0.92, rot: -0.1, vx: -4, vy: -26 },
    { cx: 500, cy: 470, r: 215, t: 24, k: 0.82, rot: 0.45, vx: -10, vy: -20 },
  ];
  const g = views[view % views.length]!;
  shadow(svg, g.cx, g.cy + g.r + 70, g.r * 0.8, 22, 0.2, 18);
  const b = band(svg, m, g, groundFill);
  const [x, y] = b.surfaceAt(Math.PI / 2 + g.rot * 0.2, 0.3);
  ball(svg, m, hue, x, y, g.r * 0.26);
}

function flatStud(svg: Svg, m: MetalPalette, hue: Hue | null, view: number): void {
  const v = view % 4;
  if (v === 1 || v === 3) {
    // Side view: flat disc back, post and a set stone.
    const x = v === 1 ? 500 : 620;
    const s = v === 1 ? 1.35 : 1;
    shadow(svg, x, 560 + 200 * s, 150 * s, 18, 0.18, 16);
    const disc = svg.linear(metalStops(m, 'face'), x - 90 * s, 0, x + 90 * s, 0);
    svg.add(`<ellipse cx="${f(x)}" cy="${f(560 + 150 * s)}" rx="${f(80 * s)}" ry="${f(16 * s)}" fill="${disc}" stroke="${m.deep}" stroke-opacity="0.4"/>`);
    rod(svg, m, `M${f(x)} ${f(560 + 140 * s)}L${f(x)} ${f(560 - 60 * s)}`, 16 * s);
    if (hue) gemSide(svg, hue, x, 560 - 95 * s, 130 * s, 0.3);
    else bead(svg, m, x, 560 - 80 * s, 46 * s);
    if (v === 3) frontStud(svg, m, hue, 320, 470, 1.15);
    return;
  }
  frontStud(svg, m, hue, 500, 500, v === 2 ? 2.3 : 1.7);
}

function frontStud(svg: Svg, m: MetalPalette, hue: Hue | null, x: number, y: number, s: number): void {
  shadow(svg, x + 10, y + 110 * s, 90 * s, 14, 0.2, 14);
  const bezel = svg.linear(metalStops(m, 'face'), x - 90 * s, y - 90 * s, x + 90 * s, y + 90 * s);
  svg.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(90 * s)}" fill="${bezel}" stroke="${m.deep}" stroke-opacity="0.35"/>`);
  if (hue) gemTop(svg, hue, x, y, 72 * s);
  else bead(svg, m, x, y, 66 * s);
}
