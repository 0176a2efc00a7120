export * from './csp.js';
export declare const defaultShopUrl: string;
export declare function parseOrigins(value: string | undefined, name: string): string[];
export interface DeploymentOrigins {
  shopOrigin: string;
  partnerOrigins: string[];
  hstsIncludeSubDomains: boolean;
}
export declare function originsFromEnv(env?: Record<string, string | undefined>): DeploymentOrigins;
export declare function securityHeaders(options: {
  shopOrigin: string;
  partnerOrigins: readonly string[];
  hstsIncludeSubDomains?: boolean;
  scriptSources?: readonly string[];
}): Record<string, string>;
export declare function isLoopbackAddress(address: string | undefined): boolean;
export declare function forwardedFor(
  clientAddress: string | undefined,
  sentByClient: string | string[] | undefined,
): string | null;
