// Over 300 lines: pendants and chains share one geometry; split, they would pass it back and forth.
// Necklaces: pendants on a fine chain, and chains on their own, laid out or draped at different angles.
import { type ChainStyle, type Cubic, Track, drawChain, jumpRing, lobster } from './chain';
import {
  GEMS,
  type Hue,
  type MetalPalette,
  type Pt,
  type Svg,
  bead,
  f,
  gemTop,
  metalStops,
  pearl,
  polyPath,
  prongsTop,
  sparkle,
} from './core';

export type PendantStyle = 'solitaire' | 'drop' | 'heart' | 'disc' | 'bar' | 'halo';

/** Draws a pendant whose bail top is at (x, y), scaled by s and turned by rot degrees. */
export function drawPendant(svg: Svg, m: MetalPalette, hue: Hue | null, style: PendantStyle, x: number, y: number, s: number, rot = 0): void {
  svg.add(`<g transform="rotate(${f(rot)} ${f(x)} ${f(y)})">`);
  // Bail.
  svg.add(
    `<rect x="${f(x - 9 * s)}" y="${f(y - 4 * s)}" width="${f(18 * s)}" height="${f(40 * s)}" rx="${f(9 * s)}" fill="none" stroke="${m.dark}" stroke-width="${f(6 * s)}"/>` +
      `<rect x="${f(x - 9 * s)}" y="${f(y - 5 * s)}" width="${f(18 * s)}" height="${f(40 * s)}" rx="${f(9 * s)}" fill="none" stroke="${m.light}" stroke-width="${f(2.6 * s)}"/>`,
  );
  const top = y + 34 * s;
  if (hue === 'pearl') {
    bead(svg, m, x, top + 6 * s, 10 * s);
    pearl(svg, x, top + 62 * s, 52 * s);
    svg.add('</g>');
    return;
  }
  switch (style) {
    case 'solitaire':
    case 'halo': {
      const r = (style === 'halo' ? 46 : 58) * s;
      const cy = top + r + (style === 'halo' ? 24 : 6) * s;
      if (style === 'halo') {
        const ringR = r + 22 * s;
        metalDisc(svg, m, x, cy, ringR + 9 * s);
        for (let i = 0; i < 18; i++) {
          const a = (i / 18) * Math.PI * 2;
          gemTop(svg, 'clear', x + ringR * Math.cos(a), cy + ringR * Math.sin(a), 10 * s);
        }
      } else {
        metalDisc(svg, m, x, cy, r * 1.06);
      }
      gemTop(svg, hue ?? 'clear', x, cy, r);
      prongsTop(svg, m, x, cy, r, 4, 1, Math.PI / 4);
      break;
    }
    case 'drop': {
      const pts = teardrop(x, top + 8 * s, 62 * s, 150 * s);
      const outer = teardrop(x, top + 2 * s, 72 * s, 162 * s);
      const frame = svg.linear(metalStops(m, 'face'), x - 70 * s, top, x + 70 * s, top + 160 * s);
      svg.add(`<path d="${polyPath(outer)}" fill="${frame}" stroke="${m.deep}" stroke-opacity="0.3"/>`);
      facetedShape(svg, hue ?? 'clear', pts, [x, top + 100 * s]);
      break;
    }
    case 'heart': {
      const pts = heart(x, top + 70 * s, 5.2 * s);
      const frame = svg.linear(metalStops(m, 'face'), x - 90 * s, top, x + 90 * s, top + 150 * s);
      if (hue) {
        const outer = heart(x, top + 66 * s, 5.9 * s);
        svg.add(`<path d="${polyPath(outer)}" fill="${frame}" stroke="${m.deep}" stroke-opacity="0.3"/>`);
        facetedShape(svg, hue, pts, [x, top + 70 * s]);
      } else {
        svg.add(`<path d="${polyPath(pts)}" fill="none" stroke="${m.deep}" stroke-width="${f(17 * s)}" stroke-linejoin="round"/>`);
        svg.add(`<path d="${polyPath(pts)}" fill="none" stroke="${frame}" stroke-width="${f(14 * s)}" stroke-linejoin="round"/>`);
        svg.add(`<path d="${polyPath(pts.map(([px, py]) => [px - 2 * s, py - 3 * s] as Pt))}" fill="none" stroke="${m.hi}" stroke-opacity="0.6" stroke-width="${f(3 * s)}" stroke-linejoin="round"/>`);
      }
      break;
    }
    case 'disc': {
      const r = 74 * s;
      const cy = top + r;
      metalDisc(svg, m, x, cy, r);
      svg.add(`<circle cx="${f(x)}" cy="${f(cy)}" r="${f(r * 0.82)}" fill="none" stroke="${m.dark}" stroke-opacity="0.45" stroke-width="${f(2 * s)}"/>`);
      if (hue) {
        bead(svg, m, x, cy, 22 * s);
        gemTop(svg, hue, x, cy, 17 * s);
      } else {
        // Engraved eight-point star.
        const star: Pt[] = [];
        for (let i = 0; i < 16; i++) {
          const a = (i / 16) * Math.PI * 2 - Math.PI / 2;
          const rr = i % 2 === 0 ? r * 0.5 : r * 0.18;
          star.push([x + rr * Math.cos(a), cy + rr * Math.sin(a)]);
        }
        svg.add(`<path d="${polyPath(star)}" fill="${m.dark}" fill-opacity="0.35" stroke="${m.hi}" stroke-opacity="0.5" stroke-width="${f(1.5 * s)}"/>`);
      }
      break;
    }
    case 'bar': {
      const w = 34 * s;
      const h = 190 * s;
      const fill = svg.linear(metalStops(m, 'face'), x - w, top, x + w, top);
      svg.add(`<rect x="${f(x - w / 2)}" y="${f(top)}" width="${f(w)}" height="${f(h)}" rx="${f(w / 2)}" fill="${fill}" stroke="${m.deep}" stroke-opacity="0.35"/>`);
      if (hue) {
        for (let i = 0; i < 3; i++) {
          const cy = top + h * (0.3 + i * 0.22);
          gemTop(svg, hue, x, cy, w * 0.32);
        }
      } else {
        for (let i = 1; i < 6; i++) {
          svg.add(`<path d="M${f(x - w * 0.25)} ${f(top + (h * i) / 6)}h${f(w * 0.5)}" stroke="${m.dark}" stroke-opacity="0.4" stroke-width="${f(1.6 * s)}"/>`);
        }
      }
      break;
    }
  }
  svg.add('</g>');
}

function metalDisc(svg: Svg, m: MetalPalette, x: number, y: number, r: number): void {
  const fill = svg.linear(metalStops(m, 'face'), x - r, y - r, x + r, y + r);
  svg.add(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${fill}" stroke="${m.deep}" stroke-opacity="0.35" stroke-width="1.2"/>`);
}

function teardrop(x: number, top: number, w: number, h: number): Pt[] {
  const pts: Pt[] = [];
  const r = w / 2;
  const cy = top + h - r;
  // Upper taper from the tip to the widest point.
  for (let i = 0; i <= 20; i++) {
    const t = i / 20;
    const px = r * Math.sin((t * Math.PI) / 2) ** 0.8;
    pts.push([x + px, top + (cy - top) * t]);
  }
  for (let i = 1; i < 30; i++) {
    const a = (i / 30) * Math.PI;
    pts.push([x + r * Math.cos(a), cy + r * Math.sin(a)]);
  }
  for (let i = 20; i >= 1; i--) {
    const t = i / 20;
    const px = r * Math.sin((t * Math.PI) / 2) ** 0.8;
    pts.push([x - px, top + (cy - top) * t]);
  }
  return pts;
}

function heart(x: number, y: number, s: number): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i < 80; i++) {
    const t = (i / 80) * Math.PI * 2;
    pts.push([x + s * 16 * Math.sin(t) ** 3, y - s * (13 * Math.cos(t) - 5 * Math.cos(2 * t) - 2 * Math.cos(3 * t) - Math.cos(4 * t))]);
  }
  return pts;
}

/** A fancy-cut stone of any outline: a fan of facets from a centre point. */
function facetedShape(svg: Svg, hue: Hue, outline: readonly Pt[], c: Pt): void {
  const g = GEMS[hue];
  const xs = outline.map((p) => p[0]);
  const ys = outline.map((p) => p[1]);
  const r = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2;
  const fill = svg.radial(
    [
      { at: 0, color: g.light },
      { at: 0.5, color: g.base },
      { at: 0.9, color: g.dark },
      { at: 1, color: g.deep },
    ],
    c[0],
    c[1],
    r,
    c[0] - r * 0.3,
    c[1] - r * 0.35,
  );
  svg.add(`<path d="${polyPath(outline)}" fill="${fill}"/>`);
  const step = Math.max(1, Math.floor(outline.length / 14));
  const line = `stroke="#ffffff" stroke-opacity="0.32" stroke-width="1.2"`;
  let k = 0;
  for (let i = 0; i < outline.length; i += step, k++) {
    const a = outline[i]!;
    const b = outline[Math.min(i + step, outline.length) % outline.length]!;
    const mid: Pt = [c[0] + (a[0] + b[0] - 2 * c[0]) * 0.3, c[1] + (a[1] + b[1] - 2 * c[1]) * 0.3];
    const light = k % 3 === 0;
    svg.add(`<path d="${polyPath([a, b, mid])}" fill="${light ? '#ffffff' : '#000000'}" fill-opacity="${light ? 0.3 : 0.12}" ${line}/>`);
  }
  sparkle(svg, c[0] - r * 0.25, c[1] - r * 0.3, r * 0.35, 0.85);
}

function mirrorPair(left: Cubic): Cubic[] {
  const mirror = (p: Pt): Pt => [1000 - p[0], p[1]];
  const [a, b, c, d] = left;
  return [left, [d, mirror(c), mirror(b), mirror(a)]];
}

/** Necklace with a pendant. */
export function drawPendantNecklace(svg: Svg, m: MetalPalette, hue: Hue | null, style: PendantStyle, chain: ChainStyle, view: number): void {
  switch (view % 4) {
    case 0: {
      const track = new Track(mirrorPair([[150, -40], [170, 330], [330, 530], [500, 548]]));
      drawChain(svg, m, track, chain, 14);
      drawPendant(svg, m, hue, style, 500, 540, 1.35);
      break;
    }
    case 1: {
      const track = new Track(mirrorPair([[300, -40], [310, 180], [420, 300], [500, 306]]));
      drawChain(svg, m, track, chain, 20);
      drawPendant(svg, m, hue, style, 500, 296, 2.3);
      break;
    }
    case 2: {
      // Laid flat in a loop, clasp at the top.
      const cx = 500;
      const cy = 420;
      const rx = 285;
      const ry = 255;
      const k = 0.5523;
      const track = new Track([
        [[cx + 18, cy - ry], [cx + rx * k, cy - ry], [cx + rx, cy - ry * k], [cx + rx, cy]],
        [[cx + rx, cy], [cx + rx, cy + ry * k], [cx + rx * k, cy + ry], [cx, cy + ry]],
        [[cx, cy + ry], [cx - rx * k, cy + ry], [cx - rx, cy + ry * k], [cx - rx, cy]],
        [[cx - rx, cy], [cx - rx, cy - ry * k], [cx - rx * k, cy - ry], [cx - 18, cy - ry]],
      ]);
      drawChain(svg, m, track, chain, 13);
      lobster(svg, m, [cx - 18, cy - ry], Math.PI, 34);
      jumpRing(svg, m, [cx + 18, cy - ry], 16);
      drawPendant(svg, m, hue, style, cx, cy + ry - 6, 1.25);
      break;
    }
    default: {
      const track = new Track([
        [[230, -40], [250, 260], [400, 500], [560, 520]],
        [[560, 520], [700, 470], [820, 200], [850, -40]],
      ]);
      drawChain(svg, m, track, chain, 15);
      drawPendant(svg, m, hue, style, 560, 512, 1.55, -10);
    }
  }
}

/** A chain necklace (or a chain bracelet) with its clasp. */
export function drawChainPiece(svg: Svg, m: MetalPalette, hue: Hue | null, chain: ChainStyle, view: number, bracelet = false): void {
  const size = bracelet ? 1.5 : 1;
  switch (view % 4) {
    case 0: {
      const cx = 500;
      const cy = 490;
      const rx = bracelet ? 250 : 320;
      const ry = bracelet ? 210 : 300;
      const k = 0.5523;
      const gapA: Pt = [cx + 22, cy - ry];
      const track = new Track([
        [gapA, [cx + rx * k, cy - ry], [cx + rx, cy - ry * k], [cx + rx, cy]],
        [[cx + rx, cy], [cx + rx, cy + ry * k], [cx + rx * k, cy + ry], [cx, cy + ry]],
        [[cx, cy + ry], [cx - rx * k, cy + ry], [cx - rx, cy + ry * k], [cx - rx, cy]],
        [[cx - rx, cy], [cx - rx, cy - ry * k], [cx - rx * k, cy - ry], [cx - 22, cy - ry]],
      ]);
      drawChain(svg, m, track, chain, 22 * size);
      stations(svg, m, hue, track, 6, 12 * size);
      lobster(svg, m, [cx - 22, cy - ry], Math.PI, 40 * size);
      jumpRing(svg, m, [cx + 22, cy - ry], 18 * size);
      break;
    }
    case 1: {
      // Close-up across the frame to show the links.
      const track = new Track([[[-80, 800], [260, 480], [640, 700], [1080, 220]]]);
      drawChain(svg, m, track, chain, 54);
      stations(svg, m, hue, track, 2, 30);
      break;
    }
    case 2: {
      if (bracelet) {
        // Laid out straight with a gentle wave, clasp at the end.
        const track = new Track([[[110, 580], [350, 400], [640, 660], [850, 450]]]);
        drawChain(svg, m, track, chain, 40);
        stations(svg, m, hue, track, 4, 22);
        const end = track.at(track.length);
        lobster(svg, m, end.p, end.angle, 60);
        jumpRing(svg, m, [110, 580], 28);
        break;
      }
      const track = new Track(mirrorPair([[170, -40], [190, 380], [340, 620], [500, 640]]));
      drawChain(svg, m, track, chain, 23 * size);
      stations(svg, m, hue, track, 5, 13 * size);
      break;
    }
    default: {
      // Loosely coiled, with the clasp and the tail end visible.
      const track = new Track([
        [[640, 330], [900, 380], [860, 800], [520, 800]],
        [[520, 800], [160, 800], [110, 420], [380, 300]],
        [[380, 300], [560, 220], [720, 480], [560, 560]],
        [[560, 560], [460, 610], [330, 560], [300, 470]],
      ]);
      drawChain(svg, m, track, chain, 22 * size);
      stations(svg, m, hue, track, 5, 13 * size);
      const end = track.at(track.length);
      lobster(svg, m, end.p, end.angle, 40 * size);
      jumpRing(svg, m, [640, 330], 18 * size);
    }
  }
}

/** Stones set at intervals along a chain ("by the yard"). */
function stations(svg: Svg, m: MetalPalette, hue: Hue | null, track: Track, count: number, r: number): void {
  if (!hue) return;
  for (let i = 1; i <= count; i++) {
    const { p } = track.at((track.length * i) / (count + 1));
    bead(svg, m, p[0], p[1], r * 1.3);
    if (hue === 'pearl') pearl(svg, p[0], p[1], r * 1.15);
    else gemTop(svg, hue, p[0], p[1], r);
  }
}
