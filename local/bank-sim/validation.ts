import type { z } from 'zod';

/**
 * Zod issues as the bank's `errors` map (property path -> messages). The root of the body is `$`, as
 * ASP.NET names it. Kept here until the gateway needs the same map; then it belongs in shared/.
 */
export function errorsMap(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length === 0 ? '$' : issue.path.map(String).join('.');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  return errors;
}
