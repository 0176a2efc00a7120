import type { Plugin } from 'vite';

export declare const federationRuntimeOptions: (isRemote: boolean) => {
  experiments: { externalRuntime: true } | { provideExternalRuntime: true };
};

export declare const providerSource: (file?: string) => string;

export declare function standaloneRuntimeProvider(): Plugin;

export declare function runtimeVersionOnly(): Plugin;
