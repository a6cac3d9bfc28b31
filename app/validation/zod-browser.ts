/**
 * Zod as the browser gets it: `vite.config.ts` points the client build's "zod" here. Zod compiles
 * its object parsers with `new Function` where it may, and probes for it when a schema is made;
 * the portal's CSP forbids it, and the refused probe is reported as a policy violation on every
 * page with a form (Lighthouse: best practices). Without the probe, parsing is the same.
 */
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
