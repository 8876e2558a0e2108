import type { SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { FastifyContextConfig } from 'fastify';
import { ROLE_TABLE, ZErrorEnvelope, type TAccessMode } from '@portal/contract';

/** The OpenAPI document clients generate from: every operation has an operationId, a 2xx and a 4xx (linted in npm test). */

/** `GET /api/help/bbs/:bbs_name/:idx` → `getHelpBbsByBbsNameByIdx`: stable, unique per method and path. */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^(?::(\w+)|\{(\w+)\})$/.exec(segment);
      return param ? ['by', ...(param[1] ?? param[2]!).split('_')] : segment.split(/[_-]/);
    });
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** Per route: an operationId, and the error envelope as its 400 when it documents no 4xx (input-guard answers 400 anywhere). */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route takes one file as multipart/form-data (part `file`): documented so, validated by the route itself */
    uploadFile?: boolean;
  }
}

/** The documented body of an upload route (config.uploadFile). */
const UPLOAD_BODY = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'The file (one part named file)' } },
};

/**
 * (issue 58) A company route's area and the roles that may call it, in the document: `x-area`, `x-access` and
 * `x-roles` (the security suite's role matrix reads them) and a sentence of the description.
 */
function roleDoc(method: string, config: FastifyContextConfig | undefined, description: string | undefined) {
  if (!config || config.public || config.admin || !config.area) return {};
  const access: TAccessMode = config.access ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');
  const roles = ROLE_TABLE[config.area][access];
  const sentence = `Roles (issue 58): ${roles.join(', ')}; others answer 403 NO_PERMISSION.`;
  return {
    'x-area': config.area,
    'x-access': access,
    'x-roles': [...roles],
    description: description ? `${description} ${sentence}` : sentence,
  };
}

export const openapiTransform: SwaggerTransform = (args) => {
  const method = [args.route.method].flat()[0] ?? 'GET';
  const response: Record<string, unknown> = { ...((args.schema.response as Record<string, unknown> | undefined) ?? {}) };
  if (!Object.keys(response).some((code) => code.startsWith('4'))) response['400'] = ZErrorEnvelope;
  // (issue 58) a company route answers 403 NO_PERMISSION to a role outside its area
  const config = args.route.config as FastifyContextConfig | undefined;
  if (config?.area && !config.public && !config.admin && !response['403']) response['403'] = ZErrorEnvelope;
  const schema: Record<string, unknown> = {
    ...args.schema,
    response,
    operationId: (args.schema as { operationId?: string }).operationId ?? operationIdOf(method, args.url),
    ...roleDoc(method, config, args.schema.description as string | undefined),
  };
  const out = (jsonSchemaTransform as SwaggerTransform)({ ...args, schema }) as { schema: Record<string, unknown>; url: string };
  if (args.route.config?.uploadFile) out.schema = { ...out.schema, body: UPLOAD_BODY, consumes: ['multipart/form-data'] };
  return out;
};

type Json = Record<string, unknown>;

/** OpenAPI 3.0 wants `type` beside `nullable`: `{nullable, anyOf:[…]}` (zod's `.nullish()` of a union) becomes nullable branches. */
function nullableBranches(node: unknown) {
  if (Array.isArray(node)) return node.forEach(nullableBranches);
  if (!node || typeof node !== 'object') return;
  const o = node as Json;
  const branches = (o.anyOf ?? o.oneOf) as Json[] | undefined;
  if (o.nullable === true && !('type' in o) && Array.isArray(branches)) {
    delete o.nullable;
    for (const b of branches) if ('type' in b) b.nullable = true;
  }
  for (const v of Object.values(o)) nullableBranches(v);
}

/** The whole document: every operation without a 2xx answer streams a file (downloads, exports, covers). */
export const openapiTransformObject: SwaggerTransformObject = (documentObject) => {
  const doc = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject) as Json & {
    paths?: Record<string, Record<string, Json>>;
  };
  for (const item of Object.values(doc.paths ?? {})) {
    for (const op of Object.values(item)) {
      const responses = (op.responses ??= {}) as Json;
      if (!Object.keys(responses).some((code) => code.startsWith('2'))) {
        responses['200'] = {
          description: 'The file: its bytes, named by Content-Disposition, typed by Content-Type',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        };
      }
    }
  }
  nullableBranches(doc.paths);
  nullableBranches(doc.components);
  return doc;
};
