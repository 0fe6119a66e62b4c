import { emitterFor } from '#sim/core/product.js';
import { createAccount, type MccyAccount } from '#sim/products/mccy-accounts/accounts.js';
import type { BankSimulator } from '#sim/simulator.js';
import type { testSandbox } from './sandbox.js';

/** What the FX tests share: an account to trade from, an order's body, a trade's status changes. */

type World = Awaited<ReturnType<typeof testSandbox>>;

/** A multi-currency account of the simulator's first institution holding EUR and USD (no money yet). */
export function openEurUsdAccount(simulator: BankSimulator, label: string, owner: string): MccyAccount {
  const institutionId = simulator.institution.id;
  const outcome = createAccount(
    simulator,
    { institutionId, label, owner, kind: 'YourFunds', currencies: ['EUR', 'USD'] },
    emitterFor(simulator, institutionId),
  );
  if (outcome.kind !== 'done') throw new Error(outcome.detail);
  return outcome.value;
}

/** Acme's EUR and USD treasury account at the sandbox's bank (no money yet). */
export function fxTreasury(world: World): MccyAccount {
  return openEurUsdAccount(world.simulator, 'Treasury', 'Acme Ltd');
}

/** A `POST /fx/v1/order` body selling 1,000 of `sell` for `buy` between two of Acme's accounts. */
export function fxOrderBody(
  endToEndId: string,
  { sell = 'GBP', buy = 'USD', iban = 'GB33CLRB04040412345678' } = {},
) {
  return {
    customerInformation: {
      sellAccount: { owner: 'Acme Ltd', iban },
      buyAccount: { owner: 'Acme Ltd', iban },
      attestation: 'Y',
    },
    tradeInformation: {
      valueDate: '2026-03-03T00:00:00Z',
      details: { instructedAmount: 1000, fixedSide: 'sell', sellCurrency: sell, buyCurrency: buy },
      endToEndId,
    },
  };
}

/** The statuses a trade's FxTradeStatusChanged events moved it to, in the order they were published. */
export async function fxTradeChanges(world: World, endToEndId: string): Promise<string[]> {
  const events = (await world.events()) as Array<{
    detailType: string;
    detail: { endToEndId?: string; to?: string };
  }>;
  return events
    .filter((event) => event.detailType === 'FxTradeStatusChanged' && event.detail.endToEndId === endToEndId)
    .map((event) => event.detail.to as string);
}
