import { testOperations } from '../../../shared/operations/test.js';
import type { Domain } from '../types.js';

const [getTest, postTest] = testOperations;

/**
 * `GET /v1/Test` and `POST /v1/Test`: connectivity and signing checks. The POST echoes the content it
 * was given (the exact JSON text) as `Message`, and sends it as the string payload of a `FITestEvent`
 * when the institution is subscribed (the dispatcher skips unsubscribed institutions).
 */
export const testDomain: Domain = (sim) => {
  sim.operation(getTest, () => ({ status: 200 }));
  sim.operation(postTest, (context) => {
    context.emit('FITestEvent', 1, context.bodyText);
    return context.json(200, { Message: context.bodyText });
  });
};
