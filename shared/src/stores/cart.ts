import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import {
  cartLifetimeMs,
  cartQuantity,
  itemKey,
  storedCartSchema,
  type CartItem,
  type Course,
  type CourseCartItem,
  type PackageCartItem,
  type ProductCartItem,
  type StoredCart,
} from '../contract/index.ts';
import { readStorage, writeStorage } from './safeStorage.ts';

/** localStorage key of the cart (docs/product-rules.md#states Cart). */
export const cartStorageKey = 'cart';

/** A course or product as the listings add it: everything but the random line id. */
export type NewCartItem = Omit<CourseCartItem, 'id'> | Omit<ProductCartItem, 'id'>;
/** A package as the cart's offer adds it. */
export type NewPackageItem = Omit<PackageCartItem, 'id'>;

export interface CartState extends StoredCart {
  /** Adds an item; the same course or product again raises its quantity (up to the maximum). */
  addItem: (item: NewCartItem) => void;
  /** Adds a package in place of any package already in the cart (docs/product-rules.md#states: one package at a time). */
  addPackage: (item: NewPackageItem) => void;
  /** Replaces every item (a cart carried over with cartSync). */
  replaceItems: (items: CartItem[]) => void;
  /** Sets the quantities the server allows (docs/product-rules.md#states): lines at 0 are removed. Keys are line ids. */
  applyQuantities: (quantities: ReadonlyMap<string, number>) => void;
  /** Sets a quantity: 0 or below removes the item, above the maximum is capped. */
  setQuantity: (id: string, quantity: number) => void;
  /** Lowers a quantity by one, never below the minimum. */
  decrement: (id: string) => void;
  removeItem: (id: string) => void;
  /** Replaces the discount codes (normalised by the price store, which adds and removes them). */
  setDiscountCodes: (codes: string[]) => void;
  /** Empties the cart, its codes and its storage. */
  clear: () => void;
}

/** One place in a course as a screen outside the catalogue adds it (the level test's recommendations). */
export const courseCartLine = (course: Course): NewCartItem => ({
  itemType: 'course',
  quantity: 1,
  courseId: course.id,
  courseType: course.type,
  courseDetails: course,
});

/** A random id for a cart line (docs/product-rules.md#data: a random string). */
export function newCartItemId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** What a line sells, as docs/product-rules.md#data writes it for display: `course_{id}`, `product_{id}` (packages: type and amount). */
export function cartItemKey(item: NewCartItem | NewPackageItem | CartItem): string {
  return itemKey(item);
}

/** The same thing in the cart twice is one line with a higher quantity. */
function sameThing(a: NewCartItem | CartItem, b: NewCartItem | CartItem): boolean {
  return cartItemKey(a) === cartItemKey(b);
}

const clamp = (quantity: number) => Math.min(cartQuantity.max, Math.max(cartQuantity.min, Math.trunc(quantity)));

/**
 * Reads the stored cart through the contract: an expired cart, or one that is not a valid list of items,
 * counts as no cart at all (docs/product-rules.md#states, #validation) and is dropped from storage.
 */
export function readStoredCart(raw: string | null, now = Date.now()): StoredCart | null {
  if (!raw) return null;
  try {
    const parsed = storedCartSchema.safeParse((JSON.parse(raw) as { state?: unknown }).state);
    if (!parsed.success || now - parsed.data.timestamp > cartLifetimeMs) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

const expiringLocalStorage: StateStorage = {
  getItem: (name) => {
    const raw = readStorage('local', name);
    const cart = readStoredCart(raw);
    if (raw && !cart) writeStorage('local', name, null);
    // The cart as the contract read it (codes it may not carry left out), not the raw text.
    return cart ? JSON.stringify({ ...(JSON.parse(raw!) as object), state: cart }) : null;
  },
  setItem: (name, value) => writeStorage('local', name, value),
  removeItem: (name) => writeStorage('local', name, null),
};

export const useCartStore = create<CartState>()(
  persist(
    (set) => {
      const update = (items: CartItem[]) => set({ items, timestamp: Date.now() });
      return {
        items: [],
        discountCodes: [],
        timestamp: Date.now(),
        addItem: (item) =>
          set((state) => {
            const existing = state.items.find((line) => sameThing(line, item));
            const items = existing
              ? state.items.map((line) =>
                  line === existing ? { ...line, quantity: clamp(line.quantity + item.quantity) } : line,
                )
              : [...state.items, { ...item, quantity: clamp(item.quantity), id: newCartItemId() } as CartItem];
            return { items, timestamp: Date.now() };
          }),
        addPackage: (item) =>
          set((state) => ({
            items: [
              ...state.items.filter((line) => line.itemType !== 'package'),
              { ...item, quantity: clamp(item.quantity), id: newCartItemId() },
            ],
            timestamp: Date.now(),
          })),
        replaceItems: (items) => update(items),
        applyQuantities: (quantities) =>
          set((state) => ({
            items: state.items
              .map((line) => (quantities.has(line.id) ? { ...line, quantity: quantities.get(line.id)! } : line))
              .filter((line) => line.quantity > 0),
            timestamp: Date.now(),
          })),
        setQuantity: (id, quantity) =>
          set((state) => ({
            items:
              quantity <= 0
                ? state.items.filter((line) => line.id !== id)
                : state.items.map((line) => (line.id === id ? { ...line, quantity: clamp(quantity) } : line)),
            timestamp: Date.now(),
          })),
        decrement: (id) =>
          set((state) => ({
            items: state.items.map((line) => (line.id === id ? { ...line, quantity: clamp(line.quantity - 1) } : line)),
            timestamp: Date.now(),
          })),
        removeItem: (id) =>
          set((state) => ({ items: state.items.filter((line) => line.id !== id), timestamp: Date.now() })),
        setDiscountCodes: (discountCodes) => set({ discountCodes, timestamp: Date.now() }),
        clear: () => {
          set({ items: [], discountCodes: [], timestamp: Date.now() });
          useCartStore.persist.clearStorage();
        },
      };
    },
    {
      name: cartStorageKey,
      storage: createJSONStorage(() => expiringLocalStorage),
      partialize: ({ items, discountCodes, timestamp }) => ({ items, discountCodes, timestamp }),
      version: 1,
    },
  ),
);

/** Number shown on the header's cart badge: all booked places and items. */
export const selectCartCount = (state: CartState) => state.items.reduce((sum, line) => sum + line.quantity, 0);

/**
 * Keeps every open tab on the same cart (docs/product-rules.md#states): another tab's write fires a storage event here, and the
 * store re-reads it. Returns the unsubscribe function; the shell (or a standalone remote) calls it once.
 */
export function syncCartAcrossTabs(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== cartStorageKey && event.key !== null) return;
    if (event.newValue === null) useCartStore.setState({ items: [], discountCodes: [], timestamp: Date.now() });
    else void useCartStore.persist.rehydrate();
  };
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
