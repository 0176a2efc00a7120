import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shop as deploy/ runs it: Debian's nginx with deploy/nginx/*.conf (only the paths and ports replaced), a
 * self-signed certificate made with openssl, the production builds of the shell, the four areas (under
 * /areas/<area>/) and the back office, and two API processes on one SQLite file. Everything runs as the test user
 * in a temporary folder; the browser reaches the two host names through Chromium's host resolver rules.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const shopHost = 'shop.sprachschule.example';
const backofficeHost = 'backoffice.sprachschule.example';
/** The built areas as compose names them, and their folders. */
const areas = {
  catalog: 'mf-catalog',
  cartCheckout: 'mf-cart-checkout',
  account: 'mf-account',
  levelTest: 'mf-level-test',
};
const brotliModule = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** `count` different ports nobody listens on right now (the kernel's choice, all held open until all are known). */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  const ports = await Promise.all(
    servers.map(
      (server) =>
        new Promise<number>((resolve, reject) => {
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
        }),
    ),
  );
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

async function waitFor(what: string, ready: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await ready().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not come up within ${timeoutMs} ms`);
}

export interface ApiProcess {
  port: number;
  /** Starts it (again) and resolves once `/api/ready` answers 200. */
  start(): Promise<void>;
  /** SIGKILL: the process dies in the middle of whatever it does, as with a crash or the OOM killer. */
  kill(): Promise<void>;
}

function apiProcess(port: number, env: Record<string, string>, logFile: string, stderrFile: string): ApiProcess {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(PORT|HOST|NODE_ENV|DATABASE_|SHOP_URL|LOG_FILE)/.test(name)),
  );
  let child: ChildProcess | null = null;
  return {
    port,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) throw new Error(`The API on ${port} runs`);
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: join(root, 'api'),
        env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_FILE: logFile },
        // Its log goes to LOG_FILE; stderr (a start that fails before the logger) to a file the error quotes.
        stdio: ['ignore', 'ignore', openSync(stderrFile, 'a')],
      });
      await waitFor(`the API on ${port}`, async () => (await fetch(`http://127.0.0.1:${port}/api/ready`)).ok).catch(
        (error: Error) => {
          throw new Error(`${error.message}; its stderr: ${readFileSync(stderrFile, 'utf8')}`);
        },
      );
    },
    kill: () =>
      new Promise((resolve) => {
        if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}

/** deploy/nginx/*.conf with only paths and ports replaced (the files stay what an operator installs). */
function templated(text: string, paths: Record<string, string>, ports: Record<string, number>): string {
  let out = text;
  for (const [from, to] of Object.entries(paths)) out = out.replaceAll(from, to);
  return out
    .replaceAll('listen 443 ', `listen ${ports.https} `)
    .replaceAll('listen [::]:443 ', `listen [::1]:${ports.https} `)
    .replaceAll('listen 80;', `listen ${ports.http};`)
    .replaceAll('listen [::]:80;', `listen [::1]:${ports.http};`)
    .replaceAll('127.0.0.1:3001', `127.0.0.1:${ports.api1}`)
    .replaceAll('127.0.0.1:3002', `127.0.0.1:${ports.api2}`);
}

export interface NginxShop {
  /** `https://shop.sprachschule.example:<port>` */
  shopUrl: string;
  backofficeUrl: string;
  apis: [ApiProcess, ApiProcess];
  /** True when Debian's brotli module is installed and loaded (else only the .gz files are sent). */
  brotli: boolean;
  databaseFile: string;
  /** What nginx logged at `warn` and above so far (refused upstream connections among it). */
  errorLog(): string;
  /** How many answers the API process on `port` gave through nginx so far (its access log). */
  answeredBy(port: number): number;
  stop(): Promise<void>;
}

/** Builds must exist (`npm run build`). Composes the areas under the shop's origin into a copy of the shell. */
export async function startNginxShop(): Promise<NginxShop> {
  const dir = mkdtempSync(join(tmpdir(), 'shop-nginx-'));
  // Run as root, nginx's workers are `nobody`: they must be able to read the files.
  chmodSync(dir, 0o755);
  const [https, http, api1, api2] = (await freePorts(4)) as [number, number, number, number];
  const ports = { https, http, api1, api2 };
  const shopUrl = `https://${shopHost}:${ports.https}`;
  const backofficeUrl = `https://${backofficeHost}:${ports.https}`;

  // The certificate: self-signed, for both names.
  const ssl = join(dir, 'ssl');
  mkdirSync(ssl);
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', `/CN=${shopHost}`],
      ...['-addext', `subjectAltName=DNS:${shopHost},DNS:${backofficeHost}`],
      ...['-keyout', join(ssl, 'privkey.pem'), '-out', join(ssl, 'fullchain.pem')],
    ],
    { stdio: 'ignore' },
  );

  // The served files: a copy of the shell (compose writes into it), the areas' and back office's builds as they are.
  const srv = join(dir, 'srv');
  mkdirSync(join(srv, 'areas'), { recursive: true });
  cpSync(join(root, 'shell/dist'), join(srv, 'shell'), { recursive: true });
  for (const [area, folder] of Object.entries(areas)) symlinkSync(join(root, folder, 'dist'), join(srv, 'areas', area));
  symlinkSync(join(root, 'backoffice/dist'), join(srv, 'backoffice'));
  execFileSync(
    process.execPath,
    [
      join(root, 'scripts/compose.mjs'),
      '--from-dist',
      ...Object.keys(areas).map((area) => `--${area}=${shopUrl}/areas/${area}/`),
      `--out=${join(srv, 'shell/remotes.json')}`,
    ],
    { cwd: root, stdio: 'ignore' },
  );

  // The configuration: deploy/nginx as installed, inside a minimal main file like Debian's.
  const conf = join(dir, 'nginx');
  mkdirSync(join(conf, 'optional'), { recursive: true });
  const paths = { '/etc/nginx/shop/': `${conf}/`, '/etc/ssl/shop/': `${ssl}/`, '/srv/shop/': `${srv}/` };
  const source = join(root, 'deploy/nginx');
  for (const file of readdirSync(source).filter((name) => name.endsWith('.conf')))
    writeFileSync(join(conf, file), templated(readFileSync(join(source, file), 'utf8'), paths, ports));
  const brotli = existsSync(brotliModule);
  if (brotli) cpSync(join(conf, 'brotli.conf'), join(conf, 'optional/brotli.conf'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, temp));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${brotli ? `load_module ${brotliModule};\n` : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  sendfile on;
  log_format shop '$request_method $uri $status $upstream_addr';
  access_log ${dir}/access.log shop;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${conf}/shop.conf;
}
`,
  );
  execFileSync('/usr/sbin/nginx', ['-t', '-q', '-p', `${dir}/`, '-c', join(dir, 'nginx.conf')], { stdio: 'pipe' });

  // Two API processes on one database, as two systemd instances of shop-api@.service would run.
  const databaseFile = join(dir, 'shop.sqlite');
  const logDir = process.env.E2E_API_LOG_DIR ?? dir;
  const apiEnv = {
    DATABASE_FILE: databaseFile,
    SHOP_URL: shopUrl,
    BACKOFFICE_URL: backofficeUrl,
    TRUST_PROXY: '127.0.0.1',
  };
  const apis: [ApiProcess, ApiProcess] = [
    apiProcess(ports.api1, apiEnv, join(logDir, 'nginx-api-1.log'), join(dir, 'api-1.stderr')),
    apiProcess(ports.api2, apiEnv, join(logDir, 'nginx-api-2.log'), join(dir, 'api-2.stderr')),
  ];
  const nginx = spawn('/usr/sbin/nginx', ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'ignore',
  });
  const stop = async () => {
    await Promise.all(apis.map((api) => api.kill()));
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // Both at once, as systemd starts them at boot (the start-up lock serializes their migrations).
    await Promise.all(apis.map((api) => api.start()));
    await waitFor('nginx', async () => existsSync(join(dir, 'nginx.pid')));
  } catch (error) {
    await stop();
    throw error;
  }
  const errorLog = () => readFileSync(join(dir, 'error.log'), 'utf8');
  // The last upstream address of a line answered it (after a retry the line lists the one that failed first).
  const answeredBy = (port: number) =>
    readFileSync(join(dir, 'access.log'), 'utf8')
      .split('\n')
      .filter((line) => line.endsWith(` 127.0.0.1:${port}`)).length;
  return { shopUrl, backofficeUrl, apis, brotli, databaseFile, errorLog, answeredBy, stop };
}
