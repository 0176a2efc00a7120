import {
  cartSyncCreatedSchema,
  cartSyncPayloadSchema,
  cartValidationResultSchema,
  priceResultSchema,
  type CartItem,
  type PriceRequest,
} from '../contract/index.ts';
import { call } from './client.ts';

/** The cart calls (docs/product-rules.md#api-calls, docs/architecture.md), each with its docs/product-rules.md#errors failure message. The token goes along when there is one. */

export const calculateCartPrice = (request: PriceRequest, signal?: AbortSignal) =>
  call({
    method: 'POST',
    path: '/cart/calculate-price',
    body: request,
    auth: true,
    result: priceResultSchema,
    failure: 'Failed to calculate cart price',
    signal,
  });

export const validateCart = (request: PriceRequest) =>
  call({
    method: 'POST',
    path: '/cart/validate',
    body: request,
    auth: true,
    result: cartValidationResultSchema,
    failure: 'Failed to validate cart',
  });

export const createCartSync = (items: readonly CartItem[], discountCodes: readonly string[] = []) =>
  call({
    method: 'POST',
    path: '/cart/sync',
    body: { items, discountCodes },
    result: cartSyncCreatedSchema,
    failure: 'Failed to create cart sync payload',
  });

export const fetchCartSync = (id: string) =>
  call({
    path: `/cart/sync/${encodeURIComponent(id)}`,
    result: cartSyncPayloadSchema,
    failure: 'Failed to fetch cart sync payload',
  });
