import { useTranslation } from 'react-i18next';
import { Button, type Product } from '@shop/shared';
import { productCartItem } from '../cart/cartItems.ts';
import { useCatalogCart } from '../cart/CatalogCart.tsx';
import { CardFrame, Fact, PriceTag } from './CardParts.tsx';
import { cardTexts, levelOf } from './cardView.ts';

/** A product (e.g. exam preparation): no dates, no occupancy; level flex when it has none. */
export function ProductCard({ product }: { product: Product }) {
  const { t, i18n } = useTranslation();
  const cart = useCatalogCart();
  const id = `product-${product.id}`;
  return (
    <CardFrame
      id={id}
      texts={cardTexts(product, i18n.resolvedLanguage ?? 'de')}
      level={levelOf(product, 'flex')}
      facts={
        <>
          <Fact term={t('catalog.card.time')}>{t('catalog.card.byAppointment')}</Fact>
          <Fact term={t('catalog.card.location')}>{t('catalog.card.online')}</Fact>
          <Fact term={t('catalog.card.price')} className="catalog-card__price">
            <PriceTag price={product.price} discountedPrice={product.discountedPrice} />
          </Fact>
        </>
      }
    >
      <Button onClick={() => cart.add(productCartItem(product))} aria-describedby={`${id}-title`}>
        {t('catalog.card.addToCart')}
      </Button>
    </CardFrame>
  );
}
