export declare const compositionElementId: string;
export declare const compositionPlaceholder: {
  tag: 'script';
  attrs: { type: 'application/json'; id: string };
};
export declare function compositionElement(composed: unknown): string;
export declare function inlineComposition(html: string, composed: unknown): string;
export declare function writeComposition(remotesFile: string, composed: unknown): string | undefined;
