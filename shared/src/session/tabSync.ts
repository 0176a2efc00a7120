import { useAuthStore } from '../stores/auth.ts';

/**
 * One session for all open tabs of the shop (docs/architecture.md#platform): a login in one tab is seen by the others, a logout
 * in one logs out the others. The token lives in sessionStorage without remember-me (docs/product-rules.md#states), which other
 * tabs cannot read, so the tabs tell each other over a BroadcastChannel (same origin only; the token never
 * leaves the browser). A receiving tab applies the change through the auth store, which writes its own
 * storage as for a login there; a tab opened later starts without a session unless remember-me was chosen,
 * as docs/product-rules.md#states wants.
 */
export const sessionChannelName = 'shop:session';

export type SessionMessage =
  { type: 'login'; token: string; remember: boolean } | { type: 'token'; token: string } | { type: 'logout' };

function parseMessage(data: unknown): SessionMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  const token =
    typeof message.token === 'string' && message.token.length > 0 && message.token.length <= 512 ? message.token : null;
  if (message.type === 'logout') return { type: 'logout' };
  if (message.type === 'login' && token && typeof message.remember === 'boolean')
    return { type: 'login', token, remember: message.remember };
  if (message.type === 'token' && token) return { type: 'token', token };
  return null;
}

type Listener = () => void;
const endedElsewhere = new Set<Listener>();

/** Called when another tab ended the session (the session guard then goes home, as after a logout here). */
export function onSessionEndedElsewhere(listener: Listener): () => void {
  endedElsewhere.add(listener);
  return () => endedElsewhere.delete(listener);
}

let stop: (() => void) | null = null;

/** Starts the sync once per page (idempotent); returns the function that stops it. */
export function syncSessionAcrossTabs(
  createChannel: () => BroadcastChannel | null = () =>
    typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(sessionChannelName),
): () => void {
  if (stop) return stop;
  const channel = createChannel();
  if (!channel) return () => {};
  let applying = false;

  const unsubscribe = useAuthStore.subscribe((state, previous) => {
    if (applying || (state.token === previous.token && state.generation === previous.generation)) return;
    let message: SessionMessage;
    if (!state.token) message = { type: 'logout' };
    else if (state.generation === previous.generation) message = { type: 'token', token: state.token };
    else message = { type: 'login', token: state.token, remember: state.remember };
    channel.postMessage(message);
  });

  channel.onmessage = (event: MessageEvent) => {
    const message = parseMessage(event.data);
    if (!message) return;
    const auth = useAuthStore.getState();
    applying = true;
    try {
      if (message.type === 'logout') {
        if (!auth.token) return;
        auth.logOut();
      } else if (message.type === 'token') {
        if (auth.token) auth.replaceToken(message.token);
      } else if (auth.token !== message.token) {
        auth.logIn(message.token, message.remember);
      }
    } finally {
      applying = false;
    }
    if (message.type === 'logout') for (const listener of endedElsewhere) listener();
  };

  stop = () => {
    unsubscribe();
    channel.close();
    stop = null;
  };
  return stop;
}
