import { fetchShopMode, type ShopMode } from '@shop/shared';

let mode: Promise<ShopMode | null> | null = null;

/**
 * The API's mode, asked once per page. main.tsx starts it before the texts load, so it runs beside them instead
 * of after; unknown (null) when the API does not answer, and then no notice is shown.
 */
export function loadShopMode(): Promise<ShopMode | null> {
  mode ??= fetchShopMode().then(
    (info) => info.mode,
    () => null,
  );
  return mode;
}

/** Tests only. */
export function resetShopModeForTest(): void {
  mode = null;
}
