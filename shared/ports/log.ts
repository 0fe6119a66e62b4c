/** Structured log attributes; never the token, keys or full account numbers. */
export type LogAttributes = Record<string, unknown>;

/** The slice of Powertools' Logger the shared code needs. */
export interface Log {
  debug(message: string, ...extra: LogAttributes[]): void;
  info(message: string, ...extra: LogAttributes[]): void;
  warn(message: string, ...extra: LogAttributes[]): void;
  error(message: string, ...extra: LogAttributes[]): void;
}
