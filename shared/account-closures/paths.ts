import { readPath } from '../families/definition.js';

/** Where the gateway answers an account's closure (`GET /gateway/account-closures/{accountId}`). */
export const ACCOUNT_CLOSURE_READ = '/gateway/account-closures/{accountId}';
export const accountClosurePath = (accountId: string) => readPath(ACCOUNT_CLOSURE_READ, accountId);
