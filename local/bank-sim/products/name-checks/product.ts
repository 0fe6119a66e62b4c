import {
  optOutAccountNameChecks,
  optOutVirtualAccountNameChecks,
  validateSrd,
  verifyPayeeName,
} from '#shared/operations/name-checks/operations.js';
import type { NameCheckSettingBody } from '#shared/operations/name-checks/schemas.js';
import { SIMULATED_BANK_NAME } from '#sim/core/bank.js';
import type { Product } from '#sim/core/product.js';
import { TITLES } from '#sim/core/problems.js';
import type { RouteContext, SimResponse } from '#sim/core/types.js';
import { book } from '../sterling-accounts/accounts.js';
import { nameCheckAdminRoutes } from './admin.js';
import { answerFor, nameCheckState, ownPayee, report } from './scheme.js';

const errorBody = (reason: string, participantName: string | null) => ({
  Error: { Reason: reason, ParticipantName: participantName },
});

/**
 * Spec part 1, "Payee name checks (outbound)" and "Name-check responder settings". An outbound check goes to
 * the participant holding the sort code (none: 422; unavailable: 424), which answers for its account with the
 * scheme's outcomes; a check of one of this bank's own accounts is answered here. Opt-outs apply to this
 * bank's accounts when other banks check them (`POST /__sim/name-checks/inbound`).
 */
export const nameChecksProduct: Product = {
  name: 'name-checks',
  bankRoutes(bank) {
    bank.operation(verifyPayeeName, (ctx) => {
      const state = ctx.state.get(nameCheckState);
      const threshold = state.config.closeMatchThreshold;
      const own = ownPayee(ctx.state, ctx.body.Identification);
      if (own !== undefined) {
        return ctx.json(200, {
          Data: {
            VerificationReport: report(answerFor(ctx.body, own, threshold), { name: SIMULATED_BANK_NAME }),
          },
        });
      }
      const participant = state.participants.get(ctx.body.Identification.slice(0, 6));
      if (participant === undefined) {
        return ctx.json(422, errorBody('No participant is registered for this sort code.', null));
      }
      if (!participant.available) {
        return ctx.json(424, errorBody('The call to the participant failed.', participant.name));
      }
      const payee = state.payees.get(ctx.body.Identification);
      return ctx.json(200, {
        Data: { VerificationReport: report(answerFor(ctx.body, payee, threshold), participant) },
      });
    });

    bank.operation(validateSrd, (ctx) => {
      const { Identification } = ctx.body;
      const state = ctx.state.get(nameCheckState);
      const own = ownPayee(ctx.state, Identification);
      const participant = state.participants.get(Identification.slice(0, 6));
      const bankName = own !== undefined ? SIMULATED_BANK_NAME : (participant?.name ?? null);
      const payee = own ?? (participant === undefined ? undefined : state.payees.get(Identification));
      return ctx.json(200, {
        Data: { Required: payee?.secondaryReference !== undefined, BankName: bankName, Identification },
      });
    });

    bank.operation(optOutAccountNameChecks, (ctx) => {
      const account = ctx.state.get(book).real.get(ctx.params.accountId.toLowerCase());
      if (!account || account.institutionId !== ctx.institution.id) {
        return ctx.problem(404, TITLES.notFound, `no account ${ctx.params.accountId}`);
      }
      return applySetting(ctx, account.id, ctx.body);
    });

    bank.operation(optOutVirtualAccountNameChecks, (ctx) => {
      const accounts = ctx.state.get(book);
      const account = accounts.real.get(ctx.params.accountId.toLowerCase());
      const virtual = accounts.virtual.get(ctx.params.virtualAccountId.toLowerCase());
      if (!account || account.institutionId !== ctx.institution.id || virtual?.accountId !== account.id) {
        return ctx.problem(
          404,
          TITLES.notFound,
          `no virtual account ${ctx.params.virtualAccountId} under account ${ctx.params.accountId}`,
        );
      }
      return applySetting(ctx, virtual.id, ctx.body);
    });
  },
  adminRoutes: nameCheckAdminRoutes,
};

/**
 * Opt out (with its reason) or back in: 204; 200 when the account was already opted out and a different
 * reason is recorded (the reference's 200 answer).
 */
function applySetting(ctx: RouteContext<unknown>, id: string, body: NameCheckSettingBody): SimResponse {
  const optOuts = ctx.state.get(nameCheckState).optOuts;
  if (!body.optOut) {
    optOuts.delete(id);
    return { status: 204 };
  }
  const reason = (body.optOutReason ?? '').trim();
  const previous = optOuts.get(id);
  optOuts.set(id, reason);
  if (previous !== undefined && previous !== reason) {
    return ctx.json(200, {
      data: id,
      verificationReport: 'The account was already opted out of name checks; the new reason is recorded.',
    });
  }
  return { status: 204 };
}
