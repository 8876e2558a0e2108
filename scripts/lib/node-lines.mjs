// Node binaries of other release lines for CI, from the npm registry only: the `node-<os>-<cpu>`
// package of the wanted major (the same binary the `node` package's installer fetches, without
// that package's install script, which npm 11 does not run), installed once into a cache folder
// outside the repository (PORTAL_NODE_CACHE, default ~/.cache/portal-node/<major>) and re-used.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cacheRoot = () => process.env.PORTAL_NODE_CACHE ?? path.join(os.homedir(), '.cache', 'portal-node');
const platformPackage = () => `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;

/** The path of a Node binary of release line `major` (e.g. 22), installed from the registry when missing. */
export function nodeOfLine(major) {
  const prefix = path.join(cacheRoot(), String(major));
  const pkg = platformPackage();
  const bin = path.join(prefix, 'node_modules', pkg, 'bin', process.platform === 'win32' ? 'node.exe' : 'node');
  if (!existsSync(bin)) {
    console.log(`installing ${pkg}@${major} from the npm registry into ${prefix}`);
    const r = spawnSync(
      'npm',
      ['install', '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--prefix', prefix, `${pkg}@${major}`],
      {
        stdio: 'inherit',
      },
    );
    if (r.status !== 0 || !existsSync(bin)) throw new Error(`could not install ${pkg}@${major}`);
  }
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`${bin} is ${version}, not Node ${major}`);
  return { bin, version };
}
