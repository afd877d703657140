import { z } from 'zod';

// zod probes `new Function('')` to pick a faster parser; the CSP forbids eval, so the probe
// raised a CSP violation on every start. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
