/**
 * rate-limiter-flexible documents RateLimiterStoreAbstract as the base of every store and types it, but its
 * index does not export the class at run time; the store of this app extends it from its own file.
 */
declare module 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js' {
  import { RateLimiterStoreAbstract } from 'rate-limiter-flexible';

  export default RateLimiterStoreAbstract;
}
