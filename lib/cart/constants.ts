// Cart timers and messages.
export const REMOVE_FADE_MS = 300;
export const REMOVED_TOAST_MS = 3000;
export const COPIED_LABEL_MS = 2000;

export const ITEM_REMOVED_MESSAGE = 'Item removed from cart';
export const OUTSIDE_PROVIDER_MESSAGE = 'useCart must be used within a CartProvider';
