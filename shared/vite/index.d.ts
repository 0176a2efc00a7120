import type { UserConfig } from 'vite';

export declare const areaPorts: {
  readonly shell: 5173;
  readonly catalog: 5174;
  readonly cartCheckout: 5175;
  readonly account: 5176;
  readonly levelTest: 5177;
};
export type AreaName = keyof typeof areaPorts;

export declare const sharedSingletons: Record<string, { singleton: true }>;

export interface AreaOptions {
  name: AreaName;
  /** Modules the area exposes (remotes only). */
  exposes?: Record<string, string>;
  /** One chunk for the area's modules that several of its chunks share (for areas whose pages share much). */
  commonChunk?: boolean;
  /**
   * The API reads (paths under the API base, `{monthsFromToday:N}` for a date) each of its paths' first screen makes
   * at its bare address; the composed page starts them with itself (docs/performance.md#the-first-screens-path).
   */
  firstScreenReads?: Record<string, readonly string[]>;
  /** Extra Vite settings of the area (merged shallowly). */
  extra?: UserConfig;
}

export declare function areaViteConfig(options: AreaOptions): UserConfig;

export declare function areaTestConfig(name: string): UserConfig;
