import { shopModeInfoSchema } from '../contract/index.ts';
import { call } from './client.ts';

/** The shop's mode (GET /shop/mode): the shell shows the test-shop notice in development. */
export const fetchShopMode = () =>
  call({ path: '/shop/mode', result: shopModeInfoSchema, failure: 'Failed to fetch the shop mode' });
