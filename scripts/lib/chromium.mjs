import { execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
/** Debian's `chromium-headless-shell`: the real binary (its /usr/bin entry is a shell script that does not exec). */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

/**
 * Finds Debian's Chromium; when it or the CJK fonts (Korean needs them) are missing and this runs as
 * root, installs `chromium` and `fonts-noto-cjk` with apt-get. Never downloads a browser of its own.
 *
 * With `headlessShell`, answers Debian's `chromium-headless-shell` when it is installed (this installs
 * it beside `chromium`), else the browser: the same Blink without the browser's UI layers, as
 * Playwright's own headless runs use (two e2e specs took 14 % less time in it, docs/decisions/ci-time.md).
 */
export function ensureChromium({ headlessShell = false } = {}) {
  const found = () =>
    [process.env.CHROMIUM_PATH, ...(headlessShell ? [HEADLESS_SHELL] : []), ...CANDIDATES].find((p) => p && existsSync(p));
  const path = found();
  if (path && existsSync(CJK_FONT)) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      'Chromium or the CJK fonts are missing. Install them with:\n  sudo apt-get install -y chromium chromium-headless-shell fonts-noto-cjk\n' +
        'or set CHROMIUM_PATH to a Chromium binary.',
    );
    process.exit(1);
  }
  const packages = ['chromium', 'fonts-noto-cjk', ...(headlessShell ? ['chromium-headless-shell'] : [])];
  console.log(`Installing Debian packages ${packages.join(', ')} …`);
  execSync('apt-get update -qq', { stdio: 'inherit' });
  const install = (names) =>
    spawnSync('apt-get', ['install', '-y', '-qq', ...names], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status;
  // the headless shell is a speed-up, not a need: without it, the browser runs the suite
  if (install(packages) !== 0 && (!headlessShell || install(packages.slice(0, 2)) !== 0)) process.exit(1);
  const now = found();
  if (!now) {
    console.error('apt-get finished but no chromium binary was found.');
    process.exit(1);
  }
  return now;
}
