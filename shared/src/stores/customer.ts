import { create } from 'zustand';
import { fetchCustomer } from '../api/customer.ts';
import type { Customer } from '../contract/index.ts';
import { useAuthStore } from './auth.ts';

export interface CustomerState {
  /** The logged-in customer (docs/product-rules.md#data), once loaded for the current token. */
  customer: Customer | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /**
   * Loads the customer of the current token (once per token unless `force`), e.g. after login, when the
   * profile changed, or to poll the verification. Resolves to null without a token or on failure.
   */
  load: (options?: { force?: boolean }) => Promise<Customer | null>;
}

let inFlight: { token: string; promise: Promise<Customer | null> } | null = null;
let loadedFor: string | null = null;

/**
 * The customer behind the auth store's token, shared by every area (the shell's guards, the account, later
 * the checkout) so that there is one copy and one request. It empties itself whenever the token changes.
 */
export const useCustomerStore = create<CustomerState>()((set, get) => ({
  customer: null,
  status: 'idle',
  load: async ({ force = false } = {}) => {
    const token = useAuthStore.getState().token;
    if (!token) return null;
    if (!force && loadedFor === token && get().status === 'ready') return get().customer;
    if (inFlight?.token === token && !force) return inFlight.promise;
    if (get().status !== 'ready' || loadedFor !== token) set({ status: 'loading' });
    const promise = fetchCustomer().then(
      (customer) => {
        // A response for a token that is gone by now (logout, another login) must not come back.
        if (useAuthStore.getState().token !== token) return null;
        loadedFor = token;
        set({ customer, status: 'ready' });
        return customer;
      },
      () => {
        // A failed refresh keeps the customer this token already has (a profile reload after a save that went
        // through, a poll of the waiting page): only a customer that could not be loaded at all is an error.
        const known = loadedFor === token && get().status === 'ready';
        if (useAuthStore.getState().token === token && !known) set({ status: 'error' });
        return null;
      },
    );
    inFlight = { token, promise };
    void promise.finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
    return promise;
  },
}));

useAuthStore.subscribe((state, previous) => {
  if (state.token === previous.token && state.generation === previous.generation) return;
  // The same session under a rotated token: same customer, nothing to reload.
  if (state.generation === previous.generation && state.token && loadedFor === previous.token) {
    loadedFor = state.token;
    return;
  }
  loadedFor = null;
  inFlight = null;
  useCustomerStore.setState({ customer: null, status: 'idle' });
});
