import { isDeepStrictEqual } from 'node:util';
import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Write = (data: unknown) => string;

/**
 * The JSON Schema a response's zod schema writes, when zod can say it and it is the same seen from
 * either side (no transform, codec, default or pipe: those are zod's to apply); undefined otherwise.
 */
function plainJsonSchema(schema: unknown): object | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const opts = { target: 'draft-7', unrepresentable: 'throw' } as const;
    const output = z.toJSONSchema(schema, { ...opts, io: 'output' });
    const input = z.toJSONSchema(schema, { ...opts, io: 'input' });
    // output closes the objects (zod strips what they do not declare), input leaves them open: alike otherwise
    const open = (a: object) => JSON.stringify(a).replaceAll(',"additionalProperties":false', '');
    return open(output) === open(input) ? output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Response bodies written by fast-json-stringify, Fastify's own serializer, from each route's zod
 * schema turned into JSON Schema: only the properties the contract declares are written (as zod's
 * strip did), at a sixth of zod's cost (a royalty page of 20 rows: 9 µs against 56 µs;
 * docs/decisions/response-serializer.md). A schema JSON Schema cannot carry exactly keeps zod's
 * serializer. `check` (the test suites) also writes each body with zod and compares: a repository
 * that drifts from the contract (a number where it says a money string) still fails there, and so
 * does any body the two would write differently.
 */
export function responseSerializerCompiler({ check }: { check: boolean }): FastifySerializerCompiler<unknown> {
  const viaZod = createSerializerCompiler({});
  return (route) => {
    const zodWriter = (): Write => viaZod(route as Parameters<typeof viaZod>[0]);
    const json = plainJsonSchema(route.schema);
    if (!json) return zodWriter();
    let write: Write;
    try {
      write = fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Write;
    } catch {
      return zodWriter();
    }
    if (!check) return write;
    const zodWrite = zodWriter();
    return (data) => {
      const [strict, fast] = [zodWrite(data), write(data)];
      // the same values; the order of keys may differ (fast-json-stringify writes the required ones first)
      if (!isDeepStrictEqual(JSON.parse(strict), JSON.parse(fast)))
        throw new Error(`${route.method} ${route.url}: fast-json-stringify wrote ${fast}, zod ${strict}`);
      return fast;
    };
  };
}
