import * as z from 'zod/mini';
import {
  type NameCheckPolicy,
  NameCheckPolicyError,
  parseNameCheckPolicy,
  parseNameCheckTtlHours,
} from '#shared/name-checks/policy.js';

/** The sandbox's settings, all from the environment (README, "Configuration"). */
export interface SandboxConfig {
  /** Another bank (e.g. the bank's own simulation environment) instead of the built-in simulator. */
  bankUrl: string | undefined;
  apiToken: string | undefined;
  signingKeyPath: string | undefined;
  bankPublicKeyPath: string | undefined;
  port: number;
  simPort: number;
  /** The institution's overdraft agreement, for both the gateway's rules and the simulator. */
  overdraftAgreement: boolean;
  /** Folder for generated keys and the sandbox token (gitignored). */
  home: string;
  /** How many events `GET /gateway/local/events` keeps; the oldest is dropped past it. */
  eventLimit: number;
  /** How long a name check's outcome counts, and what payments do with it (off by default). */
  nameChecks: { ttlHours: number; policy: NameCheckPolicy };
  /**
   * The path-based signature (`X-Request-Time`) on the operations that ask for it: the gateway sends it and
   * the built-in simulator requires it. Off by default (the UK entity).
   */
  pathSignature: boolean;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** A whole number from 1 to `max`; `what` names it in the message ("a port number"). */
const wholeNumber = (name: string, fallback: number, max: number, what: string) =>
  z.pipe(
    z.optional(z.string()),
    z.transform((value: string | undefined, context) => {
      if (value === undefined || value === '') return fallback;
      const number = Number(value);
      if (!/^\d+$/.test(value) || number < 1 || number > max) {
        context.issues.push({
          code: 'custom',
          message: `${name} must be ${what} from 1 to ${max}, got "${value}"`,
          input: value,
        });
        return z.NEVER;
      }
      return number;
    }),
  );

const port = (name: string, fallback: number) => wholeNumber(name, fallback, 65535, 'a port number');

const optionalText = z.pipe(
  z.optional(z.string()),
  z.transform((value: string | undefined) => (value?.trim() ? value.trim() : undefined)),
);

const schema = z.object({
  CLEARWAY_BANK_URL: optionalText.check(
    z.refine((value) => value === undefined || /^https?:\/\/[^\s/]+/.test(value), {
      message: 'CLEARWAY_BANK_URL must be an http(s) URL such as https://bank.example/api',
    }),
  ),
  CLEARWAY_API_TOKEN: optionalText,
  CLEARWAY_SIGNING_KEY: optionalText,
  CLEARWAY_BANK_PUBLIC_KEY: optionalText,
  CLEARWAY_PORT: port('CLEARWAY_PORT', 3000),
  CLEARWAY_SIM_PORT: port('CLEARWAY_SIM_PORT', 3001),
  CLEARWAY_HOME: optionalText,
  CLEARWAY_EVENT_LIMIT: wholeNumber('CLEARWAY_EVENT_LIMIT', 10_000, 1_000_000, 'a whole number'),
  CLEARWAY_NAME_CHECK_TTL_HOURS: optionalText,
  CLEARWAY_NAME_CHECK_POLICY: optionalText,
  CLEARWAY_NAME_CHECK_REQUIRE_ABOVE: optionalText,
  CLEARWAY_OVERDRAFT_AGREEMENT: z.optional(
    z.enum(['true', 'false', ''], { message: 'CLEARWAY_OVERDRAFT_AGREEMENT must be true or false' }),
  ),
  CLEARWAY_PATH_SIGNATURE: z.optional(
    z.enum(['true', 'false', ''], { message: 'CLEARWAY_PATH_SIGNATURE must be true or false' }),
  ),
});

/** `npm start -- --fresh`: the only argument, to begin with a clean state instead of the kept one. */
export function readStartArguments(args: readonly string[]): { fresh: boolean } {
  const unknown = args.filter((arg) => arg !== '--fresh');
  if (unknown.length > 0) {
    throw new ConfigError(
      `unknown argument ${unknown.join(' ')}; the only one is --fresh (begin with a clean state)`,
    );
  }
  return { fresh: args.includes('--fresh') };
}

/** Reads and checks the environment; every problem is named with its variable. */
export function readConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message).join('\n'));
  const values = parsed.data;
  if (values.CLEARWAY_BANK_URL) {
    const missing = ['CLEARWAY_API_TOKEN', 'CLEARWAY_SIGNING_KEY', 'CLEARWAY_BANK_PUBLIC_KEY'].filter(
      (name) => !values[name as keyof typeof values],
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `CLEARWAY_BANK_URL points at another bank, so ${missing.join(', ')} must be set too`,
      );
    }
  }
  if (values.CLEARWAY_PORT === values.CLEARWAY_SIM_PORT) {
    throw new ConfigError(
      `CLEARWAY_PORT and CLEARWAY_SIM_PORT are both ${values.CLEARWAY_PORT}; give them different ports`,
    );
  }
  let nameChecks: SandboxConfig['nameChecks'];
  try {
    nameChecks = {
      ttlHours: parseNameCheckTtlHours(values.CLEARWAY_NAME_CHECK_TTL_HOURS, 'CLEARWAY_NAME_CHECK_TTL_HOURS'),
      policy: parseNameCheckPolicy(
        values.CLEARWAY_NAME_CHECK_POLICY,
        values.CLEARWAY_NAME_CHECK_REQUIRE_ABOVE,
        {
          mode: 'CLEARWAY_NAME_CHECK_POLICY',
          requireAbove: 'CLEARWAY_NAME_CHECK_REQUIRE_ABOVE',
        },
      ),
    };
  } catch (error) {
    if (error instanceof NameCheckPolicyError) throw new ConfigError(error.message);
    throw error;
  }
  return {
    bankUrl: values.CLEARWAY_BANK_URL,
    apiToken: values.CLEARWAY_API_TOKEN,
    signingKeyPath: values.CLEARWAY_SIGNING_KEY,
    bankPublicKeyPath: values.CLEARWAY_BANK_PUBLIC_KEY,
    port: values.CLEARWAY_PORT,
    simPort: values.CLEARWAY_SIM_PORT,
    home: values.CLEARWAY_HOME ?? '.sandbox',
    overdraftAgreement: values.CLEARWAY_OVERDRAFT_AGREEMENT === 'true',
    eventLimit: values.CLEARWAY_EVENT_LIMIT,
    nameChecks,
    pathSignature: values.CLEARWAY_PATH_SIGNATURE === 'true',
  };
}
