import { config } from 'zod';

/**
 * zod compiles a fast parser for object schemas with `new Function`, after probing whether the page allows it. The
 * shop's pages do not ('unsafe-eval' is not in their script policy, docs/deploy.md#content-security-policy), and
 * the probe, although caught, is reported as a policy violation on every page. `jitless` skips both; the config is
 * global (every zod copy in the page reads it), so it is set here, first in the browser root, before any schema is
 * built. The API does not import this file and keeps the compiled parsers.
 */
// `config`, not `z.config`: the partner bundle treats `z.…` calls as pure and would drop this one.
config({ jitless: true });
