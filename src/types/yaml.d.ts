// `import data from './file.yaml'` gives the parsed YAML (see the yaml-data plugin in vite.config.ts).
// Imports with `?raw` keep Vite's own typing (a string).
declare module '*.yaml' {
  const data: Record<string, unknown>;
  export default data;
}
