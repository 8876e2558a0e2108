import type { FastifyLoggerOptions, FastifyRequest, FastifyServerOptions } from 'fastify';

type LoggerOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/**
 * What never reaches a log line (issue 13): credential-named fields at any depth, every query string, bearer
 * tokens, JWTs, a URL's password and a failed SQL statement's parameters.
 */
export const REDACTED = '[REDACTED]';

/** Field names whose values are never logged, whatever their type (`params`: of a failed SQL statement). */
const SECRET_WORDS = 'pass|pwd|token|secret|authori[sz]ation|cookie|credential|api[-_]?key|cert_?key|ttb_?key|salt|hash|raw_?packet';
export const SECRET_FIELD = new RegExp(`${SECRET_WORDS}|^params$`, 'i');

/** A query string: `?` and what follows up to a space, quote or fragment, holding at least one `=`. */
const QUERY = /\?(?=[^\s"'#<>]*=)[^\s"'#<>]+/g;
const BEARER = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
const JWT = /\beyJ[\w-]*\.[\w-]*\.[\w-]*/g;
const SQL_PARAMS = /\bparams: [^\n]*/g;
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@"']*:)[^\s/@"']+@/gi;
/** Lines that cannot hold any of the above are written as they are (the usual request lines). */
const SUSPECT = new RegExp(`${SECRET_WORDS}|params|\\?[^"\\s]*=|bearer|basic |eyJ|:\\/\\/[^"\\s]*@`, 'i');

/** A text with its query strings, bearer credentials, JWTs and SQL parameters blanked. */
export function redactText(text: string): string {
  return text
    .replace(QUERY, `?${REDACTED}`)
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JWT, REDACTED)
    .replace(SQL_PARAMS, `params: ${REDACTED}`)
    .replace(URL_PASSWORD, `$1${REDACTED}@`);
}

/** A copy of a parsed log value with every secret field and text redacted. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object' || depth > 20) return value;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELD.test(k) ? REDACTED : redactValue(v, depth + 1);
  return out;
}

/** One serialised log line (pino's JSON plus a newline), redacted. */
export function redactLine(line: string): string {
  if (!SUSPECT.test(line)) return line;
  try {
    return `${JSON.stringify(redactValue(JSON.parse(line)))}\n`;
  } catch {
    // not JSON (a pretty-printer in front): the text rules still apply
    return redactText(line);
  }
}

/** The path of a request URL, with a marker instead of its query string. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  return q < 0 ? url : `${url.slice(0, q)}?${REDACTED}`;
}

/** The server's pino options: request serializer without query strings or headers, every line redacted. */
export function loggerOptions(level: string, stream?: FastifyLoggerOptions['stream']): LoggerOptions {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    hooks: { streamWrite: redactLine },
  };
}
