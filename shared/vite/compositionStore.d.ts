export declare const livePointer: 'live';
export interface KeptComposition {
  id: string;
  live: boolean;
  createdAt: string;
  areas: Record<string, { version: string; texts?: string }>;
}
export declare function listCompositions(shellDir: string): KeptComposition[];
export declare function liveComposition(shellDir: string): string | undefined;
export declare function switchTo(shellDir: string, id: string): void;
export declare function publishComposition(
  shellDir: string,
  options: {
    composed: unknown;
    texts: Record<string, { version: string; texts: Record<string, unknown> }>;
    now: Date;
    keep?: number;
  },
): string;
export declare function rollBack(shellDir: string): string;
export declare function liveAreaUrls(shellDir: string): Record<string, string>;
export declare function withComposeLock<T>(shellDir: string, work: () => T): T;
