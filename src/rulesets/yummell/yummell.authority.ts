/**
 * Enforcing who decides each input of a Yummell mutation (src/rules/yummell/authority.ts): an
 * input the GM decides, given by anyone else, is FORBIDDEN before anything is read or played.
 * ACTING_PLAYER inputs are checked by the service (the caller plays the character, or is the GM),
 * and "only the current character acts" by the rules.
 */
import { ForbiddenError } from '../../common/errors.js';
import { isGameMaster } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import type { AuthorityRow } from '../../rules/kernel/authority.js';
import { AUTHORITY } from '../../rules/yummell/index.js';

/** A value that decides something: given, and not an empty list (a list left at its default decides nothing). */
const decides = (value: unknown): boolean => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/** The GM's inputs of `action` that `input` gives. */
export function gmInputsGiven(action: string, input: object, rows: readonly AuthorityRow[] = AUTHORITY): AuthorityRow[] {
  return rows.filter((row) => row.action === action && row.decidedBy === 'GM' && decides((input as Record<string, unknown>)[row.input]));
}

/**
 * Refuses a caller who is not the campaign's GM (nor the ADMIN) an input that the GM decides,
 * naming each such input and the rule that gives it to the GM.
 */
export function requireAuthority(principal: Principal, campaignId: string, action: string, input: object, rows: readonly AuthorityRow[] = AUTHORITY): void {
  if (isGameMaster(principal, campaignId)) return;
  const refused = gmInputsGiven(action, input, rows);
  if (refused.length === 0) return;
  const names = refused.map((row) => row.input).join(', ');
  throw new ForbiddenError(`Only the GM decides ${names} in ${action} (${refused[0].source}): ask the GM`);
}
