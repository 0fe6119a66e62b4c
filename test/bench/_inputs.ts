import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleLambda } from '../support/lambda-bundle.js';
const root = '/work/main';
const { metafile } = await bundleLambda({ root, entry: process.argv[2]!, outdir: mkdtempSync(join(tmpdir(), 'in-')) });
const idx = Object.keys(metafile.outputs).find((k) => k.endsWith('index.mjs'))!;
const cold = new Set<string>(); const pend = [idx];
for (let n = pend.pop(); n; n = pend.pop()) { if (cold.has(n)) continue; cold.add(n); for (const i of metafile.outputs[n]!.imports) if (i.kind === 'import-statement' && !i.external) pend.push(i.path); }
const by = new Map<string, number>();
for (const k of cold) for (const [input, { bytesInOutput }] of Object.entries(metafile.outputs[k]!.inputs)) {
  const parts = input.split('node_modules/'); const inside = parts[parts.length - 1]!; const seg = inside.split('/');
  const name = parts.length === 1 ? 'clearway:' + input.split('/').slice(0, 2).join('/') : inside.startsWith('@') ? seg[0] + '/' + seg[1] : seg[0]!;
  by.set(name, (by.get(name) ?? 0) + bytesInOutput);
}
for (const [k, v] of [...by].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(String((v / 1024).toFixed(1)).padStart(7), k);
