// @vitest-environment node
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import {
  federationRuntimeOptions,
  providerSource,
  runtimeVersionOnly,
  standaloneRuntimeProvider,
} from './federationRuntime.js';

type Hooks = {
  resolveId: (source: string) => string | null;
  load: (id: string) => string | null;
  transform: (code: string, id: string) => { code: string } | null;
  buildEnd: (this: { environment: { mode: string }; error: (message: string) => never }, error?: Error) => void;
};
const hooks = () => standaloneRuntimeProvider() as unknown as Hooks;
const hostInitId = '\0virtual:mf:__mfe_internal__catalog__H_A_I__hostAutoInit__H_A_I__.js';
const buildContext = (mode: string) => ({
  environment: { mode },
  error: (message: string): never => {
    throw new Error(message);
  },
});

/** Imports the provider module as the standalone page runs it, with the real runtime-core. */
async function runProvider() {
  const file = join(mkdtempSync(join(tmpdir(), 'shop-runtime-')), 'provider.mjs');
  writeFileSync(file, providerSource());
  await import(/* @vite-ignore */ pathToFileURL(file).href);
}

const globals = globalThis as { _FEDERATION_RUNTIME_CORE?: unknown };
afterEach(() => {
  delete globals._FEDERATION_RUNTIME_CORE;
});

describe('federation runtime shipped once', () => {
  it('has the shell provide the runtime and every remote use it', () => {
    expect(federationRuntimeOptions(false)).toEqual({ experiments: { provideExternalRuntime: true } });
    expect(federationRuntimeOptions(true)).toEqual({ experiments: { externalRuntime: true } });
  });

  it("puts the provider in front of the standalone page's host init module only", () => {
    const plugin = hooks();
    const transformed = plugin.transform('export const initHost = 1;', hostInitId);
    expect(transformed?.code).toBe('import "virtual:shop-standalone-runtime";\nexport const initHost = 1;');
    expect(plugin.transform('export {}', '/repo/mf-catalog/src/main.tsx')).toBeNull();
    expect(
      plugin.transform('export {}', '\0virtual:mf:__mfe_internal__catalog__mf_v__runtimeInit__mf_v__.js'),
    ).toBeNull();
    expect(plugin.resolveId('virtual:shop-standalone-runtime')).toBe('\0virtual:shop-standalone-runtime');
    expect(plugin.load('\0virtual:shop-standalone-runtime')).toBe(providerSource());
  });

  it('publishes the real runtime-core on a page without a host', async () => {
    await runProvider();
    expect(globals._FEDERATION_RUNTIME_CORE).toHaveProperty('ModuleFederation');
    expect(globals._FEDERATION_RUNTIME_CORE).toHaveProperty('getRemoteEntry');
  });

  it('keeps the runtime a host published already, so a page never runs two', async () => {
    const hosts = { ModuleFederation: class {} };
    globals._FEDERATION_RUNTIME_CORE = hosts;
    await runProvider();
    expect(globals._FEDERATION_RUNTIME_CORE).toBe(hosts);
  });

  it('fails a build whose host init module never came by, but not the dev server', () => {
    const plugin = hooks();
    expect(() => plugin.buildEnd.call(buildContext('build'))).toThrow(/without a runtime/);
    expect(() => plugin.buildEnd.call(buildContext('dev'))).not.toThrow();
    plugin.transform('export {}', hostInitId);
    expect(() => plugin.buildEnd.call(buildContext('build'))).not.toThrow();
  });

  it("gives the build only the version of the runtime's package.json", () => {
    const load = runtimeVersionOnly().load as (id: string) => string | null;
    const file = createRequire(import.meta.url).resolve('@module-federation/runtime/package.json');
    const { version } = JSON.parse(readFileSync(file, 'utf8')) as { version: string };
    expect(JSON.parse(load(file)!)).toEqual({ version });
    expect(load(`${file}?import`)).toBe(JSON.stringify({ version }));
    expect(load(file.replace('runtime', 'runtime-core'))).toBeNull();
    expect(load('/repo/shared/package.json')).toBeNull();
  });
});
