import { LocalDeployment } from './deployment.js';
const d = await LocalDeployment.start({ assemblyDir: '/tmp/me-cdk/simulation' });
try {
  const r = await fetch(`${d.bank.url}/__sim/webhooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Type: 'FITestEvent',
      Version: 1,
      Payload: { InstitutionId: d.bank.institution.id, TimestampCreated: new Date().toISOString() },
    }),
  });
  console.log(r.status, (await r.text()).slice(0, 500));
  await d.settle();
  console.log(JSON.stringify(d.bank.deliveries.at(-1)));
  console.log(d.lambda('webhook-receiver').output.join('\n').slice(0, 3000));
  console.log(
    JSON.stringify(
      d.cloud.calls.filter((c) => c.caller === 'webhook-receiver' || c.caller === 'webhook-processor'),
    ),
  );
  console.log(d.lambda('webhook-processor').output.join('\n').slice(0, 3000));
} finally {
  await d.close();
}
