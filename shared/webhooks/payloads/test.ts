import { z } from 'zod';

/** `FITestEvent` v1, the answer to `POST /v1/Test`: the payload is a short string (`"test me"`). */
export const fiTestEventPayload = z.string().min(1).max(256);
