/**
 * `npm run bench [section…]`: prints figures, asserts nothing. Sections: bundle, coldstart, throughput, filing, files, messages
 * (all by default). Targets are in each line's comment of the closing note, not enforced here.
 */
import { bundleSizes } from './bundle.ts';
import { coldStart } from './coldstart.ts';
import { throughput } from './throughput.ts';

const SECTIONS: Record<string, () => Promise<void>> = {
  bundle: bundleSizes,
  coldstart: coldStart,
  throughput,
};
SECTIONS.screens = (await import('./screens.ts')).screenBench;
SECTIONS.filing = (await import('./filing.ts')).filingBench;
SECTIONS.files = (await import('./files.ts')).filesBench;
SECTIONS.messages = (await import('./messages.ts')).messagesBench;
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of wanted.length ? wanted : Object.keys(SECTIONS)) {
  const run = SECTIONS[name];
  if (!run) {
    console.error(`unknown section ${name}; choose from ${Object.keys(SECTIONS).join(', ')}`);
    process.exit(2);
  }
  await run();
}
