import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/**
 * Finds Debian's Chromium; when missing and running as root, installs `chromium` and
 * `fonts-noto-cjk` (Korean needs the font) with apt-get. Never downloads a browser of its own.
 */
export function ensureChromium() {
  const found = () => [process.env.CHROMIUM_PATH, ...CANDIDATES].find((p) => p && existsSync(p));
  let path = found();
  const fontsMissing = !existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc');
  if (path && !fontsMissing) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      'Chromium or the CJK fonts are missing. Install them with:\n  sudo apt-get install -y chromium fonts-noto-cjk\n' +
        'or set CHROMIUM_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
  console.log('Installing Debian packages chromium and fonts-noto-cjk …');
  execSync('apt-get update -qq', { stdio: 'inherit' });
  const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
  path = found();
  if (!path) {
    console.error('apt-get finished but no chromium binary was found.');
    process.exit(1);
  }
  return path;
}
