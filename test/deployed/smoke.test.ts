import { inject, it, expect } from 'vitest';
import { join } from 'node:path';
import { DeployedTemplates } from './template.js';
import { readTemplate } from './synth.js';
import { LocalLambda } from './lambda/host.js';

it('loads', async () => {
  const dir = inject('deployedAssemblies').simulation;
  const t = new DeployedTemplates(
    {
      stackName: 'clearway-simulation-stateful',
      template: readTemplate(join(dir, 'Stateful.template.json')),
    },
    {
      stackName: 'clearway-simulation-stateless',
      template: readTemplate(join(dir, 'Stateless.template.json')),
    },
    dir,
    () => 'x',
  );
  const fns = t.functions();
  const results = await Promise.allSettled(
    fns.map((fn) => LocalLambda.start(fn, { accessKeyId: fn.logicalId })),
  );
  for (const r of results)
    console.log(r.status === 'fulfilled' ? 'ok ' + r.value.fn.service : String(r.reason));
  for (const r of results) if (r.status === 'fulfilled') await r.value.close();
  expect(results.length).toBe(18);
}, 120_000);
