// Over 300 lines: the drawing primitives every piece of art uses, in one module.
// Drawing primitives for the generated product images: an SVG document builder, metal and stone palettes, geometry
// helpers and faceted stones. Everything is plain string building, so it runs anywhere and is easy to test.

export type Material = 'silver' | 'gold' | 'rose-gold';
export type Hue = 'clear' | 'blue' | 'aqua' | 'red' | 'green' | 'purple' | 'pink' | 'yellow' | 'black' | 'pearl';

export interface MetalPalette {
  deep: string;
  dark: string;
  mid: string;
  light: string;
  hi: string;
}

export const METALS: Record<Material, MetalPalette> = {
  silver: { deep: '#3f454c', dark: '#737b84', mid: '#aab2ba', light: '#d9dee3', hi: '#ffffff' },
  gold: { deep: '#5e3c0c', dark: '#9c6c1c', mid: '#cf9f3f', light: '#efd487', hi: '#fff7dc' },
  'rose-gold': { deep: '#6a3829', dark: '#a4634e', mid: '#d49581', light: '#f1c9b8', hi: '#fff2ec' },
};

export interface GemPalette {
  base: string;
  light: string;
  dark: string;
  deep: string;
}

export const GEMS: Record<Hue, GemPalette> = {
  clear: { base: '#dfe8f1', light: '#ffffff', dark: '#8ea2b8', deep: '#5b6d83' },
  blue: { base: '#2a56c6', light: '#86aaff', dark: '#122f80', deep: '#081a4a' },
  aqua: { base: '#62c2e4', light: '#cff2ff', dark: '#2d88ae', deep: '#175874' },
  red: { base: '#c4162f', light: '#ff7383', dark: '#780a1c', deep: '#42030d' },
  green: { base: '#149357', light: '#68f0ab', dark: '#085d37', deep: '#03341f' },
  purple: { base: '#8446c6', light: '#d4afff', dark: '#4d1d86', deep: '#2a0b50' },
  pink: { base: '#e584aa', light: '#ffd6e5', dark: '#ad466f', deep: '#6c1e40' },
  yellow: { base: '#eaa81f', light: '#ffe69b', dark: '#9c6107', deep: '#5a3702' },
  black: { base: '#26262e', light: '#777785', dark: '#0d0d12', deep: '#000000' },
  pearl: { base: '#f3ece0', light: '#ffffff', dark: '#cfc1aa', deep: '#a48f70' },
};

/** Soft neutral grounds, one per view, so a product's images read as a set without being identical. */
export const GROUNDS: ReadonlyArray<readonly [string, string]> = [
  ['#fbf9f6', '#ece6dd'],
  ['#f9f8f6', '#e6e3de'],
  ['#fcf8f3', '#efe5da'],
  ['#f8f8f7', '#e4e2df'],
];

export type Pt = readonly [number, number];

export const f = (n: number) => (Math.round(n * 10) / 10).toString();

export function polyPath(points: readonly Pt[], close = true): string {
  if (points.length === 0) return '';
  const [first, ...rest] = points;
  return `M${f(first![0])} ${f(first![1])}${rest.map(([x, y]) => `L${f(x)} ${f(y)}`).join('')}${close ? 'Z' : ''}`;
}

export function ellipsePoints(cx: number, cy: number, rx: number, ry: number, rot = 0, n = 96): Pt[] {
  const c = Math.cos(rot);
  const s = Math.sin(rot);
  const out: Pt[] = [];
  for (let i = 0; i < n; i++) {
    const a = (i / n) * Math.PI * 2;
    const x = rx * Math.cos(a);
    const y = ry * Math.sin(a);
    out.push([cx + x * c - y * s, cy + x * s + y * c]);
  }
  return out;
}

/** Point on a rotated ellipse at parameter angle a. */
export function ellipseAt(cx: number, cy: number, rx: number, ry: number, rot: number, a: number): Pt {
  const x = rx * Math.cos(a);
  const y = ry * Math.sin(a);
  return [cx + x * Math.cos(rot) - y * Math.sin(rot), cy + x * Math.sin(rot) + y * Math.cos(rot)];
}

/** Convex hull (monotone chain). */
export function hull(points: readonly Pt[]): Pt[] {
  const pts = points.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pt[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (const p of pts.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return lower.slice(0, -1).concat(upper.slice(0, -1));
}

export interface Stop {
  at: number;
  color: string;
  opacity?: number;
}

/** Collects defs and drawing, hands out unique ids. */
export class Svg {
  private defs: string[] = [];
  private body: string[] = [];
  private n = 0;

  constructor(readonly size = 1000) {}

  id(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(markup: string): void {
    this.body.push(markup);
  }

  linear(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number, user = true): string {
    const id = this.id('l');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.def(
      `<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${units}>${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], cx: number, cy: number, r: number, fx = cx, fy = cy): string {
    const id = this.id('r');
    this.def(
      `<radialGradient id="${id}" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fx="${f(fx)}" fy="${f(fy)}" gradientUnits="userSpaceOnUse">${stopsMarkup(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  blur(std: number): string {
    const id = this.id('b');
    this.def(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(std)}"/></filter>`,
    );
    return `url(#${id})`;
  }

  clip(pathD: string): string {
    const id = this.id('c');
    this.def(`<clipPath id="${id}"><path d="${pathD}"/></clipPath>`);
    return `url(#${id})`;
  }

  toString(): string {
    const s = this.size;
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">` +
      `<defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`
    );
  }
}

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      (s) =>
        `<stop offset="${f(s.at * 100)}%" stop-color="${s.color}"${s.opacity === undefined ? '' : ` stop-opacity="${s.opacity}"`}/>`,
    )
    .join('');
}

/** A polished metal gradient along a direction: bands of light and shade like a studio reflection. */
export function metalStops(m: MetalPalette, style: 'face' | 'side' | 'inner' | 'wire' = 'face'): Stop[] {
  switch (style) {
    case 'face':
      return [
        { at: 0, color: m.dark },
        { at: 0.18, color: m.light },
        { at: 0.3, color: m.hi },
        { at: 0.42, color: m.mid },
        { at: 0.62, color: m.dark },
        { at: 0.8, color: m.mid },
        { at: 0.9, color: m.light },
        { at: 1, color: m.dark },
      ];
    case 'side':
      return [
        { at: 0, color: m.dark },
        { at: 0.22, color: m.mid },
        { at: 0.45, color: m.light },
        { at: 0.6, color: m.hi },
        { at: 0.75, color: m.mid },
        { at: 1, color: m.dark },
      ];
    case 'inner':
      return [
        { at: 0, color: m.deep },
        { at: 0.4, color: m.dark },
        { at: 0.75, color: m.mid },
        { at: 1, color: m.dark },
      ];
    case 'wire':
      return [
        { at: 0, color: m.dark },
        { at: 0.35, color: m.light },
        { at: 0.5, color: m.hi },
        { at: 0.7, color: m.mid },
        { at: 1, color: m.deep },
      ];
  }
}

/**
 * A soft ground: light at the top, settling into a warmer tone below, like a studio sweep. Returns its fill, so a
 * ring's opening can show the same ground. (A linear gradient rasterises at a fraction of a radial one's cost.)
 */
export function ground(svg: Svg, view: number): string {
  const [light, warm] = GROUNDS[view % GROUNDS.length]!;
  const fill = svg.linear(
    [
      { at: 0, color: light },
      { at: 0.55, color: light },
      { at: 1, color: warm },
    ],
    0,
    0,
    0,
    1000,
  );
  svg.add(`<rect width="1000" height="1000" fill="${fill}"/>`);
  return fill;
}

/**
 * Contact shadow under a piece: an ellipse whose radial gradient fades to nothing. (Gradients, not blur filters, keep
 * a render cheap: a blur costs as much as the rest of the picture.)
 */
export function shadow(svg: Svg, cx: number, cy: number, rx: number, ry: number, opacity = 0.22, soft = 22): void {
  const id = svg.id('s');
  svg.def(
    `<radialGradient id="${id}"><stop offset="0%" stop-color="#4a3a28" stop-opacity="${opacity}"/><stop offset="55%" stop-color="#4a3a28" stop-opacity="${(opacity * 0.55).toFixed(3)}"/><stop offset="100%" stop-color="#4a3a28" stop-opacity="0"/></radialGradient>`,
  );
  svg.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx + soft)}" ry="${f(ry + soft * 0.8)}" fill="url(#${id})"/>`);
}

/** A soft glow: a circle filled with a gradient to transparent. */
export function glow(svg: Svg, cx: number, cy: number, r: number, opacity: number, color = '#ffffff'): void {
  const id = svg.id('g');
  svg.def(
    `<radialGradient id="${id}"><stop offset="0%" stop-color="${color}" stop-opacity="${opacity.toFixed(3)}"/><stop offset="100%" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
  );
  svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="url(#${id})"/>`);
}

/** A small polished metal bead (prong tip, ball end, bead). */
export function bead(svg: Svg, m: MetalPalette, cx: number, cy: number, r: number): void {
  const fill = svg.radial(
    [
      { at: 0, color: m.hi },
      { at: 0.35, color: m.light },
      { at: 0.75, color: m.mid },
      { at: 1, color: m.dark },
    ],
    cx,
    cy,
    r,
    cx - r * 0.35,
    cy - r * 0.4,
  );
  svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}" stroke="${m.deep}" stroke-opacity="0.35" stroke-width="${f(Math.max(0.6, r * 0.06))}"/>`);
}

/** A twinkle: four-pointed star with a soft glow, for the brightest facet. */
export function sparkle(svg: Svg, cx: number, cy: number, size: number, opacity = 0.9): void {
  const s = size;
  const w = s * 0.14;
  const d = `M${f(cx)} ${f(cy - s)}Q${f(cx + w)} ${f(cy - w)} ${f(cx + s)} ${f(cy)}Q${f(cx + w)} ${f(cy + w)} ${f(cx)} ${f(cy + s)}Q${f(cx - w)} ${f(cy + w)} ${f(cx - s)} ${f(cy)}Q${f(cx - w)} ${f(cy - w)} ${f(cx)} ${f(cy - s)}Z`;
  glow(svg, cx, cy, s * 0.6, opacity * 0.85);
  svg.add(`<path d="${d}" fill="#ffffff" opacity="${opacity}"/>`);
}

/**
 * A round brilliant seen from above (optionally foreshortened by `sy`): girdle, table, star and kite facets with
 * alternating light and shade, and a glint.
 */
export function gemTop(svg: Svg, hue: Hue, cx: number, cy: number, r: number, sy = 1, rot = 0): void {
  if (hue === 'pearl') return pearl(svg, cx, cy, r);
  const g = GEMS[hue];
  const tr = (x: number, y: number): Pt => {
    const c = Math.cos(rot);
    const s = Math.sin(rot);
    const yy = y * sy;
    return [cx + x * c - yy * s, cy + x * s + yy * c];
  };
  const at = (rad: number, a: number) => tr(rad * Math.cos(a), rad * Math.sin(a));
  const body = svg.radial(
    [
      { at: 0, color: g.light },
      { at: 0.45, color: g.base },
      { at: 0.85, color: g.dark },
      { at: 1, color: g.deep },
    ],
    cx,
    cy,
    r,
    cx - r * 0.25,
    cy - r * 0.3 * sy,
  );
  if (r < 16) {
    // Small stones: facets would not show at this size, a bright table and a glint do.
    const small = svg.radial(
      [
        { at: 0, color: g.light },
        { at: 0.35, color: g.base },
        { at: 0.8, color: g.dark },
        { at: 1, color: g.deep },
      ],
      cx,
      cy,
      r,
      cx - r * 0.3,
      cy - r * 0.35 * sy,
    );
    svg.add(`<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r)}" ry="${f(r * sy)}" fill="${small}"/>`);
    svg.add(
      `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 0.5)}" ry="${f(r * 0.5 * sy)}" fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="${f(Math.max(0.6, r * 0.08))}"/>`,
    );
    svg.add(`<circle cx="${f(cx - r * 0.3)}" cy="${f(cy - r * 0.3 * sy)}" r="${f(r * 0.22)}" fill="#ffffff" opacity="0.9"/>`);
    return;
  }
  const girdle: Pt[] = [];
  for (let i = 0; i < 48; i++) girdle.push(at(r, (i / 48) * Math.PI * 2));
  svg.add(`<path d="${polyPath(girdle)}" fill="${body}"/>`);

  const n = 8;
  const off = Math.PI / 8;
  const table: Pt[] = [];
  const star: Pt[] = [];
  const rim: Pt[] = [];
  for (let i = 0; i < n; i++) {
    table.push(at(r * 0.52, off + (i / n) * Math.PI * 2));
    star.push(at(r * 0.8, (i / n) * Math.PI * 2 + off * 2));
  }
  for (let i = 0; i < n * 2; i++) rim.push(at(r, off + (i / (n * 2)) * Math.PI * 2));
  const line = `stroke="#ffffff" stroke-opacity="0.35" stroke-width="${f(Math.max(0.6, r * 0.018))}" stroke-linejoin="round"`;
  // Kite and upper-girdle facets.
  for (let i = 0; i < n * 2; i++) {
    const t = table[Math.floor(i / 2)]!;
    const a = rim[i]!;
    const b = rim[(i + 1) % (n * 2)]!;
    const shade = facetShade(i, 3);
    svg.add(`<path d="${polyPath([t, a, b])}" fill="${shade.color}" fill-opacity="${shade.opacity}" ${line}/>`);
  }
  // Star facets.
  for (let i = 0; i < n; i++) {
    const a = table[i]!;
    const b = table[(i + 1) % n]!;
    const s = star[i]!;
    const shade = facetShade(i, 7);
    svg.add(`<path d="${polyPath([a, s, b])}" fill="${shade.color}" fill-opacity="${shade.opacity}" ${line}/>`);
  }
  const tableFill = svg.linear(
    [
      { at: 0, color: g.light, opacity: 0.9 },
      { at: 0.5, color: g.base, opacity: 0.55 },
      { at: 1, color: g.dark, opacity: 0.75 },
    ],
    cx - r * 0.5,
    cy - r * 0.5,
    cx + r * 0.5,
    cy + r * 0.5,
  );
  svg.add(`<path d="${polyPath(table)}" fill="${tableFill}" ${line}/>`);
  sparkle(svg, cx - r * 0.28, cy - r * 0.32 * sy, r * 0.42, 0.85);
}

/** Deterministic light/shade for facet i, so stones sparkle but render identically every time. */
function facetShade(i: number, salt: number): { color: string; opacity: number } {
  const v = (i * 7 + salt * 3) % 5;
  if (v === 0) return { color: '#ffffff', opacity: 0.55 };
  if (v === 1) return { color: '#000000', opacity: 0.25 };
  if (v === 2) return { color: '#ffffff', opacity: 0.22 };
  if (v === 3) return { color: '#000000', opacity: 0.1 };
  return { color: '#ffffff', opacity: 0.08 };
}

/**
 * A round brilliant in profile, girdle centred at (cx, cy), crown up. `tilt` (0..1) shows the table from above as
 * the stone leans toward the viewer.
 */
export function gemSide(svg: Svg, hue: Hue, cx: number, cy: number, w: number, tilt = 0.25): void {
  if (hue === 'pearl') return pearl(svg, cx, cy - w * 0.1, w * 0.5);
  const g = GEMS[hue];
  const hw = w / 2;
  const crownH = w * 0.2;
  const pavH = w * 0.46;
  const tableW = w * 0.58;
  const tableRy = (tableW / 2) * tilt;
  const girdleRy = hw * tilt;
  const fill = svg.linear(
    [
      { at: 0, color: g.light },
      { at: 0.45, color: g.base },
      { at: 1, color: g.deep },
    ],
    cx - hw,
    cy - crownH,
    cx + hw,
    cy + pavH,
  );
  const line = `stroke="#ffffff" stroke-opacity="0.4" stroke-width="${f(Math.max(0.6, w * 0.008))}" stroke-linejoin="round"`;
  // Pavilion: fan of facets to the culet.
  const culet: Pt = [cx, cy + pavH];
  const k = 8;
  const pav: Pt[] = [];
  for (let i = 0; i <= k; i++) {
    const a = Math.PI - (i / k) * Math.PI;
    pav.push([cx + hw * Math.cos(a), cy + girdleRy * Math.sin(a)]);
  }
  svg.add(`<path d="${polyPath([...pav, culet])}" fill="${fill}"/>`);
  for (let i = 0; i < k; i++) {
    const shade = facetShade(i, 2);
    svg.add(`<path d="${polyPath([pav[i]!, pav[i + 1]!, culet])}" fill="${shade.color}" fill-opacity="${shade.opacity}" ${line}/>`);
  }
  // Crown: facets between girdle and table.
  const tableCy = cy - crownH;
  const crownFill = svg.linear(
    [
      { at: 0, color: g.light },
      { at: 0.6, color: g.base },
      { at: 1, color: g.dark },
    ],
    cx - hw,
    tableCy,
    cx + hw,
    cy,
  );
  const topRim: Pt[] = [];
  const lowRim: Pt[] = [];
  for (let i = 0; i <= k; i++) {
    const a = Math.PI - (i / k) * Math.PI;
    lowRim.push([cx + hw * Math.cos(a), cy + girdleRy * Math.sin(a)]);
    topRim.push([cx + (tableW / 2) * Math.cos(a), tableCy + tableRy * Math.sin(a)]);
  }
  svg.add(`<path d="${polyPath([...lowRim, ...topRim.slice().reverse()])}" fill="${crownFill}"/>`);
  for (let i = 0; i < k; i++) {
    const shade = facetShade(i, 5);
    svg.add(
      `<path d="${polyPath([lowRim[i]!, lowRim[i + 1]!, topRim[i + 1]!, topRim[i]!])}" fill="${shade.color}" fill-opacity="${shade.opacity}" ${line}/>`,
    );
  }
  // Table seen from slightly above.
  if (tilt > 0.02) {
    const tfill = svg.linear(
      [
        { at: 0, color: g.light },
        { at: 0.55, color: g.base },
        { at: 1, color: g.dark },
      ],
      cx - tableW / 2,
      tableCy - tableRy,
      cx + tableW / 2,
      tableCy + tableRy,
    );
    svg.add(
      `<ellipse cx="${f(cx)}" cy="${f(tableCy)}" rx="${f(tableW / 2)}" ry="${f(tableRy)}" fill="${tfill}" ${line}/>`,
    );
  }
  sparkle(svg, cx - w * 0.16, tableCy + tableRy * 0.1, w * 0.2, 0.9);
}

/** A pearl: a lustrous sphere with a faint iridescent rim. */
export function pearl(svg: Svg, cx: number, cy: number, r: number): void {
  const g = GEMS.pearl;
  const body = svg.radial(
    [
      { at: 0, color: g.light },
      { at: 0.5, color: g.base },
      { at: 0.88, color: g.dark },
      { at: 1, color: g.deep },
    ],
    cx,
    cy,
    r,
    cx - r * 0.3,
    cy - r * 0.35,
  );
  svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${body}"/>`);
  const rim = svg.radial(
    [
      { at: 0.7, color: '#f7d9e4', opacity: 0 },
      { at: 0.9, color: '#f2d3e6', opacity: 0.45 },
      { at: 1, color: '#d7e8f0', opacity: 0.55 },
    ],
    cx,
    cy,
    r,
  );
  svg.add(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${rim}"/>`);
  glow(svg, cx - r * 0.32, cy - r * 0.36, r * 0.3, 0.95);
}

/** Four or six claws holding a stone seen from above. */
export function prongsTop(svg: Svg, m: MetalPalette, cx: number, cy: number, r: number, count = 4, sy = 1, rot = Math.PI / 4): void {
  for (let i = 0; i < count; i++) {
    const a = rot + (i / count) * Math.PI * 2;
    bead(svg, m, cx + r * 0.93 * Math.cos(a), cy + r * 0.93 * Math.sin(a) * sy, Math.max(3, r * 0.13));
  }
}
