export { Banner, Button, Card, Field, SharedStyles, type BannerTone } from './primitives.tsx';
export { primitivesCss, shadowTokensCss } from './shadow.ts';
export { usePageHeading } from './usePageHeading.ts';
export { createFieldKit, type FieldForm } from './formFields.tsx';
export { startLoad, useLoad, type Load, type LoadSpec } from './useLoad.ts';
export { settleWithin } from './settleWithin.ts';
export { focusDropped } from './focusDropped.ts';
export { LinePrice, PriceSummaryList } from './PriceParts.tsx';
export { CalendarFileButton } from './CalendarFileButton.tsx';
