/**
 * The unauthorized event of docs/product-rules.md#states, #errors: any call but login that answers 401 publishes it; the shell listens,
 * clears the tokens and goes home. A plain listener set keeps the api module free of store and router code.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function onUnauthorized(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishUnauthorized(): void {
  for (const listener of listeners) listener();
}
