/**
 * Part of `npm run build:server`: the PGlite data template of a fresh data directory
 * (server/db/pglite-template.ts says what is in it and why).
 */
import { writePgliteTemplate } from '../server/pglite-template-build.ts';

await writePgliteTemplate(process.argv[2] ?? 'dist-server/pglite-template');
