import { useLoad } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ListingScreen } from '../listing/ListingScreen.tsx';
import { productItems } from '../listing/sliderItems.tsx';
import { mapLoad } from '../listing/loads.ts';
import { productsLoad } from '../listing/screenLoads.ts';
import { readId } from '../query/listingQuery.ts';

/** /products: individual products; `productId` (e.g. a level-test recommendation) shows that one product. */
export function ProductsPage() {
  const { t } = useTranslation();
  const productId = readId(useLocation().search, 'productId');
  const load = productsLoad(productId);
  const products = useLoad(load.key, load.load);
  return <ListingScreen title={t('catalog.products.title')} items={mapLoad(products, productItems)} columns={2} />;
}
