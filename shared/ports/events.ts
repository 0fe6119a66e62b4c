/**
 * The events Clearway publishes (EventBridge on AWS, the in-memory bus in the sandbox) and the port that
 * publishes them: used by the processor, every family's tracker and hook, and the token check.
 */

/** What the processor publishes: one per unique webhook. */
export interface BankEvent {
  source: 'clearway.bank';
  /** The wire `Type`. */
  detailType: string;
  detail: {
    type: string;
    version: number;
    /** Stable identity; consumers deduplicate on it. */
    key: string;
    receivedAt: string;
    deliveryAttempt: number;
    /** The envelope's top-level `InstitutionId`, where the bank sends one. */
    institutionId?: string;
    payload: unknown;
  };
}

/**
 * An event about state the gateway keeps itself (a payment's status, later FX trades and batches): source
 * `clearway.gateway`, at least once, with a stable `key` consumers deduplicate on, as on every bank event
 * (`<detail-type>:<transitionId>`, `gatewayEventKey`; `transitionId` stays for consumers that read it).
 */
export interface GatewayEvent {
  source: 'clearway.gateway';
  detailType: string;
  detail: { key: string; transitionId: string } & Record<string, unknown>;
}

export type ClearwayEvent = BankEvent | GatewayEvent;

export interface EventPublisher {
  publish(event: ClearwayEvent): Promise<void>;
}
