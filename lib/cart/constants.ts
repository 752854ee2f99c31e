// Cart timers and messages.
export const REMOVE_FADE_MS = 300;
export const REMOVED_TOAST_MS = 3000;
export const COPIED_LABEL_MS = 2000;

export const ITEM_REMOVED_MESSAGE = 'Item removed from cart';
export const OUTSIDE_PROVIDER_MESSAGE = 'useCart must be used within a CartProvider';

/** A line whose product is no longer sold (deleted, or no longer active). */
export const LINE_UNAVAILABLE_LABEL = 'No longer available';
export const UNAVAILABLE_CHECKOUT_NOTE = 'Some items in your cart are no longer available. Remove them to check out.';
