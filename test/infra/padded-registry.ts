import { OPEN_FAMILY_OPERATIONS } from '../fixtures/open-family-operations.js';
import { internalRoutes, type Route } from '#lib/catalog.js';
import { operations } from '#shared/operations/index.js';
import type { Operation } from '#shared/operations/operation.js';
import { pathsOf } from '#shared/operations/operation.js';

/** The bank's reference: about 186 operations, 250 paths with its alias spellings (issue 30). */
export const REFERENCE_ROUTES = 250;

/**
 * Families of the reference no digest describes yet, as the reference lays its newer families out: each
 * under a prefix of its own, a collection, an item and a few actions below it.
 */
const UNDESCRIBED_FAMILIES = [
  ['/payments/sepa/v1/credit-transfers', 'payments'],
  ['/accounts/euro/v1/accounts', 'mccy-accounts'],
  ['/reporting/v1/reports', 'mccy-accounts'],
  ['/limits/v1/limits', 'sterling-accounts'],
  ['/disputes/v1/cases', 'payments'],
  ['/onboarding/v1/applications', 'customers'],
] as const;
const ACTIONS = ['documents', 'notes', 'history', 'approvals', 'holds', 'events'];

/**
 * The registry grown to the whole reference, for the infrastructure's headroom: the served operations, the
 * open families' (their paths from the reference), the undescribed families' (about 10 each), then the
 * lower-case spellings the bank also accepts, until `REFERENCE_ROUTES` paths. New families are served by
 * the functions of served ones here; each function a family adds is counted apart by the test.
 */
export function paddedOperations(served: readonly Operation[]): Operation[] {
  const synthetic = (method: string, path: string, fn: string, index: number): Operation =>
    ({ id: `padded${index}`, method, path, fn }) as Operation;
  const open = OPEN_FAMILY_OPERATIONS.map(([method, path, fn], index) => synthetic(method, path, fn, index));
  const undescribed = UNDESCRIBED_FAMILIES.flatMap(([prefix, fn], family) => [
    synthetic('POST', prefix, fn, 1000 + family * 20),
    synthetic('GET', prefix, fn, 1001 + family * 20),
    synthetic('GET', `${prefix}/{id}`, fn, 1002 + family * 20),
    synthetic('PATCH', `${prefix}/{id}`, fn, 1003 + family * 20),
    ...ACTIONS.map((action, index) =>
      synthetic('POST', `${prefix}/{id}/${action}`, fn, 1004 + family * 20 + index),
    ),
  ]);
  const operations = [...served, ...open, ...undescribed];
  let routes = operations.reduce((total, operation) => total + pathsOf(operation).length, 0);
  // Lower-case spellings, as the bank accepts for its older paths, until the reference's count.
  return operations.map((operation) => {
    const lower = operation.path.toLowerCase();
    const spellings = pathsOf(operation);
    if (routes >= REFERENCE_ROUTES || spellings.includes(lower)) return operation;
    routes += 1;
    return { ...operation, aliases: [...(operation.aliases ?? []), lower] };
  });
}

/** The internal API's routes for the registry grown to the reference: the gateway's, then every path. */
export function paddedRoutes(): Route[] {
  const gateway = internalRoutes().filter((route) => route.path.startsWith('/gateway/'));
  return [
    ...paddedOperations(operations).flatMap((operation) =>
      pathsOf(operation).map((path) => ({
        id: operation.id,
        method: operation.method,
        path,
        fn: operation.fn,
      })),
    ),
    ...gateway,
  ];
}
