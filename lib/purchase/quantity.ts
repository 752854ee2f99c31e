// Quantity rules (MOQ): no imports, so the quantity control on the product page and in the cart carries nothing else
// into the browser.

/** The MOQ of a product without one. */
export const DEFAULT_MOQ = 1;

export function effectiveMoq(moq: number | null | undefined): number {
  return moq && Number.isInteger(moq) && moq >= 1 ? moq : DEFAULT_MOQ;
}

/** Quantities never go below the MOQ. */
export function clampQuantity(quantity: number, moq: number | null | undefined): number {
  const min = effectiveMoq(moq);
  return Number.isFinite(quantity) ? Math.max(min, Math.floor(quantity)) : min;
}

/**
 * The quantity after the input field changes. Empty resets to the MOQ; values below the MOQ and anything that is not
 * a whole number are ignored (the quantity stays as it was).
 */
export function quantityFromInput(raw: string, moq: number | null | undefined, current: number): number {
  const min = effectiveMoq(moq);
  const text = raw.trim();
  if (text === '') return min;
  if (!/^\d+$/.test(text)) return current;
  const value = Number(text);
  return Number.isSafeInteger(value) && value >= min ? value : current;
}

/** The decrement button is disabled at the MOQ. */
export function canDecrement(quantity: number, moq: number | null | undefined): boolean {
  return quantity > effectiveMoq(moq);
}

export function decrementQuantity(quantity: number, moq: number | null | undefined): number {
  return clampQuantity(quantity - 1, moq);
}

export function incrementQuantity(quantity: number, moq: number | null | undefined): number {
  return clampQuantity(quantity + 1, moq);
}

/** The MOQ line of a product card. */
export function moqLabel(moq: number | null | undefined): string {
  return `MOQ: ${moq && moq > 0 ? moq : DEFAULT_MOQ}`;
}
