import { testOperations } from '#shared/operations/test.js';
import type { Product } from '#sim/core/product.js';

const [getTest, postTest] = testOperations;

/**
 * `GET /v1/Test` and `POST /v1/Test`: connectivity and signing checks. The POST's documented body is
 * `{"body":"hello world!"}`; the bank answers `{"Message":"hello world!"}` and sends the same short string
 * as the payload of a `FITestEvent` (shared/spec/bank-reference.md) when the institution is subscribed.
 */
export const testProduct: Product = {
  name: 'test',
  bankRoutes(bank) {
    bank.operation(getTest, () => ({ status: 200 }));
    bank.operation(postTest, (context) => {
      const echoed = (context.body as { body?: unknown }).body;
      // The reference shows only the `body` form; any other body is echoed as its JSON text, as before.
      const message = typeof echoed === 'string' ? echoed : context.bodyText;
      context.emit('FITestEvent', 1, message);
      return context.json(200, { Message: message });
    });
  },
};
