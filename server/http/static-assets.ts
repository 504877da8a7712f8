/**
 * The built app's scripts and styles (`/assets/<name>`), a page's hundred-odd requests: answered by
 * name from the list the build left, read once at start. @fastify/static's catch-all route lists the
 * folder on every request to check the spelling of the path (against case-insensitive file systems);
 * with some 1,300 built files that cost 4 ms a request, most of a cold page's server time. Here only
 * a name the build made is served (nothing else can be reached), through the same plugin's sendFile,
 * so caching headers and the gzip copies stay as for every other file.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';

export function installAssetRoute(app: FastifyInstance, staticDir: string): void {
  const dir = join(staticDir, 'assets');
  if (!existsSync(dir)) return;
  const names = new Set(readdirSync(dir).filter((name) => !name.endsWith('.gz')));
  app.get<{ Params: { '*': string } }>('/assets/*', (req, reply) => {
    const name = req.params['*'];
    if (!names.has(name)) return reply.callNotFound();
    return reply.sendFile(`assets/${name}`);
  });
}
