import * as z from 'zod/mini';
import type { Operation } from './operation.js';

/** `GET /v1/Test` and `POST /v1/Test`: connectivity and signing checks; the POST echoes any JSON object. */
export const getTest = {
  id: 'getTest',
  summary: 'Check the connection to the bank',
  description:
    "Calls the bank's test endpoint with the API token: a 200 shows the gateway reaches the bank and is authorised.",
  method: 'GET',
  path: '/v1/Test',
  fn: 'test-operations',
} satisfies Operation;

export const postTest = {
  id: 'postTest',
  summary: 'Check request signing with the bank',
  description:
    "Sends a signed JSON body to the bank's test endpoint, which echoes its `body` member as `Message` (and as a `FITestEvent` webhook when subscribed).",
  method: 'POST',
  path: '/v1/Test',
  fn: 'test-operations',
  body: z.lazy(() => z.looseObject({})),
} satisfies Operation;

export const testOperations = [getTest, postTest] as const satisfies readonly Operation[];
