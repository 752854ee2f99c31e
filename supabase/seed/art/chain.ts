// Chains drawn link by link along a path: cable, curb, rope, paperclip, figaro, box and snake, plus a lobster clasp.
import { type MetalPalette, type Pt, type Svg, bead, f, metalStops, polyPath } from './core';

export type ChainStyle = 'cable' | 'curb' | 'rope' | 'paperclip' | 'figaro' | 'box' | 'snake';

/** A cubic Bézier segment. */
export type Cubic = readonly [Pt, Pt, Pt, Pt];

/** A path sampled by arc length. */
export class Track {
  private pts: Pt[] = [];
  private lens: number[] = [];

  constructor(segments: readonly Cubic[], stepsPerSegment = 120) {
    for (const [p0, p1, p2, p3] of segments) {
      for (let i = this.pts.length === 0 ? 0 : 1; i <= stepsPerSegment; i++) {
        const t = i / stepsPerSegment;
        const u = 1 - t;
        this.pts.push([
          u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0],
          u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1],
        ]);
      }
    }
    let total = 0;
    this.lens.push(0);
    for (let i = 1; i < this.pts.length; i++) {
      total += Math.hypot(this.pts[i]![0] - this.pts[i - 1]![0], this.pts[i]![1] - this.pts[i - 1]![1]);
      this.lens.push(total);
    }
  }

  get length(): number {
    return this.lens[this.lens.length - 1] ?? 0;
  }

  /** Point and tangent angle at distance d along the path. */
  at(d: number): { p: Pt; angle: number } {
    const lens = this.lens;
    let lo = 0;
    let hi = lens.length - 1;
    const dd = Math.max(0, Math.min(d, this.length));
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (lens[mid]! < dd) lo = mid;
      else hi = mid;
    }
    const a = this.pts[lo]!;
    const b = this.pts[hi]!;
    const span = lens[hi]! - lens[lo]! || 1;
    const t = (dd - lens[lo]!) / span;
    return { p: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t], angle: Math.atan2(b[1] - a[1], b[0] - a[0]) };
  }

  points(): Pt[] {
    return this.pts;
  }
}

const deg = (rad: number) => (rad * 180) / Math.PI;

/**
 * Draws a chain along the track. `size` is the link pitch in pixels. Returns nothing; links are added to the svg in
 * path order so later links overlap earlier ones, as real links do.
 */
export function drawChain(svg: Svg, m: MetalPalette, track: Track, style: ChainStyle, size: number, from = 0, to = track.length): void {
  const wire = Math.max(1.6, size * 0.22);
  const outline = (cx: number, cy: number, rx: number, ry: number, angle: number, w = wire) => {
    const tr = `transform="rotate(${f(deg(angle))} ${f(cx)} ${f(cy)})"`;
    svg.add(
      `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${m.dark}" stroke-width="${f(w)}" ${tr}/>` +
        `<ellipse cx="${f(cx)}" cy="${f(cy - w * 0.18)}" rx="${f(rx)}" ry="${f(ry)}" fill="none" stroke="${m.light}" stroke-width="${f(w * 0.5)}" ${tr}/>`,
    );
  };
  const edge = (cx: number, cy: number, len: number, angle: number, w = wire) => {
    const dx = (Math.cos(angle) * len) / 2;
    const dy = (Math.sin(angle) * len) / 2;
    svg.add(
      `<path d="M${f(cx - dx)} ${f(cy - dy)}L${f(cx + dx)} ${f(cy + dy)}" stroke="${m.dark}" stroke-width="${f(w * 1.25)}" stroke-linecap="round"/>` +
        `<path d="M${f(cx - dx)} ${f(cy - dy - w * 0.15)}L${f(cx + dx)} ${f(cy + dy - w * 0.15)}" stroke="${m.hi}" stroke-opacity="0.85" stroke-width="${f(w * 0.45)}" stroke-linecap="round"/>`,
    );
  };
  const rect = (cx: number, cy: number, lw: number, lh: number, angle: number, rx: number, w = wire) => {
    const tr = `transform="rotate(${f(deg(angle))} ${f(cx)} ${f(cy)})"`;
    svg.add(
      `<rect x="${f(cx - lw / 2)}" y="${f(cy - lh / 2)}" width="${f(lw)}" height="${f(lh)}" rx="${f(rx)}" fill="none" stroke="${m.dark}" stroke-width="${f(w)}" ${tr}/>` +
        `<rect x="${f(cx - lw / 2)}" y="${f(cy - lh / 2 - w * 0.18)}" width="${f(lw)}" height="${f(lh)}" rx="${f(rx)}" fill="none" stroke="${m.light}" stroke-width="${f(w * 0.5)}" ${tr}/>`,
    );
  };

  // Soft cast shadow of the whole run.
  const shade: Pt[] = [];
  for (let d = from; d <= to; d += 6) shade.push(track.at(d).p);
  const shadePath = polyPath(shade.map(([x, y]) => [x + size * 0.25, y + size * 0.6] as Pt), false);
  for (const [w, o] of [
    [1.3, 0.05],
    [0.8, 0.07],
  ] as const) {
    svg.add(
      `<path d="${shadePath}" fill="none" stroke="#4a3a28" stroke-opacity="${o}" stroke-width="${f(size * w)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  }

  if (style === 'snake') {
    const pts: Pt[] = [];
    for (let d = from; d <= to; d += 3) pts.push(track.at(d).p);
    const w = size * 0.55;
    svg.add(`<path d="${polyPath(pts, false)}" fill="none" stroke="${m.deep}" stroke-width="${f(w)}" stroke-linecap="round" stroke-linejoin="round"/>`);
    svg.add(`<path d="${polyPath(pts, false)}" fill="none" stroke="${m.mid}" stroke-width="${f(w * 0.8)}" stroke-linecap="round" stroke-linejoin="round"/>`);
    svg.add(`<path d="${polyPath(pts.map(([x, y]) => [x, y - w * 0.15] as Pt), false)}" fill="none" stroke="${m.hi}" stroke-opacity="0.8" stroke-width="${f(w * 0.22)}" stroke-linecap="round"/>`);
    svg.add(`<path d="${polyPath(pts, false)}" fill="none" stroke="${m.dark}" stroke-opacity="0.45" stroke-width="${f(w * 0.8)}" stroke-dasharray="1.2 ${f(w * 0.35)}"/>`);
    return;
  }

  let i = 0;
  for (let d = from; d <= to; i++) {
    const { p, angle } = track.at(d);
    const [x, y] = p;
    switch (style) {
      case 'cable':
        if (i % 2 === 0) outline(x, y, size * 0.62, size * 0.4, angle);
        else edge(x, y, size * 1.2, angle);
        d += size;
        break;
      case 'curb':
        outline(x, y, size * 0.78, size * 0.42, angle + (i % 2 === 0 ? 0.32 : -0.32), wire * 1.2);
        d += size * 0.78;
        break;
      case 'rope': {
        const fill = svg.linear(metalStops(m, 'wire'), x - size * 0.3, y - size * 0.3, x + size * 0.3, y + size * 0.3);
        const tr = `transform="rotate(${f(deg(angle + 0.75))} ${f(x)} ${f(y)})"`;
        svg.add(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(size * 0.62)}" ry="${f(size * 0.25)}" fill="${fill}" stroke="${m.deep}" stroke-opacity="0.5" stroke-width="0.8" ${tr}/>`);
        d += size * 0.42;
        break;
      }
      case 'paperclip':
        if (i % 2 === 0) rect(x, y, size * 1.9, size * 0.62, angle, size * 0.31);
        else edge(x, y, size * 1.9, angle);
        d += size * 1.7;
        break;
      case 'figaro': {
        const long = i % 4 === 3;
        const len = long ? size * 1.9 : size * 0.95;
        outline(x, y, len * 0.55, size * 0.4, angle + (i % 2 === 0 ? 0.18 : -0.18), wire * 1.15);
        d += long ? size * 1.55 : size * 0.85;
        break;
      }
      case 'box':
        if (i % 2 === 0) rect(x, y, size * 0.9, size * 0.9, angle, size * 0.1, wire * 1.1);
        else edge(x, y, size * 0.95, angle, wire * 1.3);
        d += size * 0.85;
        break;
    }
  }
}

/** A lobster clasp hanging at point p, pointing along angle. */
export function lobster(svg: Svg, m: MetalPalette, p: Pt, angle: number, size: number): void {
  const [x, y] = p;
  const s = size;
  const fill = svg.linear(metalStops(m, 'wire'), x - s, y - s, x + s, y + s);
  const tr = `transform="rotate(${f(deg(angle) - 90)} ${f(x)} ${f(y)})"`;
  svg.add(
    `<g ${tr}><ellipse cx="${f(x)}" cy="${f(y + s * 0.35)}" rx="${f(s * 0.22)}" ry="${f(s * 0.22)}" fill="none" stroke="${m.dark}" stroke-width="${f(s * 0.08)}"/>` +
      `<path d="M${f(x)} ${f(y + s * 0.55)}C${f(x + s * 0.55)} ${f(y + s * 0.6)} ${f(x + s * 0.5)} ${f(y + s * 1.55)} ${f(x)} ${f(y + s * 1.7)}C${f(x - s * 0.5)} ${f(y + s * 1.55)} ${f(x - s * 0.55)} ${f(y + s * 0.6)} ${f(x)} ${f(y + s * 0.55)}Z" fill="${fill}" stroke="${m.deep}" stroke-opacity="0.45" stroke-width="1"/>` +
      `<path d="M${f(x - s * 0.12)} ${f(y + s * 0.75)}C${f(x + s * 0.25)} ${f(y + s * 0.9)} ${f(x + s * 0.25)} ${f(y + s * 1.35)} ${f(x - s * 0.05)} ${f(y + s * 1.5)}" fill="none" stroke="${m.deep}" stroke-opacity="0.5" stroke-width="${f(s * 0.05)}"/></g>`,
  );
  bead(svg, m, x, y, s * 0.14);
}

/** A jump ring and a short tag at the other end of a chain. */
export function jumpRing(svg: Svg, m: MetalPalette, p: Pt, size: number): void {
  const [x, y] = p;
  svg.add(
    `<circle cx="${f(x)}" cy="${f(y)}" r="${f(size * 0.4)}" fill="none" stroke="${m.dark}" stroke-width="${f(size * 0.14)}"/>` +
      `<circle cx="${f(x)}" cy="${f(y - size * 0.03)}" r="${f(size * 0.4)}" fill="none" stroke="${m.light}" stroke-width="${f(size * 0.06)}"/>`,
  );
}
