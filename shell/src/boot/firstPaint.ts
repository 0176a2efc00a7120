/**
 * How long the first paint waits at most for the area of the address (its routes, and so its first screen):
 * a slow or hanging area gets the frame with its loading notice after this, never a blank page.
 */
export const firstPaintAreaWaitMs = 1000;
