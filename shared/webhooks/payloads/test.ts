import * as z from 'zod/mini';

/** `FITestEvent` v1, the answer to `POST /v1/Test`: the payload is a short string (`"test me"`). */
export const fiTestEventPayload = z.string().check(z.minLength(1), z.maxLength(256));
