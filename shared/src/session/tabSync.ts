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

/**
 * `logout` names the token whose session ended and `token` the one it replaces: a tab applies them only to that
 * session. A tab that missed a logout (discarded by the browser, then reloaded from its own sessionStorage) finds
 * the old token refused and ends it; the other tabs, where another customer may have logged in meanwhile, must not
 * end theirs with it. A message without the name (an older release) applies to whatever session a tab has.
 */
export type SessionMessage =
  | { type: 'login'; token: string; remember: boolean }
  | { type: 'token'; token: string; previous?: string }
  | { type: 'logout'; token?: string };

const tokenOf = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : null;

function parseMessage(data: unknown): SessionMessage | null {
  if (!data || typeof data !== 'object') return null;
  const message = data as Record<string, unknown>;
  const token = tokenOf(message.token);
  const previous = tokenOf(message.previous);
  if (message.type === 'logout') return token ? { type: 'logout', token } : { type: 'logout' };
  if (message.type === 'login' && token && typeof message.remember === 'boolean')
    return { type: 'login', token, remember: message.remember };
  if (message.type === 'token' && token)
    return previous ? { type: 'token', token, previous } : { type: 'token', token };
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
    // A login by customerToken link is this tab's alone (docs/decisions/0077-login-links.md): told to the other tabs it
    // would log them into whatever account the link's sender chose, over their own session or without a notice.
    if (state.generation !== previous.generation && state.linkLogin === 'loggedIn') return;
    let message: SessionMessage;
    if (!state.token) message = previous.token ? { type: 'logout', token: previous.token } : { type: 'logout' };
    else if (state.generation === previous.generation)
      message = previous.token
        ? { type: 'token', token: state.token, previous: previous.token }
        : { type: 'token', token: state.token };
    else message = { type: 'login', token: state.token, remember: state.remember };
    channel.postMessage(message);
  });

  channel.onmessage = (event: MessageEvent) => {
    const message = parseMessage(event.data);
    if (!message) return;
    const auth = useAuthStore.getState();
    // Whether the message is about the session this tab has (or names none).
    const mine = (named: string | undefined) => named === undefined || named === auth.token;
    let ended = false;
    applying = true;
    try {
      if (message.type === 'logout') {
        if (!auth.token || !mine(message.token)) return;
        auth.logOut();
        ended = true;
      } else if (message.type === 'token') {
        if (auth.token && mine(message.previous)) auth.replaceToken(message.token);
      } else if (auth.token !== message.token) {
        auth.logIn(message.token, message.remember);
      }
    } finally {
      applying = false;
    }
    if (ended) for (const listener of endedElsewhere) listener();
  };

  stop = () => {
    unsubscribe();
    channel.close();
    stop = null;
  };
  return stop;
}
