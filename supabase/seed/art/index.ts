// Product image art: one SVG per (category, style, material, stone colour, view). The visual key names a render, so
// products that look alike share one rasterised image in the cache.
import { type BodyStyle, drawBody } from './body';
import { type BraceletStyle, drawBracelet } from './bracelet';
import type { ChainStyle } from './chain';
import { type Hue, METALS, type Material, Svg, ground } from './core';
import { type EarringStyle, drawEarrings } from './earring';
import { type PendantStyle, drawChainPiece, drawPendantNecklace } from './necklace';
import { type RingStyle, drawRing } from './ring';

export type { BodyStyle, BraceletStyle, ChainStyle, EarringStyle, Hue, Material, PendantStyle, RingStyle };

export type ArtStyle =
  | { category: 'rings'; style: RingStyle }
  | { category: 'necklaces'; style: 'pendant'; pendant: PendantStyle; chain: ChainStyle }
  | { category: 'necklaces'; style: 'chain'; chain: ChainStyle }
  | { category: 'bracelets'; style: BraceletStyle; chain: ChainStyle }
  | { category: 'earrings'; style: EarringStyle }
  | { category: 'body_jewelry'; style: BodyStyle };

export type ArtSpec = ArtStyle & { material: Material; hue: Hue | null; view: number };

export const VIEW_COUNT = 4;

/** Names one render: equal keys draw identical images. */
export function visualKey(spec: ArtSpec): string {
  const parts: string[] = [spec.category, spec.style];
  if (spec.category === 'necklaces' && spec.style === 'pendant') parts.push(spec.pendant, spec.chain);
  else if (spec.category === 'necklaces') parts.push(spec.chain);
  else if (spec.category === 'bracelets' && spec.style === 'link') parts.push(spec.chain);
  parts.push(spec.material, spec.hue ?? 'plain', `v${spec.view % VIEW_COUNT}`);
  return parts.join('-');
}

/** A square 1000×1000 SVG of the piece on a soft neutral ground. */
export function buildSvg(spec: ArtSpec): string {
  const svg = new Svg(1000);
  const view = spec.view % VIEW_COUNT;
  const groundFill = ground(svg, view);
  const m = METALS[spec.material];
  switch (spec.category) {
    case 'rings':
      drawRing(svg, m, spec.hue, spec.style, view, groundFill);
      break;
    case 'necklaces':
      if (spec.style === 'pendant') drawPendantNecklace(svg, m, spec.hue, spec.pendant, spec.chain, view);
      else drawChainPiece(svg, m, spec.hue, spec.chain, view);
      break;
    case 'bracelets':
      drawBracelet(svg, m, spec.hue, spec.style, spec.chain, view, groundFill);
      break;
    case 'earrings':
      drawEarrings(svg, m, spec.hue, spec.style, view, groundFill);
      break;
    case 'body_jewelry':
      drawBody(svg, m, spec.hue, spec.style, view, groundFill);
      break;
  }
  return svg.toString();
}

