/**
 * The API as the OpenAPI document describes it, for the security suites: every operation with its
 * parameters and body schema, sample values and fast-check arbitraries generated from the schemas.
 * The suites iterate over whatever this finds, so a new route is covered the moment it exists.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { ERROR_CODES } from '@portal/contract';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonSchema = Record<string, any>;

export interface Param {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** OpenAPI path, e.g. /api/help/bbs/{bbs_name}/{idx} */
  path: string;
  key: string;
  params: Param[];
  body?: JsonSchema;
  bodyType?: string;
  responses: string[];
  description: string;
  /** (issue 58) a company operation's area and the roles that may call it (`x-area`, `x-roles`) */
  area?: string;
  roles?: string[];
}

/** Routes that answer without a token. A new public route must be added here on purpose. */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/ready',
  'POST /api/company/login',
  // the login page's demo credentials, only when the server runs with demo data (issue 14 defect 14)
  'GET /api/common/loginHints',
  // generated cover images: no book data, used by <img> tags that cannot send a bearer token
  'GET /api/copyright/cover/{file}',
  'GET /api/product/cover/{isbn13}',
  // forgotten password (issue 18): asked for by someone who cannot log in; same answer for every id
  'POST /api/company/passwordReset/request',
  'POST /api/company/passwordReset/check',
  'POST /api/company/passwordReset/confirm',
  // an invitation's link (issue 58): opened by a person who has no login yet; the token is the credential
  'GET /api/invitations/{token}',
  'POST /api/invitations/{token}/accept',
  // the distributor's operators log in (issue 15); the token opens /api/admin/* only
  'POST /api/admin/login',
]);

/** The admin area (issue 15): opened by an operator's token or an operator API key, never by a company's token. */
export const isAdmin = (op: Operation) => op.path.startsWith('/api/admin/');

export async function loadOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`OpenAPI document: ${res.statusCode}`);
  const doc = res.json();
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries<JsonSchema>(doc.paths)) {
    for (const [m, op] of Object.entries<JsonSchema>(item)) {
      const method = m.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const bodyType = Object.keys(content)[0];
      ops.push({
        method,
        path,
        key: `${method} ${path}`,
        params: (op.parameters ?? [])
          .filter((p: JsonSchema) => p.in === 'path' || p.in === 'query')
          .map((p: JsonSchema) => ({ name: p.name, in: p.in, required: !!p.required || p.in === 'path', schema: p.schema ?? {} })),
        body: bodyType ? content[bodyType].schema : undefined,
        bodyType,
        responses: Object.keys(op.responses ?? {}),
        description: `${op.summary ?? ''} ${op.description ?? ''}`,
        area: op['x-area'],
        roles: op['x-roles'],
      });
    }
  }
  return ops;
}

export const isProtected = (op: Operation) => !PUBLIC_ROUTES.has(op.key);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** encodeURIComponent that sends a lone surrogate as the invalid UTF-8 it would be on the wire. */
export function uriEncode(s: string): string {
  return s
    .split(new RegExp(`(${LONE_SURROGATE.source})`))
    .map((part) => (LONE_SURROGATE.test(part) && part.length === 1 ? '%ED%A0%80' : encodeURIComponent(part)))
    .join('');
}

/** Encodes one parameter value as the web app sends it: objects (search_value) as JSON. */
function encode(v: unknown): string {
  if (v !== null && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export interface CallValues {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The injectable request of an operation with these values. Path values are percent-encoded unless raw. */
export function requestOf(op: Operation, v: CallValues, opts: { rawPath?: boolean } = {}) {
  let url = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = encode(v.path?.[name] ?? '1');
    return opts.rawPath ? value : uriEncode(value);
  });
  const qs = Object.entries(v.query ?? {})
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${uriEncode(k)}=${uriEncode(encode(x))}`)
    .join('&');
  if (qs) url += `?${qs}`;
  const payload = op.body ? (v.body ?? {}) : undefined;
  return { method: op.method, url, ...(payload !== undefined ? { payload: payload as object } : {}) };
}

/** A plain valid-looking value of a schema (defaults, enums, minimums), for the parameters that are not under test. */
export function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt[0], name);
  switch (schema.type) {
    case 'integer':
    case 'number':
      if (/^(start)$/.test(name)) return 0;
      if (/^(length)$/.test(name)) return 10;
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of schema.required ?? []) out[k] = sample(schema.properties?.[k], k);
      return out;
    }
    case 'string':
    default:
      if (schema.format === 'date') return '2024-01-01';
      if (schema.format === 'email' || /email/i.test(name)) return 'someone@example.com';
      return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  }
}

const text = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: max }),
    fc.string({ unit: 'grapheme', maxLength: Math.min(max, 40) }),
    fc.constantFrom(
      "' OR 1=1 --",
      "'; drop table companies; --",
      '"',
      '\\',
      '%',
      '_',
      '%%',
      '\u0000',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '${7*7}',
      '{{7*7}}',
      '한글 출판사',
      '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
      '\ud800',
      ' ',
      '1e309',
      '-0',
      'NaN',
      '[]',
      '{}',
      'null',
    ),
  );

/**
 * fast-check arbitrary of a JSON schema. `valid` keeps to the schema (to get past validation and
 * reach the services); otherwise values are mixed with wrong types and out-of-range numbers.
 */
export function arbitrary(schema: JsonSchema | undefined, valid = true, depth = 0): fc.Arbitrary<unknown> {
  const wrong: fc.Arbitrary<unknown>[] = valid
    ? []
    : [fc.constantFrom(null, true, -1, 0, 2 ** 31, 2 ** 53, -(2 ** 63), 1.5, 'NaN', '', [], {}, '9'.repeat(40)), text(300)];
  const mix = (a: fc.Arbitrary<unknown>) => (wrong.length ? fc.oneof({ weight: 4, arbitrary: a }, ...wrong) : a);
  if (!schema || depth > 4) return fc.anything({ maxDepth: 1 });
  if (schema.enum) return mix(fc.constantFrom(...(schema.enum as unknown[])));
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return mix(fc.oneof(...alt.map((s: JsonSchema) => arbitrary(s, valid, depth + 1))));
  switch (schema.type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? -(2 ** 31), -(2 ** 31)) + (schema.exclusiveMinimum === true ? 1 : 0);
      const max = Math.min(schema.maximum ?? 2 ** 31 - 1, 2 ** 31 - 1);
      return mix(
        fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max, Math.min(max, Math.max(min, 0)), Math.min(max, Math.max(min, 1)))),
      );
    }
    case 'number':
      return mix(fc.double({ noNaN: true, noDefaultInfinity: true, min: schema.minimum, max: schema.maximum }));
    case 'boolean':
      return mix(fc.boolean());
    case 'array':
      return mix(
        fc.array(arbitrary(schema.items, valid, depth + 1), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        }),
      );
    case 'object': {
      const props: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries<JsonSchema>(schema.properties ?? {})) props[k] = arbitrary(s, valid, depth + 1);
      const required = (schema.required ?? []) as string[];
      return mix(fc.record(props, { requiredKeys: valid ? required : [] }));
    }
    case 'string':
    default: {
      const max = Math.min(schema.maxLength ?? 300, 300);
      const min = schema.minLength ?? 0;
      const options: fc.Arbitrary<unknown>[] = [];
      if (schema.format === 'date')
        options.push(
          fc
            .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
        );
      if (schema.pattern) {
        try {
          options.push(
            fc.stringMatching(new RegExp(schema.pattern, 'u'), { size: 'small' }).filter((s) => s.length <= max && s.length >= min),
          );
        } catch {
          /* a pattern fast-check cannot generate from: fall back to text */
        }
      }
      if (!options.length || !valid) options.push(text(max).filter((s) => s.length >= min));
      if (!options.length) options.push(fc.constant(sample(schema)));
      return mix(fc.oneof(...options));
    }
  }
}

/** Every string leaf of a JSON value (keys excluded). */
export function stringLeaves(v: unknown, out: Set<string> = new Set()): Set<string> {
  if (typeof v === 'string') out.add(v);
  else if (Array.isArray(v)) for (const x of v) stringLeaves(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringLeaves(x, out);
  return out;
}

/** Every [key, value] pair of a JSON value, at any depth. */
export function entries(v: unknown, out: [string, unknown][] = []): [string, unknown][] {
  if (Array.isArray(v)) for (const x of v) entries(x, out);
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      out.push([k, x]);
      entries(x, out);
    }
  return out;
}

/** The error envelope must never carry internals: stack frames, SQL, driver or file-system details. */
export function leaksInternals(body: string): string | null {
  const patterns: [RegExp, string][] = [
    [/\bat .+\.(ts|js|mjs):\d+/, 'stack frame'],
    [/"stack"\s*:/, 'stack field'],
    [/\binsert into\b|\bdelete from\b|\bselect\b[^"]{0,200}\bfrom\s+"|Failed query|\$\d+\b|"[a-z_]+"\."[a-z_]+"/i, 'SQL'],
    [/syntax error at|violates .* constraint|relation ".*" does not exist|duplicate key value|invalid input syntax/i, 'driver message'],
    [/node_modules|\/work\/|\/home\/|\/tmp\//, 'file path'],
    [/ECONNREFUSED|ECONNRESET/, 'socket error'],
  ];
  for (const [re, what] of patterns) if (re.test(body)) return what;
  return null;
}

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/** The error envelope exactly: a known code, a message, issues and params if any, and the request id (also in x-request-id). */
export function envelopeProblem(res: { statusCode: number; body: string; headers: Record<string, unknown> }): string | null {
  if (!String(res.headers['content-type']).includes('application/json')) return 'error is not the JSON envelope';
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'error body is not JSON';
  }
  const keys = Object.keys(body).filter((k) => !['code', 'message', 'issues', 'params', 'requestId'].includes(k));
  if (typeof body.code !== 'string' || !KNOWN_CODES.has(body.code)) return `unknown code ${JSON.stringify(body.code)}`;
  if (typeof body.message !== 'string') return 'no message';
  if (body.issues !== undefined && !Array.isArray(body.issues)) return 'issues is not a list';
  if (body.params !== undefined && (typeof body.params !== 'object' || body.params === null)) return 'params is not an object';
  if (typeof body.requestId !== 'string' || body.requestId.length < 8) return 'no requestId';
  if (res.headers['x-request-id'] !== body.requestId) return 'x-request-id differs from requestId';
  if (keys.length) return `extra fields ${keys.join(',')}`;
  return null;
}
