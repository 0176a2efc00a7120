import { fontCss } from './font.ts';
import { tokensCss } from './tokens.ts';

/** FontFace's descriptors; size-adjust is in the CSS Fonts spec (and Chromium, Firefox), not yet in TypeScript's DOM. */
type Descriptors = FontFaceDescriptors & { sizeAdjust?: string };

/** One @font-face rule of the shop's CSS as FontFace wants it: family, source, and the other descriptors. */
export interface FaceRule {
  family: string;
  source: string;
  descriptors: Descriptors;
}

const descriptorNames: Record<string, keyof Descriptors> = {
  'font-style': 'style',
  'font-weight': 'weight',
  'font-display': 'display',
  'unicode-range': 'unicodeRange',
  'size-adjust': 'sizeAdjust',
  'ascent-override': 'ascentOverride',
  'descent-override': 'descentOverride',
  'line-gap-override': 'lineGapOverride',
};

/** The @font-face rules of `css`, read once from the same text the shop's own pages use. */
export function faceRules(css: string): FaceRule[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].map(([, body]) => {
    const declarations = body!
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.slice(0, part.indexOf(':')).trim(), part.slice(part.indexOf(':') + 1).trim()] as const);
    const rule: FaceRule = { family: '', source: '', descriptors: {} };
    for (const [name, value] of declarations) {
      if (name === 'font-family') rule.family = value.replace(/^"|"$/g, '');
      else if (name === 'src') rule.source = value;
      else if (descriptorNames[name]) (rule.descriptors as Record<string, string>)[descriptorNames[name]] = value;
    }
    return rule;
  });
}

const added = new WeakSet<Document>();

/**
 * The shop's faces (Figtree, and its metric-matched fallbacks) for a listing inside a shadow root: browsers ignore
 * @font-face in a shadow tree, and the partner's page would show the embed in its own or the default face (issue
 * 44). Faces added to the document's font set apply inside shadow trees too, and touch none of the partner's
 * styles (only text that names "Figtree" uses them). Figtree starts loading at once, so the first cards show in it.
 */
export function addShopFontsToDocument(doc: Document = document): void {
  if (added.has(doc) || typeof FontFace === 'undefined' || !doc.fonts) return;
  added.add(doc);
  for (const rule of faceRules(`${fontCss}\n${tokensCss}`)) {
    try {
      const face = new FontFace(rule.family, rule.source, rule.descriptors);
      doc.fonts.add(face);
      if (rule.family === 'Figtree') void face.load().catch(() => undefined);
    } catch (error) {
      // A face the browser cannot take (an old one without size-adjust): the text stays in the next face of the stack.
      console.warn('Shop font not added', error);
    }
  }
}
