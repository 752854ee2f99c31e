// A metal band seen in perspective (rings, bangles, hoops, body rings): a short cylinder drawn as two offset ellipses,
// with the outer surface, the inner surface seen through the opening, the polished front edge and a specular streak.
import { type MetalPalette, type Pt, type Svg, ellipseAt, ellipsePoints, f, hull, metalStops, polyPath } from './core';

export interface BandGeometry {
  cx: number;
  cy: number;
  /** Outer radius (vertical semi-axis before rotation). */
  r: number;
  /** Radial thickness of the metal. */
  t: number;
  /** Horizontal squash: 1 faces the viewer, small values turn the band side-on. */
  k: number;
  /** Rotation of the band's plane in the picture, radians. */
  rot: number;
  /** Offset of the back edge from the front edge: the band's width in perspective. */
  vx: number;
  vy: number;
  /** Leave an opening (cuffs), as [start, end] angles of the missing arc, radians. */
  gap?: readonly [number, number];
}

export interface BandResult {
  /** Middle of the band's outer surface at angle a (radians, -π/2 is the top). */
  surfaceAt(a: number, depth?: number): Pt;
  frontAt(a: number, inset?: number): Pt;
}

export function band(svg: Svg, m: MetalPalette, g: BandGeometry, groundFill: string): BandResult {
  const { cx, cy, r, t, k, rot, vx, vy } = g;
  const bx = cx + vx;
  const by = cy + vy;
  const ri = r - t;
  const outerFront = ellipsePoints(cx, cy, r * k, r, rot, 120);
  const outerBack = ellipsePoints(bx, by, r * k, r, rot, 120);
  const innerFront = ellipsePoints(cx, cy, ri * k, ri, rot, 120);
  const innerBack = ellipsePoints(bx, by, ri * k, ri, rot, 120);

  const minX = cx - r - Math.abs(vx);
  const maxX = cx + r + Math.abs(vx);
  const side = svg.linear(metalStops(m, 'side'), minX, cy + r, maxX, cy - r);
  svg.add(`<path d="${polyPath(hull([...outerFront, ...outerBack]))}" fill="${side}"/>`);

  // Specular streak along the middle of the outer surface, upper left.
  const streak: Pt[] = [];
  for (let i = 0; i <= 24; i++) {
    const a = Math.PI * (1.05 + (i / 24) * 0.45);
    streak.push(ellipseAt(cx + vx / 2, cy + vy / 2, r * k, r, rot, a));
  }
  const widthV = Math.hypot(vx, vy);
  softStroke(svg, polyPath(streak, false), Math.max(3, widthV * 0.28), 0.75);

  // Inner surface, then the opening showing the ground.
  const inner = svg.linear(metalStops(m, 'inner'), cx, cy - ri, cx, cy + ri);
  svg.add(`<path d="${polyPath(innerFront)}" fill="${inner}"/>`);
  const clip = svg.clip(polyPath(innerFront));
  svg.add(`<path d="${polyPath(innerBack)}" fill="${groundFill}" clip-path="${clip}"/>`);
  // Soft shade where the inner surface meets the opening.
  svg.add(
    `<path d="${polyPath(innerBack)}" fill="none" stroke="${m.deep}" stroke-opacity="0.2" stroke-width="${f(Math.max(1.5, t * 0.12))}" clip-path="${clip}"/>`,
  );

  // Polished front edge.
  const face = svg.linear(metalStops(m, 'face'), cx - r, cy - r, cx + r * 0.8, cy + r);
  svg.add(
    `<path d="${polyPath(outerFront)} ${polyPath(innerFront)}" fill="${face}" fill-rule="evenodd" stroke="${m.deep}" stroke-opacity="0.25" stroke-width="1.2"/>`,
  );
  const rim: Pt[] = [];
  for (let i = 0; i <= 20; i++) rim.push(ellipseAt(cx, cy, (r - t / 2) * k, r - t / 2, rot, Math.PI * (1.1 + (i / 20) * 0.35)));
  softStroke(svg, polyPath(rim, false), Math.max(2, t * 0.22), 0.8);

  return {
    surfaceAt: (a, depth = 0.5) => ellipseAt(cx + vx * depth, cy + vy * depth, r * k, r, rot, a),
    frontAt: (a, inset = 0.5) => ellipseAt(cx, cy, (r - t * inset) * k, r - t * inset, rot, a),
  };
}

/** A highlight with soft edges: wide faint strokes under a narrow bright one. */
function softStroke(svg: Svg, d: string, width: number, opacity: number): void {
  for (const [w, o] of [
    [2.2, 0.18],
    [1.5, 0.3],
    [0.8, 0.6],
  ] as const) {
    svg.add(
      `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="${(opacity * o).toFixed(3)}" stroke-width="${f(width * w)}" stroke-linecap="round"/>`,
    );
  }
}
