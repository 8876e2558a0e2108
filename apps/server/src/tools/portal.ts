// `npm run portal -- <command>`: operations on the portal's data.
//   backup <file>              the embedded database and its local files into one zip (stop the server first)
//   restore <file> [--force]   that zip into DATA_DIR (an existing database only with --force)
import { loadConfig, loadDotEnv } from '../config';
import { backupEmbedded, restoreEmbedded } from '../lib/embedded-backup';

const HELP = `Usage: npm run portal -- <command>
  backup <file>             write the embedded database (DATA_DIR/pglite) and its local files to <file> (a zip)
  restore <file> [--force]  restore such a file into DATA_DIR; --force replaces an existing database
Stop the server first: the embedded database belongs to one process.
With DATABASE_URL (PostgreSQL) use pg_dump / pg_restore, and the file store's own backup.`;

loadDotEnv();
const [command, file, ...rest] = process.argv.slice(2);
if (
  !command ||
  command === '--help' ||
  command === 'help' ||
  ((command === 'backup' || command === 'restore') && (!file || file === '--help'))
) {
  console.log(HELP);
  process.exit(command ? 0 : 1);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README).');
  process.exit(1);
}
const paths = {
  pgliteDir: `${config.dataDir}/pglite`,
  filesDir: config.fileStore?.kind === 'local' || !config.fileStore ? config.filesDir : undefined,
};
try {
  if (command === 'backup') {
    const r = await backupEmbedded(paths, file!);
    console.log(`Backup written to ${file}: database ${Math.round(r.databaseBytes / 1024)} KiB (compressed), ${r.files} stored files.`);
  } else if (command === 'restore') {
    const r = await restoreEmbedded(paths, file!, { force: rest.includes('--force') });
    console.log(`Restored ${file} into ${config.dataDir}: the database and ${r.files} stored files.`);
  } else {
    console.error(`Unknown command ${command}.\n${HELP}`);
    process.exit(1);
  }
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
