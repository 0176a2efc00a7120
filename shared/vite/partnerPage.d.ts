import type { IncomingMessage, ServerResponse } from 'node:http';

export declare const partnerPagePath: string;
export declare const partnerPageFile: string;
export declare function wantsPartnerPage(url: string, headers: Record<string, string | string[] | undefined>): boolean;
export declare function partnerPageMiddleware(req: IncomingMessage, res: ServerResponse, next: () => void): void;
