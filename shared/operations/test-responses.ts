import * as z from 'zod/mini';

/** `POST /v1/Test` answers `{"Message": <the body member it was sent>}` (shared/spec/bank-reference.md). */
export const testResponses = { postTest: z.strictObject({ Message: z.string() }) } as const;
