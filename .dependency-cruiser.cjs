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
