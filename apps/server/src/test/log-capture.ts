/**
 * Every API test file runs its app with logging at `trace` into memory (issue 13 item 2). At the
 * end of the file, none of the passwords and tokens the file used may appear anywhere in the log
 * output: not as they were sent, not percent-encoded, not JSON-escaped.
 *
 * The secrets are collected where tests make them, independently of the server's own redaction
 * list (lib/log-redaction.ts): the factories' passwords, the demo password, the JWT secret, and
 * whatever passes through `app.inject` in a field, query parameter or header named like a
 * password, token, secret, key or authorization, plus every token an answer hands out.
 *
 * A value a test also sent in a URL outside such a field (the fuzzers reuse their generated
 * strings everywhere: a random "password" of one call is a path segment of the next) is not
 * counted: its presence in a request line says nothing about the redaction.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../db/seed/companies';

/** Shorter values are too common to be told apart from other text (passwords need 7 characters anyway). */
const MIN_SECRET_LENGTH = 6;
/** Field names whose values the tests' secrets are collected from (broader than the server's list on purpose). */
const SECRET_NAME = /pass|pwd|token|secret|key|auth|cookie|credential/i;

const secrets = new Set<string>([DEMO_PASSWORD]);
/** Values sent in URLs outside secret fields (path segments, other query parameters), decoded. */
const inUrls = new Set<string>();

/** A password or token a test used: it must never appear in the log. */
export function rememberSecret(value: unknown) {
  if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH) return;
  // the value itself, its credential part (`Bearer <token>`), as the parts of a JWT are not secrets alone
  const bearer = /^(?:Bearer|Basic)\s+(\S+)$/i.exec(value);
  secrets.add(bearer ? bearer[1]! : value);
}

function rememberFields(value: unknown, depth = 0) {
  if (depth > 10 || value === null || typeof value !== 'object') return;
  // file bodies (a Buffer, a stream) hold no named fields: Object.entries of a 30 MB Buffer made 30 million
  // pairs and stalled app.inject for minutes (the upload suite's oversize case)
  if (ArrayBuffer.isView(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return;
  for (const [k, v] of Object.entries(value)) {
    if (SECRET_NAME.test(k)) {
      if (typeof v === 'string') rememberSecret(v);
      else if (Array.isArray(v)) v.forEach((x) => rememberSecret(x));
    }
    rememberFields(v, depth + 1);
  }
}

function rememberRequest(opts: InjectOptions | string) {
  const o = typeof opts === 'string' ? { url: opts } : opts;
  const url = typeof o.url === 'string' ? o.url : o.path;
  if (typeof url === 'string') {
    const q = url.indexOf('?');
    for (const segment of (q < 0 ? url : url.slice(0, q)).split('/')) inUrls.add(safeDecode(segment));
    if (q >= 0)
      for (const [k, v] of new URLSearchParams(url.slice(q + 1))) {
        if (SECRET_NAME.test(k)) rememberSecret(v);
        else inUrls.add(v);
      }
  }
  if (o.query && typeof o.query === 'object') rememberFields(o.query);
  if (o.headers) rememberFields(o.headers);
  let payload: unknown = o.payload ?? o.body;
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload);
    } catch {
      /* not JSON */
    }
  }
  rememberFields(payload);
}

function safeDecode(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

function rememberAnswer(res: LightMyRequestResponse) {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return;
  try {
    rememberFields(res.json());
  } catch {
    /* not JSON */
  }
}

export class LogCapture {
  readonly lines: string[] = [];
  /** pino's destination: every line, kept in memory (lines of level error and above also go to stderr with TEST_LOG=1) */
  readonly stream = {
    write: (line: string) => {
      this.lines.push(line);
      if (process.env.TEST_LOG && /"level":(50|60)/.test(line)) process.stderr.write(line);
    },
  };

  /** Collects the secrets of every request sent with `app.inject` and of every answer. */
  watch(app: FastifyInstance) {
    const inject = app.inject.bind(app) as (opts: InjectOptions | string) => Promise<LightMyRequestResponse>;
    const watched = async (opts: InjectOptions | string) => {
      rememberRequest(opts);
      const res = await inject(opts);
      rememberAnswer(res);
      return res;
    };
    app.inject = watched as typeof app.inject;
  }

  /** The parsed log lines. */
  entries(): Record<string, unknown>[] {
    return this.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  /** The secrets found in the log, with the line they are in (at most a few). */
  findSecrets(extra: string[] = []): string[] {
    for (const e of extra) rememberSecret(e);
    const text = this.lines.join('');
    const urlText = [...inUrls].join('\n');
    const found: string[] = [];
    for (const s of secrets) {
      if (urlText.includes(s)) continue;
      const forms = new Set([s, JSON.stringify(s).slice(1, -1)]);
      if (!/[\ud800-\udfff]/.test(s)) forms.add(encodeURIComponent(s)).add(encodeURIComponent(s).replace(/%20/g, '+'));
      for (const f of forms) {
        const at = text.indexOf(f);
        if (at < 0) continue;
        const start = text.lastIndexOf('\n', at) + 1;
        const end = text.indexOf('\n', at);
        found.push(`${JSON.stringify(s.slice(0, 40))} in: ${text.slice(start, Math.min(end < 0 ? text.length : end, start + 400))}`);
        break;
      }
      if (found.length >= 5) break;
    }
    return found;
  }

  /** Throws when a secret of the file is in the log. */
  assertNoSecrets(extra: string[] = []) {
    const found = this.findSecrets(extra);
    if (found.length) throw new Error(`secrets in the log output (lib/log-redaction.ts):\n${found.join('\n')}`);
  }

  /** How many secrets and log lines were compared (for the report). */
  get size() {
    return { secrets: secrets.size, lines: this.lines.length };
  }
}
