// The quantity control's arithmetic on a rule already resolved to two numbers (pack-size.ts: stepsOf): the smallest
// quantity and the pack. No imports, so the control on the product page carries nothing else into the browser.

/**
 * A quantity rule resolved to two plain numbers: the smallest quantity (the MOQ in whole packs) and the pack.
 */
export interface Steps {
  min: number;
  pack: number;
}

/** Any wanted quantity rounded up to whole packs, never below the smallest. */
export function roundUp(wanted: number, { min, pack }: Steps): number {
  return Number.isFinite(wanted) && wanted > min ? Math.ceil(Math.floor(wanted) / pack) * pack : min;
}

/** The quantity control's steps: one pack up or down, never below the smallest. */
export function stepUp(quantity: number, steps: Steps): number {
  return roundUp(roundUp(quantity, steps) + steps.pack, steps);
}

export function stepDown(quantity: number, steps: Steps): number {
  return Math.max(steps.min, roundUp(quantity, steps) - steps.pack);
}

/** The note under a quantity that was typed and rounded up; null when nothing changed. */
export function roundedNote(typed: number, steps: Steps): string | null {
  const allowed = roundUp(typed, steps);
  if (allowed === typed) return null;
  return steps.pack > 1 ? `Sold in packs of ${steps.pack}: rounded up to ${allowed}.` : `The minimum order is ${allowed}.`;
}
