import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

export declare const immutableCaching: string;
export declare const revalidateCaching: string;
export declare function cachingFor(urlPath: string): string;
export declare function precompress(outDir: string): void;
export declare function writeWithCompressedCopies(file: string, text: string): void;
export declare function pickEncoding(
  acceptEncoding: string | undefined,
  file: string,
): { encoding: 'br' | 'gzip'; file: string } | null;
export declare function staticFilesMiddleware(
  outDir: string,
  headers?: Record<string, string | number | readonly string[]>,
): (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
export declare function productionStaticFiles(options?: {
  pageOrigins?: (page: string) => readonly string[];
}): Plugin[];
