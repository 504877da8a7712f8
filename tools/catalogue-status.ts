/** `npm run catalogue`: which catalogue operations have a server handler, per area, and the total. */
import { loadCatalogue } from '../schemas/catalogue.ts';
import { allHandlers } from '../server/modules/index.ts';

const ops = [...loadCatalogue().values()];
const byArea = new Map<string, { done: string[]; todo: string[] }>();
for (const op of ops) {
  const a = byArea.get(op.area) ?? { done: [], todo: [] };
  (allHandlers[op.id] ? a.done : a.todo).push(op.id);
  byArea.set(op.area, a);
}
const verbose = process.argv.includes('--verbose');
for (const [area, { done, todo }] of [...byArea].sort()) {
  console.log(`${area.padEnd(16)} ${String(done.length).padStart(3)} / ${done.length + todo.length}`);
  if (verbose) for (const id of todo) console.log(`    - ${id}`);
}
const implemented = ops.filter((o) => allHandlers[o.id]).length;
const unknown = Object.keys(allHandlers).filter((id) => !ops.some((o) => o.id === id));
console.log(`\nimplemented ${implemented} / ${ops.length} operations`);
if (unknown.length) {
  console.error(`handlers for operations missing from the catalogue: ${unknown.join(', ')}`);
  process.exit(1);
}
