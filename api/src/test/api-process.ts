import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './temporary-postgres.ts';

const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** SIGTERM, as an orchestrator stops it: running requests finish, then it exits. */
  stop(): Promise<void>;
}

/** Starts the API exactly as `npm start` does (src/main.ts under tsx) on a free loopback port; resolves once healthy. */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (healthy) return { url, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('API did not start');
}
