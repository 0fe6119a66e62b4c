/**
 * Helpers of the composition roots on AWS: adapters are built once per container, on first use, from
 * the environment the CDK stack sets, so a missing variable is reported by name.
 */
export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`environment variable ${name} is not set; the CDK stack sets it for this function`);
  return value;
}

export function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

/**
 * On Lambda, builds a composition root during the init phase, so a missing or wrong setting fails the cold
 * start with its name instead of the first request (entries await it at their top level, so Lambda's init
 * waits for what loads lazily). Elsewhere (the sandbox imports the same handlers with
 * its own adapters) it does nothing.
 */
export async function buildAtColdStart(
  build: () => unknown,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (env.AWS_LAMBDA_FUNCTION_NAME) await build();
}
