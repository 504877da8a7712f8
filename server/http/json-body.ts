/**
 * JSON request bodies: Fastify's own parser (secure-json-parse, refusing `__proto__` and
 * `constructor.prototype` keys), with one difference in what a refusal says. Fastify answers a body
 * holding such a key as "not valid JSON", which it is; the user is told instead that the key is a
 * reserved name, with the input guard's state (input-guard.ts refuses `constructor` and `prototype`
 * keys the same way).
 */
import type { FastifyInstance } from 'fastify';
import { Code } from './codes.ts';
import { ApiError } from './envelope.ts';

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    parse(req, body as string, (err, value) => {
      // The parser refused text that is valid JSON: only a reserved key makes it do that.
      if (err && body.length > 0 && isValidJson(body as string))
        done(new ApiError(Code.ILLEGAL_REQUEST, 'server.reservedKeyInBody'), undefined);
      else done(err, value);
    }),
  );
}
