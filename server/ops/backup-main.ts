/**
 * `npm run backup -- <folder>` and `npm run restore -- <folder>` (server/ops/backup.ts): the instance the
 * environment describes (DATABASE_URL, or DATA_DIR for the embedded database — stopped first; the file
 * store's settings as the server reads them).
 */
import { configFromEnv } from '../config.ts';
import { backup, restore } from './backup.ts';

const [command, folder] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !folder) {
  console.error('usage: npm run backup -- <folder>   |   npm run restore -- <folder>');
  process.exit(2);
}
const config = configFromEnv();
try {
  const manifest = command === 'backup' ? await backup(config, folder) : await restore(config, folder);
  const tables = Object.keys(manifest.tables).length;
  const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
  console.log(
    `${command === 'backup' ? 'backed up' : 'restored and checked'}: ${manifest.database}, ${tables} tables, ` +
      `${rows} rows, ${manifest.files.length} files${manifest.fileStore === 's3' ? ' (S3: left to the bucket)' : ''} — ${folder}`,
  );
} catch (err) {
  console.error(`${command} failed: ${(err as Error).message}`);
  process.exit(1);
}
