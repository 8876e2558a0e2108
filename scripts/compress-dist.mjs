#!/usr/bin/env node
// After `vite build`: writes .br and .gz beside every text asset of the web build, so the server
// can send them as they are (@fastify/static preCompressed) instead of compressing per request.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? process.env.WEB_OUT_DIR ?? 'dist');
const TEXT = /\.(js|css|html|json|svg|txt|map)$/;
let files = 0;
let before = 0;
let after = 0;
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const p = path.join(d, name);
    // .vite/manifest.json is read by the server, never sent
    if (statSync(p).isDirectory()) {
      if (!name.startsWith('.')) walk(p);
    } else if (TEXT.test(name) && statSync(p).size >= 1024) {
      const buf = readFileSync(p);
      const br = brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      writeFileSync(`${p}.br`, br);
      writeFileSync(`${p}.gz`, gzipSync(buf, { level: 9 }));
      files++;
      before += buf.length;
      after += br.length;
    }
  }
};
walk(dir);
console.log(`compressed ${files} files: ${Math.round(before / 1024)} KiB -> ${Math.round(after / 1024)} KiB brotli`);
