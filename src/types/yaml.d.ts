// `import data from './file.yaml'` gives the parsed YAML (see the yaml-data plugin in vite.config.ts).
// Imports with `?raw` keep Vite's own typing (a string).
declare module '*.yaml' {
  const data: Record<string, unknown>;
  export default data;
}
// `?limits`: the length limits of each operation's request fields (tools/vite-yaml-plugin.ts).
declare module '*.yaml?limits' {
  const limits: Record<string, Record<string, { minLength?: number; maxLength?: number }>>;
  export default limits;
}
