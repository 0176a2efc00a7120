export {
  addsUp,
  presentOrder,
  presentOrderPrices,
  presentPriceResult,
  presentResultItem,
  type LineDiscount,
  type PresentedLine,
  type PresentedSummary,
  type PricePresentation,
  type VatTreatment,
} from './presenter.ts';
