import { Tracer } from '@aws-lambda-powertools/tracer';
import { serviceName } from './observability.js';

/** X-Ray tracing for the operation functions; off outside Lambda. */
export const tracer = new Tracer({
  serviceName,
  enabled: process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined,
});
