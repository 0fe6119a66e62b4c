import type { ExamplesOf } from './operation.js';
import type * as records from './test.js';

/** Example requests of `GET` / `POST /v1/Test` (the POST's body as the bank's reference shows it). */
export const testExamples = {
  getTest: {},
  postTest: { body: { body: 'hello world!' } },
} satisfies ExamplesOf<typeof records>;
