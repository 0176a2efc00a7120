export declare function pagePolicyOf(html: string): string | null;
export declare function withPagePolicy(html: string, origins: readonly string[]): string;
export declare const shellPage: string;
export declare const shellPartnerPage: string;
export declare function shellPageOrigins(page: string, remoteEntries?: readonly string[]): string[];
export declare function areaPageOrigins(): string[];
export declare function writePagePolicies(
  dir: string,
  originsOf: (page: string) => readonly string[],
  write: (file: string, html: string) => void,
): string[];
