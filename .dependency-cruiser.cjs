/**
 * Import rules checked by `npm run check` (dependency-cruiser). Type-only imports count as imports:
 * a type cycle still couples the modules, and a renderer that needs an app type should get it from
 * the environment's own types instead.
 */
/* global module */
module.exports = {
  forbidden: [
    {
      name: 'renderers-not-to-src',
      comment:
        'The generic renderers get everything of the app through the renderer environment (renderers/environment/), never by importing src/.',
      severity: 'error',
      from: { path: '^renderers/' },
      to: { path: '^src/' },
    },
    {
      name: 'server-platform-not-to-areas',
      comment:
        'The platform layers of the server (server/README.md "Layers") serve every area and know none: an area plugs in by the interfaces they offer (handlers, migrations, job queues), not by being imported.',
      severity: 'error',
      from: {
        path: '^server/(db|http|auth|files|jobs|events|audit|mail|sms|sso|captcha)/|^server/(config|lazy-require)[.]ts$',
      },
      to: { path: '^server/(modules|seed)/|^server/(app|start|main|pglite-template-build)[.]ts$' },
    },
    {
      name: 'server-areas-not-to-assembly',
      comment:
        'An area (server/modules/<area>/) never imports what assembles the server: the app, the start, the seed.',
      severity: 'error',
      from: { path: '^server/modules/' },
      to: { path: '^server/seed/|^server/(app|start|main|pglite-template-build)[.]ts$' },
    },
    {
      name: 'server-not-to-front-end',
      comment: 'The server shares schemas/ with the front end, and nothing else.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|renderers|[.]storybook)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import loops anywhere (type-only imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|storybook-static|coverage|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
