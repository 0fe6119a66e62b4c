import * as z from 'zod/mini';
import type { Operation } from './operation.js';

/** `GET /v1/Test` and `POST /v1/Test`: connectivity and signing checks; the POST echoes any JSON object. */
export const getTest = {
  id: 'getTest',
  method: 'GET',
  path: '/v1/Test',
  fn: 'test-operations',
} satisfies Operation;

export const postTest = {
  id: 'postTest',
  method: 'POST',
  path: '/v1/Test',
  fn: 'test-operations',
  body: z.lazy(() => z.looseObject({})),
} satisfies Operation;

export const testOperations = [getTest, postTest] as const satisfies readonly Operation[];
