/** HTTP shapes shared by the gateway, the bank client, the typed client and the simulator. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The bank's problem-detail body (RFC 7807 form plus the `errors` map of most v1 to v3 operations). */
export interface ProblemDetails {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  instance?: string;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}
