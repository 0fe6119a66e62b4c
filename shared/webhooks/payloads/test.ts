import * as z from 'zod/mini';
import { defineWebhook } from './define.js';

/** `FITestEvent` v1, the answer to `POST /v1/Test`: the payload is a short string (`"test me"`). */
export const fiTestEventPayload = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(256)));

/** A test event has no id: the same text on the same day is the same test. */
export const fiTestEventWebhook = defineWebhook({
  type: 'FITestEvent',
  versions: { 1: fiTestEventPayload },
  key: 'digest-per-day',
});
