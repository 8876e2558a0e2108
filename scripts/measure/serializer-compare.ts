// Figure of docs/decisions/response-serializer.md. From the repository root:
// npx tsx scripts/measure/serializer-compare.ts: µs to write one royalty page (20 rows, two currency totals) with
// zod's encode + JSON.stringify (fastify-type-provider-zod's serializer), JSON.stringify alone, and fast-json-stringify
// compiled from z.toJSONSchema of the same contract schema.
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { ZRoyaltyResponse } from '../../packages/contract/src/copyright';

const row = (i: number) => ({
  ...{ no: i, idx: 1000 + i, img_url: '/img/x.png', title: `Moon ${i}`, isbn: `9790000000${i}`, unit_price: '12000.00' },
  ...{ currency: 'KRW', currency_icon: '₩', qty: 3, sample_qty: 0, disuse_qty: 0, saleInfo: null, customer_name: 'Bench customer 3' },
  ...{ customer_country: 'USA', created_at: '2024-03-01 10:00:00', buy_invoice_idx: null, buy_invoice_code: null, rate: '10' },
  royalty: '3600.00',
});
const data = {
  dataset: Array.from({ length: 20 }, (_, i) => row(i)),
  total_cnt: 1_000_000,
  totals: [
    { currency: 'KRW', currency_icon: '₩', cnt: 750_000, qty: 2_000_000, royalty: '123456789.00' },
    { currency: 'USD', currency_icon: '$', cnt: 250_000, qty: 700_000, royalty: '1234567.00' },
  ],
};
const fast = fastJsonStringify(
  z.toJSONSchema(ZRoyaltyResponse, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJsonStringify>[0],
);
const viaZod = (d: typeof data) => JSON.stringify(z.encode(ZRoyaltyResponse, d));
if (JSON.stringify(JSON.parse(fast(data))) !== JSON.stringify(JSON.parse(viaZod(data)))) console.log('note: key order differs');
for (const [name, write] of [
  ['zod encode + JSON.stringify', viaZod],
  ['JSON.stringify alone', JSON.stringify],
  ['fast-json-stringify', fast],
] as const) {
  for (let i = 0; i < 2000; i++) write(data);
  const t0 = performance.now();
  for (let i = 0; i < 20_000; i++) write(data);
  console.log(`${name}: ${(((performance.now() - t0) / 20_000) * 1000).toFixed(1)} µs per body (${write(data).length} bytes)`);
}
