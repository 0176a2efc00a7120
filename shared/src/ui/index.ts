export { Banner, Button, Card, Field, PlaceholderScreen, SharedStyles, type BannerTone } from './primitives.tsx';
export { tokensCss } from './tokens.ts';
export { primitivesCss, shadowTokensCss } from './shadow.ts';
export { usePageHeading } from './usePageHeading.ts';
export { createFieldKit, type FieldForm, type FieldTexts } from './formFields.tsx';
export { useLoad, type Load } from './useLoad.ts';
