/**
 * The federation runtime shipped once (docs/decisions/0040-federation-runtime-once.md). In the composed shop the
 * shell brings the runtime and publishes it on `globalThis._FEDERATION_RUNTIME_CORE` (`provideExternalRuntime`);
 * a remote's code reads it from there (`externalRuntime`: `@module-federation/runtime-core` is replaced by a
 * shim that looks the global up on first use), so its `remoteEntry.js` no longer bundles a copy of its own.
 *
 * A remote still runs alone: its standalone page starts through the federation's host init module, which only
 * that page loads (the shell loads `remoteEntry.js` alone). That module is given the real runtime-core first, so
 * the page publishes its own runtime before the remote's entry initialises.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The real runtime-core, by file: the shim answers only the package name, so this path escapes it. */
const runtimeCoreFile = fileURLToPath(import.meta.resolve('@module-federation/runtime-core'));
const providerId = 'virtual:shop-standalone-runtime';
/** How @module-federation/vite 1.23 names the host init module it generates (a virtual module). */
const hostInitId = /__H_A_I__hostAutoInit__H_A_I__/;

/**
 * The runtime options of `federation()`: the shell provides the runtime, a remote uses it.
 * @param {boolean} isRemote
 */
export const federationRuntimeOptions = (isRemote) => ({
  experiments: isRemote ? { externalRuntime: true } : { provideExternalRuntime: true },
});

/** The module that publishes the runtime; `??=` keeps one a host has published already. */
export const providerSource = (file = runtimeCoreFile) =>
  `import * as runtimeCore from ${JSON.stringify(file)};\nglobalThis._FEDERATION_RUNTIME_CORE ??= runtimeCore;\n`;

/**
 * A remote's standalone page provides the runtime itself: its host init module imports the provider before
 * anything else runs. The build fails if the host init module was never seen, so a plugin upgrade that renames
 * it cannot silently leave the standalone page without a runtime.
 * @returns {import('vite').Plugin}
 */
export function standaloneRuntimeProvider() {
  let provided = false;
  return {
    name: 'shop-standalone-runtime',
    enforce: 'pre',
    resolveId: (source) => (source === providerId ? `\0${providerId}` : null),
    load: (id) => (id === `\0${providerId}` ? providerSource() : null),
    transform(code, id) {
      if (!hostInitId.test(id)) return null;
      provided = true;
      return { code: `import ${JSON.stringify(providerId)};\n${code}`, map: null };
    },
    buildEnd(error) {
      if (!error && !provided && this.environment?.mode === 'build') {
        this.error('the federation host init module was not found: the standalone page would start without a runtime');
      }
    },
  };
}

/** The runtime's package.json, which @module-federation/vite 1.23 imports whole in the shell's remoteEntry.js. */
const runtimePackageFile = /[\\/]@module-federation[\\/]runtime[\\/]package\.json$/;

/**
 * The shell's `remoteEntry.js` imports the runtime's whole package.json (its plugin that publishes the runtime
 * reads only `version`), and a default JSON import keeps every field: scripts, exports, the author. A build reads
 * just the version from it, about 0.5 KB gzip less on every page (docs/performance.md#what-composition-still-costs).
 * The JSON plugin still turns the answer into a module, so the import's shape does not change.
 * @returns {import('vite').Plugin}
 */
export function runtimeVersionOnly() {
  return {
    name: 'shop-runtime-version-only',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      if (!runtimePackageFile.test(file)) return null;
      const { version } = JSON.parse(readFileSync(file, 'utf8'));
      return JSON.stringify({ version });
    },
  };
}
