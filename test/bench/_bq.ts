import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundles } from './bundles.js';
const root = process.argv[2] ?? '/work/main';
const r = await bundles(root, mkdtempSync(join(tmpdir(), 'bq-')), Number(process.argv[3] ?? 5));
for (const b of r.bundles) console.log(b.entry.padEnd(36), (b.bytes/1024).toFixed(0).padStart(6), 'KiB lazy', (b.lazyBytes/1024).toFixed(0).padStart(5), b.importWithSourceMapsMs.toFixed(1).padStart(7), 'floor', b.floor.importWithSourceMapsMs.toFixed(1).padStart(7), 'ratio', b.ratioToFloor.toFixed(2), b.clients.join(','), '|', b.topInputs.slice(0,4).map(i=>i.name+' '+(i.bytes/1024).toFixed(0)).join(', '));
