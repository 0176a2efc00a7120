import { create } from 'zustand';
import { adjustmentNotificationLifetimeMs, newCartItemId, type CartNotification } from '@shop/shared';

export interface CartNotificationState {
  notifications: CartNotification[];
  /** Shows a quantity-adjustment warning; it goes away by itself after 10 seconds (docs/product-rules.md#limits). */
  notify: (notification: Omit<CartNotification, 'id' | 'timestamp' | 'type'>) => void;
  dismiss: (id: string) => void;
}

export const useCartNotificationStore = create<CartNotificationState>()((set, get) => ({
  notifications: [],
  notify: (notification) => {
    const id = newCartItemId();
    set((state) => ({
      notifications: [
        ...state.notifications,
        { ...notification, id, type: 'quantity_adjustment', timestamp: Date.now() },
      ],
    }));
    setTimeout(() => get().dismiss(id), adjustmentNotificationLifetimeMs);
  },
  dismiss: (id) => set((state) => ({ notifications: state.notifications.filter((n) => n.id !== id) })),
}));
