import { beforeAll, describe, expect, it } from 'vitest';
import type { CartItem } from '../contract/index.ts';
import { i18n } from '../i18n/index.ts';
import { startI18n } from '../testing/index.tsx';
import { cartItemName } from './cartItemName.ts';

beforeAll(startI18n);

describe('cartItemName', () => {
  const stored = (title: string, amount = 5): CartItem => ({
    id: 'p',
    itemType: 'package',
    quantity: 1,
    packageType: 'conversation_hours',
    amount,
    packageDetails: { title, type: 'conversation_hours', price: 115, discountedPrice: null, description: '' },
  });

  it('names a package in the language asked, whatever language its stored title was written in', () => {
    expect(cartItemName(stored('5 conversation hours'), 'de')).toBe('5 Konversationsstunden');
    expect(cartItemName(stored('5 Konversationsstunden'), 'en')).toBe('5 conversation hours');
    expect(cartItemName(stored('1 Konversationsstunde', 1), 'es')).toBe('1 hora de conversación');
  });

  it('reads an old stored package whose type these texts do not know by its stored title', () => {
    const old = { ...stored('10 Stunden Privatunterricht'), packageType: 'private_lessons' } as unknown as CartItem;
    expect(cartItemName(old, 'de')).toBe('10 Stunden Privatunterricht');
    expect(i18n.language).toBe('de');
  });
});
