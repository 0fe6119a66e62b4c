import { SignatureVerifier } from '#shared/signing/verifier.js';

export interface ApiToken {
  value: string;
  /** ISO 8601; the token is refused from this instant on (simulated clock). */
  expiresAt: string;
}

export interface InstitutionConfig {
  /** Defaults to a GUID numbered by registration (`00000000-0000-4000-8000-000000000001`), as the bank's ids are GUIDs. */
  id?: string;
  tokens: ApiToken[];
  /** The institution's public key (SPKI PEM): verifies request bodies and webhook answers. */
  publicKeyPem: string;
  webhookUrl?: string;
  /** Default true. */
  subscribedToWebhooks?: boolean;
  overdraftAgreement?: boolean;
  /** Whether the institution is set up for the hosted name-check service (default true). */
  nameCheckService?: boolean;
}

/** One institution as the bank knows it (its authentication profile and webhook subscription). */
export class Institution {
  readonly id: string;
  readonly tokens: ApiToken[];
  readonly publicKeyPem: string;
  readonly verifier: SignatureVerifier;
  webhookUrl: string | undefined;
  subscribedToWebhooks: boolean;
  overdraftAgreement: boolean;
  nameCheckService: boolean;

  constructor(config: InstitutionConfig, defaultId: string) {
    this.id = config.id ?? defaultId;
    this.tokens = config.tokens.map((token) => checkToken(token, this.id));
    this.publicKeyPem = config.publicKeyPem;
    this.verifier = new SignatureVerifier([config.publicKeyPem]);
    this.webhookUrl = config.webhookUrl;
    this.subscribedToWebhooks = config.subscribedToWebhooks ?? true;
    this.overdraftAgreement = config.overdraftAgreement ?? false;
    this.nameCheckService = config.nameCheckService ?? true;
  }

  addToken(token: ApiToken): void {
    this.tokens.push(checkToken(token, this.id));
  }

  /** What the admin endpoints show: never the token values. */
  describe(now: Date): object {
    return {
      id: this.id,
      webhookUrl: this.webhookUrl ?? null,
      subscribedToWebhooks: this.subscribedToWebhooks,
      overdraftAgreement: this.overdraftAgreement,
      nameCheckService: this.nameCheckService,
      tokens: this.tokens.map((token) => ({
        endsWith: token.value.slice(-4),
        expiresAt: token.expiresAt,
        expired: isExpired(token, now),
      })),
    };
  }
}

export type TokenCheck =
  { ok: true; institution: Institution } | { ok: false; reason: 'missing' | 'unknown' | 'expired' };

export class InstitutionRegistry {
  readonly #institutions: Institution[] = [];

  constructor(configs: readonly InstitutionConfig[]) {
    if (configs.length === 0) throw new Error('the simulator needs at least one institution');
    for (const config of configs) this.add(config);
  }

  add(config: InstitutionConfig): Institution {
    const serial = String(this.#institutions.length + 1).padStart(12, '0');
    const institution = new Institution(config, `00000000-0000-4000-8000-${serial}`);
    if (this.get(institution.id)) throw new Error(`institution ${institution.id} is already registered`);
    this.#institutions.push(institution);
    return institution;
  }

  get(id: string): Institution | undefined {
    return this.#institutions.find((institution) => institution.id === id);
  }

  /** The first institution: the one a single-institution sandbox talks about. */
  get primary(): Institution {
    const first = this.#institutions[0];
    if (!first) throw new Error('no institution is registered');
    return first;
  }

  all(): readonly Institution[] {
    return this.#institutions;
  }

  /** Resolves an `Authorization` header value: only `Bearer <token>` with a known, unexpired token passes. */
  authenticate(authorization: string | undefined, now: Date): TokenCheck {
    const value = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (!value) return { ok: false, reason: 'missing' };
    for (const institution of this.#institutions) {
      const token = institution.tokens.find((candidate) => candidate.value === value);
      if (token) return isExpired(token, now) ? { ok: false, reason: 'expired' } : { ok: true, institution };
    }
    return { ok: false, reason: 'unknown' };
  }
}

function checkToken(token: ApiToken, institutionId: string): ApiToken {
  if (token.value.length === 0) throw new Error(`institution ${institutionId} has an empty API token`);
  if (Number.isNaN(Date.parse(token.expiresAt))) {
    throw new Error(
      `institution ${institutionId} has a token whose expiresAt is not a time: ${token.expiresAt}`,
    );
  }
  return { ...token };
}

function isExpired(token: ApiToken, now: Date): boolean {
  return now.getTime() >= Date.parse(token.expiresAt);
}
