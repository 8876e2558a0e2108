import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from './data-dir-lock';

const root = mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A process that lives until killed. */
const sleeper = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

describe('DATA_DIR lock', () => {
  it('names a live owner, takes over the file of a dead one, and removes only its own file', async () => {
    const dir = path.join(root, 'a');
    const file = path.join(dir, LOCK_FILE);
    const held = lockDataDir(dir, 'server');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, role: 'server' });
    held.release();
    expect(existsSync(file)).toBe(false);

    // another live process holds it: refused, with its pid and role, and the file stays
    const live = sleeper();
    try {
      writeFileSync(file, JSON.stringify({ pid: live.pid, role: 'server', since: '' }));
      expect(() => lockDataDir(dir, 'statements issue')).toThrow(DataDirBusyError);
      expect(() => lockDataDir(dir, 'statements issue')).toThrow(
        `The embedded database is in use by the server, pid ${live.pid}: stop it, or use the server's admin API.`,
      );
      writeFileSync(file, JSON.stringify({ pid: live.pid, role: 'restore', since: '' }));
      expect(() => lockDataDir(dir, 'server')).toThrow(/in use by the portal CLI \(restore\), pid \d+/);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: live.pid });
    } finally {
      live.kill('SIGKILL');
      await once(live, 'exit');
    }
    // its process is gone (as after kill -9): the stale file does not block
    const again = lockDataDir(dir, 'operator create');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, role: 'operator create' });
    // a later owner's file is not removed by an earlier owner's release
    writeFileSync(file, JSON.stringify({ pid: process.pid + 1_000_000, role: 'server', since: '' }));
    again.release();
    expect(existsSync(file)).toBe(true);
  });

  it('an old file that names no process is garbage and taken over', () => {
    const dir = path.join(root, 'b');
    lockDataDir(dir, 'server').release();
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(file, 'not json');
    const old = new Date(Date.now() - 60_000);
    // utimes: older than the moment a creator needs to write it
    utimesSync(file, old, old);
    lockDataDir(dir, 'backup').release();
    expect(existsSync(file)).toBe(false);
  });

  it('a fresh empty file is a process taking the lock this moment: refused at once, the file left to it', () => {
    const dir = path.join(root, 'c');
    lockDataDir(dir, 'server').release();
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(file, '');
    expect(() => lockDataDir(dir, 'server')).toThrow('The embedded database is being locked by another process starting now: try again.');
    expect(readFileSync(file, 'utf8')).toBe('');
  });
});
