/**
 * Response serialisers compiled on a route's first answer, not at start. Fastify compiles every
 * route's response schema (fast-json-stringify) while it gets ready; with the whole catalogue that
 * was about a quarter of a cold start, for routes most of which a given run never answers. The
 * compiler is fastify's own (the same output), only called later; its result is kept per route.
 */
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Factory = ReturnType<typeof SerializerSelector>;

const eager: Factory = SerializerSelector();

export const lazySerializers: Factory = (externalSchemas, serializerOpts) => {
  const compile = eager(externalSchemas, serializerOpts);
  return (route) => {
    let serialise: ((data: unknown) => string) | undefined;
    return (data: unknown) => (serialise ??= compile(route))(data);
  };
};
