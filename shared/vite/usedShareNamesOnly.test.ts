// @vitest-environment node
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build as viteBuild, type Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { usedShareNamesOnly } from './usedShareNamesOnly.js';

type Context = { error: (message: string) => never };
type Hooks = {
  resolveId: (source: string) => string | null;
  load: (id: string) => string | null;
  transform: (this: Context, code: string, id: string) => { code: string } | null;
  buildEnd: (this: Context, error?: Error) => void;
};
const hooks = () => usedShareNamesOnly() as unknown as Hooks;
const context: Context = {
  error: (message: string): never => {
    throw new Error(message);
  },
};
const pendingSharesId = '\0virtual:mf:__mfe_internal__catalog__P_S__pendingShares__P_S__.js';
const wrapperId = (name: string) => `virtual:mf:__mfe_internal__catalog__loadShare__${name}__loadShare__.js`;
/** The list as @module-federation/vite 1.23 writes it into its pendingShares module. */
const pendingShares = (wrappers: string[]) =>
  `const __mfPendingShareImports = [${wrappers.map((id) => `["x", () => import("${id}")]`).join(', ')}];\n` +
  'export async function preloadPendingShares() { for (const [, load] of __mfPendingShareImports) await load(); }\n';
/** A wrapper as the plugin writes one: every name a live binding, filled from the shared module when it comes. */
const wrapper =
  'let __mf_0;\nlet __mf_1;\n' +
  'const __mfApplyLazyShareExports = (mod) => {\n  __mf_0 = mod["usedExport"];\n  __mf_1 = mod["unusedExport"];\n};\n' +
  'globalThis.subscribe(__mfApplyLazyShareExports);\n' +
  'export { __mf_0 as usedExport, __mf_1 as unusedExport };\n';
const importedIds = (code: string) =>
  [...code.matchAll(/import\(("[^"]+")\)/g)].map((match) => JSON.parse(match[1]!) as string);

describe('share wrappers keep only the names the area imports', () => {
  it("answers each wrapper's import in pendingShares with a module importing it for its effect", () => {
    const plugin = hooks();
    const code = pendingShares([wrapperId('react'), wrapperId('_mf_0_shop_mf_1_shared'), wrapperId('react')]);
    const effectIds = importedIds(plugin.transform.call(context, code, pendingSharesId)!.code);
    expect(effectIds.some((id) => id.includes('__loadShare__'))).toBe(false);
    expect(effectIds[2]).toBe(effectIds[0]);
    expect(effectIds.map((id) => plugin.resolveId(id))).toEqual(effectIds);
    expect(effectIds.map((id) => plugin.load(id))).toEqual([
      `import "${wrapperId('react')}";\n`,
      `import "${wrapperId('_mf_0_shop_mf_1_shared')}";\n`,
      `import "${wrapperId('react')}";\n`,
    ]);
    expect(plugin.resolveId('react')).toBeNull();
    expect(plugin.transform.call(context, 'export const mod = {};', '/repo/mf-catalog/src/main.tsx')).toBeNull();
  });

  it("marks a wrapper's reads of the shared names pure", () => {
    const transformed = hooks().transform.call(context, wrapper, `\0${wrapperId('_mf_0_shop_mf_1_shared')}`)!.code;
    expect(transformed).toContain('__mf_0 = /* @__PURE__ */ __shopReadSharedName(mod, "usedExport");');
    expect(transformed).toContain('__mf_1 = /* @__PURE__ */ __shopReadSharedName(mod, "unusedExport");');
    expect(transformed).not.toContain('= mod[');
  });

  it('fails the build when the generated code changed shape or never came by, and accepts an empty list', () => {
    const plugin = hooks();
    expect(() => plugin.buildEnd.call(context)).toThrow(/not found/);
    const reshapedList = `const __mfPendingShareImports = [["react", function () { return import("${wrapperId('react')}"); }]];`;
    expect(() => plugin.transform.call(context, reshapedList, pendingSharesId)).toThrow(/changed shape/);
    const reshapedWrapper = wrapper.replace(/= mod\["(\w+)"\]/g, '= mod.$1');
    expect(() => plugin.transform.call(context, reshapedWrapper, wrapperId('react'))).toThrow(/changed shape/);
    expect(() => plugin.transform.call(context, pendingShares([]), pendingSharesId)).not.toThrow();
    expect(() => plugin.buildEnd.call(context)).not.toThrow();
  });

  it("lets the bundler drop the wrapper's names the area never imports, and their reads", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'shop-shares-'));
    const file = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    const wrapperFile = file('x__loadShare__shared__loadShare__.js', wrapper);
    file('x__P_S__pendingShares__P_S__.js', pendingShares([wrapperFile]));
    const entry = file(
      'entry.js',
      'import { usedExport } from "./x__loadShare__shared__loadShare__.js";\n' +
        'import("./x__P_S__pendingShares__P_S__.js").then((m) => m.preloadPendingShares()).then(() => console.log(usedExport));\n',
    );
    const build = async (plugins: Plugin[]) => {
      const result = await viteBuild({
        configFile: false,
        logLevel: 'silent',
        root: dir,
        plugins,
        build: { write: false, minify: false, rolldownOptions: { input: entry } },
      });
      const outputs = Array.isArray(result) ? result : [result];
      return outputs
        .flatMap((output) => ('output' in output ? output.output : []))
        .map((chunk) => ('code' in chunk ? chunk.code : ''))
        .join('\n');
    };
    expect(await build([])).toContain('unusedExport');
    const trimmed = await build([usedShareNamesOnly()]);
    expect(trimmed).toContain('"usedExport"');
    expect(trimmed).toContain('globalThis.subscribe');
    expect(trimmed).not.toContain('unusedExport');
  });
});
