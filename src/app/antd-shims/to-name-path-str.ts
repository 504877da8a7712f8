/**
 * antd's `toNamePathStr` (form/hooks/useForm), which Radio.Group imports. Taken from there, the whole
 * of useForm (rc-form's store, scroll-into-view) came with every table (tools/vite-antd-shims.ts).
 * Self-contained as antd's own (form/util's toArray, inlined): importing that shared module would
 * move it into a chunk of its own that the shell then loads too.
 */
export function toNamePathStr(name: unknown): string {
  const path = name === undefined || name === false ? [] : Array.isArray(name) ? name : [name];
  return path.join('_');
}
