import type { NewInstruction } from '#sim/products/direct-debits/scheme.js';
import { book, type RealAccount, type VirtualAccount } from '#sim/products/sterling-accounts/accounts.js';
import { openAccount } from '#sim/core/ledger.js';
import { ClockScheduler } from '#sim/core/scheduler.js';
import type { Emit, SimHost } from '#sim/core/types.js';
import { SimState } from '#sim/core/state.js';
import { ManualClock } from '#shared/ports/clock.js';

/** The scheme on a bare state and clock: webhooks are recorded, scheduled work runs on `advance`. */
export function world() {
  const clock = new ManualClock('2026-03-02T10:00:00.000Z');
  const state = new SimState();
  const scheduler = new ClockScheduler(clock, (error) => {
    throw error;
  });
  const sent: { type: string; version: number; payload: Record<string, unknown>; institutionId?: string }[] =
    [];
  const host: SimHost = {
    state,
    clock,
    schedule: (at, label, task, ...args) => scheduler.at(at, label, () => task.run(host, ...args)),
    emitWebhook: (type, version, payload, options) => {
      sent.push({
        type,
        version,
        payload: payload as Record<string, unknown>,
        institutionId: options?.institutionId,
      });
      return {} as never;
    },
  };
  const emit: Emit = (type, version, payload) =>
    void sent.push({ type, version, payload: payload as Record<string, unknown> });
  let serial = 0;
  const account = (usageType: RealAccount['usageType'] = 'YourFunds', institutionId = 'inst-1') => {
    serial += 1;
    const number = String(10_000_000 + serial);
    const real = {
      id: `acc-${serial}`,
      institutionId,
      name: `Account ${serial}`,
      label: 'JANE DOE',
      usageType,
      sortCode: '040001',
      iban: `GB00CLRB040001${number}`,
      bban: `CLRB040001${number}`,
      status: 'Enabled',
      statusReason: 'NotProvided',
      minimumBalance: 0,
    } as RealAccount;
    state.get(book).real.set(real.id, real);
    openAccount(state, real.id, clock.now());
    return real;
  };
  const virtual = (real: RealAccount) => {
    serial += 1;
    const number = String(20_000_000 + serial);
    const v = {
      id: `vac-${serial}`,
      accountId: real.id,
      institutionId: real.institutionId,
      name: 'VIRTUAL PAYER',
      status: 'Enabled',
      iban: `GB00CLRB040001${number}`,
      bban: `CLRB040001${number}`,
    } as VirtualAccount;
    state.get(book).virtual.set(v.id, v);
    return v;
  };
  const instruction = (over: Partial<NewInstruction> & { accountId: string }): NewInstruction => ({
    institutionId: 'inst-1',
    serviceUserNumber: '123456',
    reference: 'REF 0001',
    originatorName: 'ACME ENERGY',
    channel: 'Paper',
    source: 'Api',
    ...over,
  });
  const advanceDays = (days: number) => {
    clock.advance(days * 86_400_000);
    scheduler.runDue();
  };
  return { clock, state, host, emit, sent, account, virtual, instruction, advanceDays, scheduler };
}
