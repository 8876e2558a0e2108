// One owner per embedded database: the server and CLI commands hold DATA_DIR/portal.lock (PGlite does not guard
// its folder; two writers damaged it). postmaster.pid's scheme: O_EXCL, a dead owner's file is taken over.
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'portal.lock';

/** Who holds the lock: written into the file as JSON. */
export interface LockOwner {
  pid: number;
  /** 'server', or the CLI command (`statements issue`, `restore`, …) */
  role: string;
  since: string;
}

/** The data folder is held by another live process. */
export class DataDirBusyError extends Error {
  constructor(readonly owner: LockOwner) {
    super(
      owner.role === 'server'
        ? `The embedded database is in use by the server, pid ${owner.pid}: stop it, or use the server's admin API.`
        : `The embedded database is in use by the portal CLI (${owner.role}), pid ${owner.pid}: wait for it to finish.`,
    );
  }
}

/** Whether process `pid` lives (EPERM: it does, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const o = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockOwner>;
    return Number.isInteger(o.pid) && (o.pid ?? 0) > 0
      ? { pid: o.pid!, role: String(o.role ?? '?'), since: String(o.since ?? '') }
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes DATA_DIR's lock for `role` or throws DataDirBusyError naming the live owner. Released by `release()`
 * and, whatever happens, when the process exits.
 */
export function lockDataDir(dataDir: string, role: string): { release(): void } {
  const file = path.join(dataDir, LOCK_FILE);
  mkdirSync(dataDir, { recursive: true });
  const me: LockOwner = { pid: process.pid, role, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(me));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 20) throw e;
    }
    const owner = readOwner(file);
    if (!owner) {
      // being written this very moment by its creator (a fresh, empty file): that process is taking the lock
      // (refused without waiting for it to name itself); else garbage left by a crash, taken over
      const age = Date.now() - (statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0);
      if (age < 2_000) throw new Error('The embedded database is being locked by another process starting now: try again.');
    } else if (owner.pid !== process.pid && owner.pid !== process.ppid && alive(owner.pid)) {
      // (our own pid or our parent's in a stale file: a container restarted with the same small pids)
      throw new DataDirBusyError(owner);
    }
    try {
      unlinkSync(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    // only our own file: never one a later owner took over
    if (readOwner(file)?.pid !== process.pid) return;
    try {
      unlinkSync(file);
    } catch {
      // gone already
    }
  };
  process.on('exit', release);
  return { release };
}
