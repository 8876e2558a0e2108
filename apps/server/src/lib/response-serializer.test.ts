import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

const ZRow = z.object({ idx: z.number().int(), amount: z.string().regex(/^\d+$/), note: z.string().nullable() });

async function appWith(check: boolean, schema: z.ZodType, body: unknown) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => body);
  await app.ready();
  return app;
}

describe('responseSerializerCompiler', () => {
  it('writes only the properties the contract declares, as zod would', async () => {
    const body = { idx: 1, amount: '100', note: null, password: 'secret' };
    for (const check of [false, true]) {
      const app = await appWith(check, ZRow, body);
      const res = await app.inject('/x');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"idx":1,"amount":"100","note":null}');
      expect(res.body).toBe(JSON.stringify(z.encode(ZRow, body as z.infer<typeof ZRow>)));
      await app.close();
    }
  });

  it('under check, a body that drifts from the contract fails; without it, the declared shape is still written', async () => {
    const drifted = { idx: 1, amount: 100, note: 'n' }; // a number where the contract says a string
    const checked = await appWith(true, ZRow, drifted);
    expect((await checked.inject('/x')).statusCode).toBe(500);
    await checked.close();
    const fast = await appWith(false, ZRow, drifted);
    expect((await fast.inject('/x')).body).toBe('{"idx":1,"amount":"100","note":"n"}');
    await fast.close();
  });

  it('keeps zod for a schema JSON Schema cannot carry exactly (a transform, a default)', async () => {
    const ZUpper = z.object({ name: z.string().transform((s) => s.toUpperCase()) });
    const app = await appWith(false, ZUpper, { name: 'kim' });
    // zod encodes through a transform only as a codec: a plain transform is refused, as before
    expect((await app.inject('/x')).statusCode).toBe(500);
    await app.close();
    const ZDefault = z.object({ lang: z.string().default('en') });
    const withDefault = await appWith(false, ZDefault, { lang: 'ko' });
    expect((await withDefault.inject('/x')).body).toBe('{"lang":"ko"}');
    await withDefault.close();
    // zod's serializer, not fast-json-stringify's (which would write "5"): a number in the string field is refused
    const drifted = await appWith(false, ZDefault, { lang: 5 });
    expect((await drifted.inject('/x')).statusCode).toBe(500);
    await drifted.close();
  });
});
