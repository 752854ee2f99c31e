'use client';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { OUTSIDE_PROVIDER_MESSAGE } from '@/lib/cart/constants';
import type { CartCorrection, QuantityRuleUpdate } from '@/lib/cart/corrections';
import type { AddToCartInput, CartAction } from '@/lib/cart/lines';
import { cartCount } from '@/lib/cart/count';
import { CART_STORAGE_KEY, type CartItem } from '@/lib/cart/types';
import type { CartSpecifications } from '@/lib/purchase/types';

export interface CartContextValue {
  items: CartItem[];
  /** Pieces in the cart. */
  count: number;
  /** False until the stored cart has been read after mount; the server render always sees an empty cart. */
  ready: boolean;
  /** Quantities the cart had to change to ones that can be bought, until the buyer dismisses the note. */
  corrections: CartCorrection[];
  addItem(input: AddToCartInput): void;
  /** Several lines in one step (quick order): the cart is written once, with all of them or none. */
  addItems(inputs: AddToCartInput[]): void;
  updateQuantity(id: string, quantity: number): void;
  /** A line's stone, style or size changed on the line, at that choice's price (merged with an identical line). */
  changeChoices(id: string, specifications: CartSpecifications, selectedPrice: number | null, listPrice?: number | null): void;
  removeItem(id: string): void;
  clearCart(): void;
  isInCart(productId: string): boolean;
  /** Takes the server's quantity rules for these products (the checkout names them) and rounds their lines. */
  applyRules(updates: QuantityRuleUpdate[]): void;
  dismissCorrections(): void;
}

const CartContext = createContext<CartContextValue | null>(null);

interface State {
  items: CartItem[];
  ready: boolean;
  corrections: CartCorrection[];
  /** Changes asked for before the line rules had loaded (a Reorder answered first): applied once they have. */
  queued: Action[];
}

type Rules = typeof import('@/lib/cart/lines') & typeof import('@/lib/cart/corrections');
type Action =
  | CartAction
  | { type: 'loaded'; items: CartItem[]; corrections: CartCorrection[] }
  | { type: 'rules'; updates: QuantityRuleUpdate[] }
  | { type: 'dismiss' };

/**
 * The cart's line rules (and the stored cart's validator) load after the page's load event, with the stored cart:
 * they stay out of the JavaScript a page needs to show itself. Until then the cart is not ready, its buttons are
 * disabled and the badge is hidden, as before a stored cart has been read.
 */
let rules: Rules | null = null;
const loadCartCode = () =>
  Promise.all([import('@/lib/cart/storage'), import('@/lib/cart/lines'), import('@/lib/cart/corrections')]).then(
    ([storage, lines, corrections]) => {
      rules = { ...lines, ...corrections };
      return storage;
    },
  );

function reducer(state: State, action: Action): State {
  if (action.type === 'loaded') {
    const loaded: State = { items: action.items, ready: true, corrections: action.corrections, queued: [] };
    return state.queued.reduce(reducer, loaded);
  }
  if (action.type === 'dismiss') return state.corrections.length === 0 ? state : { ...state, corrections: [] };
  if (!rules) return { ...state, queued: [...state.queued, action] };
  if (action.type === 'rules') {
    const { items, corrections } = rules.applyQuantityRules(state.items, action.updates);
    return { ...state, items, corrections: [...state.corrections, ...corrections] };
  }
  const items = rules.cartReducer(state.items, action);
  return items === state.items ? state : { ...state, items };
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CART_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function CartProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, { items: [], ready: false, corrections: [], queued: [] });

  // Read after mount so the first client render matches the server's (no hydration mismatch). The validator is
  // loaded on demand once the page has loaded: it stays out of the JavaScript a page needs to show itself, and
  // the cart badge and Add to Cart buttons follow a moment later.
  useEffect(() => {
    let active = true;
    const load = () =>
      loadCartCode()
        .then(({ readStoredCart }) => {
          if (active) dispatch({ type: 'loaded', ...readStoredCart(readRaw()) });
        })
        // If the chunk cannot load, stay not-ready rather than overwrite the stored cart with an empty one.
        .catch(() => {});
    const onLoad = () => void load();
    if (document.readyState === 'complete') onLoad();
    else window.addEventListener('load', onLoad, { once: true });
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY || event.key === null) void load();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      window.removeEventListener('load', onLoad);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  useEffect(() => {
    if (!state.ready || !rules) return;
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, rules.serializeCart(state.items));
    } catch {
      // Storage full or blocked (private mode): the cart still works for this page view.
    }
  }, [state]);

  const addItem = useCallback((input: AddToCartInput) => dispatch({ type: 'add', input }), []);
  const addItems = useCallback((inputs: AddToCartInput[]) => dispatch({ type: 'addMany', inputs }), []);
  const updateQuantity = useCallback((id: string, quantity: number) => dispatch({ type: 'update', id, quantity }), []);
  const changeChoices = useCallback(
    (id: string, specifications: CartSpecifications, selectedPrice: number | null, listPrice?: number | null) =>
      dispatch({ type: 'choose', id, specifications, selectedPrice, listPrice }),
    [],
  );
  const removeItem = useCallback((id: string) => dispatch({ type: 'remove', id }), []);
  const clearCart = useCallback(() => dispatch({ type: 'clear' }), []);
  const applyRules = useCallback((updates: QuantityRuleUpdate[]) => dispatch({ type: 'rules', updates }), []);
  const dismissCorrections = useCallback(() => dispatch({ type: 'dismiss' }), []);

  const value = useMemo<CartContextValue>(
    () => ({
      items: state.items,
      count: cartCount(state.items),
      ready: state.ready,
      corrections: state.corrections,
      addItem,
      addItems,
      updateQuantity,
      changeChoices,
      removeItem,
      clearCart,
      isInCart: (productId: string) => rules?.isProductInCart(state.items, productId) ?? false,
      applyRules,
      dismissCorrections,
    }),
    [state, addItem, addItems, updateQuantity, changeChoices, removeItem, clearCart, applyRules, dismissCorrections],
  );

  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error(OUTSIDE_PROVIDER_MESSAGE);
  return value;
}
