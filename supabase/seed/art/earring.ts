// Earrings, shown as pairs or a single close-up: studs, hoops, huggies and drops on French hooks.
import { band, type BandGeometry } from './band';
import {
  type Hue,
  type MetalPalette,
  type Svg,
  bead,
  f,
  gemSide,
  gemTop,
  metalStops,
  pearl,
  prongsTop,
  shadow,
} from './core';
import { drawPendant } from './necklace';

export type EarringStyle = 'stud' | 'hoop' | 'huggie' | 'drop';

interface Placement {
  x: number;
  y: number;
  s: number;
  rot: number;
}

const PAIRS: Placement[][] = [
  [
    { x: 310, y: 500, s: 1, rot: 0 },
    { x: 690, y: 500, s: 1, rot: 0 },
  ],
  [
    { x: 320, y: 430, s: 0.95, rot: -8 },
    { x: 670, y: 570, s: 0.95, rot: 10 },
  ],
  [{ x: 500, y: 480, s: 1.45, rot: 0 }],
  [
    { x: 330, y: 520, s: 1.05, rot: 0 },
    { x: 680, y: 470, s: 0.85, rot: 0 },
  ],
];

export function drawEarrings(svg: Svg, m: MetalPalette, hue: Hue | null, style: EarringStyle, view: number, groundFill: string): void {
  const placements = PAIRS[view % PAIRS.length]!;
  for (const [i, p] of placements.entries()) {
    switch (style) {
      case 'stud':
        stud(svg, m, hue, p, view === 3 && i === 1);
        break;
      case 'hoop':
        hoop(svg, m, hue, p, view, i, groundFill, false);
        break;
      case 'huggie':
        hoop(svg, m, hue, p, view, i, groundFill, true);
        break;
      case 'drop':
        drop(svg, m, hue, p);
        break;
    }
  }
}

function stud(svg: Svg, m: MetalPalette, hue: Hue | null, p: Placement, side: boolean): void {
  const r = 125 * p.s;
  shadow(svg, p.x + 14, p.y + r + 24, r * 0.9, 16 * p.s, 0.22, 14);
  if (side) {
    // The second stud turned to show its post and butterfly back.
    const w = r * 1.9;
    svg.add(`<path d="M${f(p.x)} ${f(p.y + r * 0.3)}L${f(p.x)} ${f(p.y + r * 1.4)}" stroke="${m.dark}" stroke-width="${f(r * 0.09)}" stroke-linecap="round"/>`);
    svg.add(`<path d="M${f(p.x - r * 0.5)} ${f(p.y + r * 1.1)}Q${f(p.x)} ${f(p.y + r * 0.8)} ${f(p.x + r * 0.5)} ${f(p.y + r * 1.1)}Q${f(p.x)} ${f(p.y + r * 1.3)} ${f(p.x - r * 0.5)} ${f(p.y + r * 1.1)}Z" fill="${m.mid}" stroke="${m.dark}" stroke-width="2"/>`);
    if (hue) {
      gemSide(svg, hue, p.x, p.y - r * 0.25, w * 0.8, 0.3);
    } else {
      bead(svg, m, p.x, p.y - r * 0.1, r * 0.75);
    }
    return;
  }
  if (!hue) {
    // Polished dome with a soft ring of texture.
    bead(svg, m, p.x, p.y, r * 0.8);
    svg.add(`<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(r * 0.56)}" fill="none" stroke="${m.dark}" stroke-opacity="0.25" stroke-width="${f(r * 0.04)}"/>`);
    return;
  }
  if (hue === 'pearl') {
    bead(svg, m, p.x, p.y, r * 0.45);
    pearl(svg, p.x, p.y, r * 0.85);
    return;
  }
  const cup = svg.linear(metalStops(m, 'face'), p.x - r, p.y - r, p.x + r, p.y + r);
  svg.add(`<circle cx="${f(p.x)}" cy="${f(p.y)}" r="${f(r * 1.04)}" fill="${cup}"/>`);
  gemTop(svg, hue, p.x, p.y, r, 1, (p.rot * Math.PI) / 180);
  prongsTop(svg, m, p.x, p.y, r, 4, 1, Math.PI / 4 + (p.rot * Math.PI) / 180);
}

function hoop(svg: Svg, m: MetalPalette, hue: Hue | null, p: Placement, view: number, index: number, groundFill: string, huggie: boolean): void {
  const single = view === 2;
  const r = (huggie ? 115 : 150) * (single ? 1.35 / p.s : 1) * p.s;
  const turned = view === 1 || (view === 3 && index === 1);
  const g: BandGeometry = {
    cx: p.x,
    cy: p.y + (single ? 30 : 0),
    r,
    t: huggie ? r * 0.2 : r * 0.085,
    k: turned ? 0.45 : 0.92,
    rot: (p.rot * Math.PI) / 180,
    vx: turned ? -r * 0.28 : -r * 0.05,
    vy: -(huggie ? r * 0.3 : r * 0.14),
  };
  shadow(svg, g.cx, g.cy + r + 26, r * 0.75 * g.k + 20, 14, 0.2, 14);
  const b = band(svg, m, g, groundFill);
  // Hinge post at the top.
  const [tx, ty] = b.surfaceAt(-Math.PI / 2 - 0.05, 0.5);
  svg.add(`<path d="M${f(tx)} ${f(ty)}l${f(-r * 0.02)} ${f(-r * 0.16)}" stroke="${m.dark}" stroke-width="${f(Math.max(3, r * 0.03))}" stroke-linecap="round"/>`);
  if (hue) {
    const count = huggie ? 7 : 9;
    for (let i = 0; i < count; i++) {
      const a = Math.PI / 2 + (i - (count - 1) / 2) * (huggie ? 0.3 : 0.2);
      const [x, y] = b.frontAt(a, 0.5);
      const s = g.t * (huggie ? 0.36 : 0.45) * Math.max(0.6, g.k);
      if (hue === 'pearl') pearl(svg, x, y, s);
      else gemTop(svg, hue, x, y, s);
    }
  }
}

function drop(svg: Svg, m: MetalPalette, hue: Hue | null, p: Placement): void {
  const s = 1.25 * p.s * (p.s > 1.2 ? 0.8 : 1);
  const hookTop = p.y - 230 * s;
  svg.add(`<g transform="rotate(${f(p.rot)} ${f(p.x)} ${f(p.y)})">`);
  // French hook: a loop over the top and a long tail behind.
  const hook = `M${f(p.x)} ${f(hookTop + 120 * s)}C${f(p.x)} ${f(hookTop + 30 * s)} ${f(p.x + 20 * s)} ${f(hookTop)} ${f(p.x + 60 * s)} ${f(hookTop)}C${f(p.x + 110 * s)} ${f(hookTop)} ${f(p.x + 120 * s)} ${f(hookTop + 60 * s)} ${f(p.x + 100 * s)} ${f(hookTop + 130 * s)}L${f(p.x + 80 * s)} ${f(hookTop + 210 * s)}`;
  svg.add(`<path d="${hook}" fill="none" stroke="${m.deep}" stroke-width="${f(9 * s)}" stroke-linecap="round"/>`);
  svg.add(`<path d="${hook}" fill="none" stroke="${m.mid}" stroke-width="${f(6.5 * s)}" stroke-linecap="round"/>`);
  svg.add(`<path d="${hook}" fill="none" stroke="${m.hi}" stroke-opacity="0.7" stroke-width="${f(2 * s)}" stroke-linecap="round" transform="translate(-1.5 -1.5)"/>`);
  bead(svg, m, p.x, hookTop + 120 * s, 11 * s);
  svg.add('</g>');
  drawPendant(svg, m, hue, hue ? 'drop' : 'disc', p.x, p.y - 100 * s + 4, 1.05 * s, p.rot);
}
