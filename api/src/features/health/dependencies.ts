/** A service the shop cannot sell without, and how to ask it whether it answers. */
export interface Dependency {
  /** How the operator knows it, with its setting: `the mail server (SMTP_URL)`. */
  name: string;
  /** Resolves when the service answered (connected and accepted the credentials); rejects otherwise. */
  check: () => Promise<unknown>;
}

export interface DependencyWatchOptions {
  dependencies: readonly Dependency[];
  /** How long to wait before asking a silent service again. */
  retryMs: number;
  /** How long one answer may take before it counts as none. */
  timeoutMs: number;
  log: { warn(message: string): void; info(message: string): void };
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface DependencyWatch {
  /** One phrase for each service that has not answered yet (empty once all have). */
  problems(): string[];
  /** Resolves once every service has been asked once (answered or not). */
  firstRound: Promise<void>;
  stop(): void;
}

const withinTime = (work: Promise<unknown>, ms: number, setTimer: NonNullable<DependencyWatchOptions['setTimer']>) =>
  new Promise<void>((resolve, reject) => {
    setTimer(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(() => resolve(), reject);
  });

/**
 * Asks each service at start and again every `retryMs` until it has answered once; until then `problems()` names it
 * and `/api/ready` answers 503, so a proxy sends no buyer to a process that could not take a payment or send the
 * confirmation. Once a service has answered it is not asked again: a later outage is met where it happens (the
 * outbox retries mails, the checkout answers 503), instead of taking every process out of the proxy at once.
 */
export function watchDependencies({
  dependencies,
  retryMs,
  timeoutMs,
  log,
  setTimer = (run, ms) => setTimeout(run, ms).unref(),
  clearTimer = (timer) => clearTimeout(timer as NodeJS.Timeout),
}: DependencyWatchOptions): DependencyWatch {
  const silent = new Set(dependencies.map((dependency) => dependency.name));
  const timers = new Set<unknown>();
  let stopped = false;

  const ask = async (dependency: Dependency, attempt: number): Promise<void> => {
    try {
      await withinTime(Promise.resolve().then(dependency.check), timeoutMs, setTimer);
      silent.delete(dependency.name);
      if (attempt > 1) log.info(`${dependency.name} answers now`);
    } catch (error) {
      if (stopped) return;
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(
        `${dependency.name} does not answer (${reason}): /api/ready answers 503 until it does; asking again in ${retryMs} ms`,
      );
      const timer = setTimer(() => {
        timers.delete(timer);
        if (!stopped) void ask(dependency, attempt + 1);
      }, retryMs);
      timers.add(timer);
    }
  };

  const firstRound = Promise.all(dependencies.map((dependency) => ask(dependency, 1))).then(() => undefined);
  return {
    problems: () => [...silent].map((name) => `${name} has not answered yet`),
    firstRound,
    stop() {
      stopped = true;
      for (const timer of timers) clearTimer(timer);
      timers.clear();
    },
  };
}
