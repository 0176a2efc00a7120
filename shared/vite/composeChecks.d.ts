export declare function compositionProblems(
  provides: Record<string, string>,
  manifests: Record<string, unknown>,
): string[];
