/**
 * Enforcing who decides each input of a Tenth Realm mutation (src/rules/tenth-realm/authority.ts)
 * from the table itself, so that the table the `rulesets` query prints and the checks cannot
 * drift apart. ACTING_PLAYER inputs (whose character it is) are checked by the service.
 */
import { ForbiddenError } from '../../common/errors.js';
import { isGameMaster } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import type { AuthorityRow } from '../../rules/kernel/authority.js';
import { AUTHORITY, CALLED_ROLLS, DIFFICULTY_INPUTS, PLAYERS_SET_DIFFICULTY } from '../../rules/tenth-realm/authority.js';

/** A value that decides something: given, and not an empty list (a list left at its default decides nothing). */
const decides = (value: unknown): boolean => value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);

/** An input's value; `list.field` names a field of each entry of a list (the amounts given in `burns`). */
function valueOf(input: object, name: string): unknown {
  const [field, inner] = name.split('.');
  const value = (input as Record<string, unknown>)[field];
  if (inner === undefined || !Array.isArray(value)) return inner === undefined ? value : undefined;
  return value.map((entry) => (entry as Record<string, unknown> | null)?.[inner]).filter((each) => each !== undefined && each !== null);
}

const listed = (names: string[]) => (names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);

/** Whether a campaign's settings let players set their own rolls' difficulty. */
export const playersSetDifficulty = (settings: Record<string, unknown>): boolean => settings[PLAYERS_SET_DIFFICULTY] === true;

/**
 * Refuses a caller who is not the campaign's GM (nor the ADMIN): an action whose every input is
 * the GM's; any input the table gives the GM (the difficulty inputs are the player's too when the
 * campaign sets playersSetDifficulty); and a roll that answers no call of the GM's, unless the
 * campaign lets players set difficulty. FORBIDDEN names the inputs and the rule text.
 *
 * @throws Error for an action the table does not list: every mutation has its rows.
 */
export function requireDecider(
  principal: Principal,
  campaignId: string,
  action: string,
  input: object,
  settings: Record<string, unknown>,
  authority: readonly AuthorityRow[] = AUTHORITY,
): void {
  const rows = authority.filter((row) => row.action === action);
  if (rows.length === 0) throw new Error(`the authority table has no row for ${action}`);
  if (isGameMaster(principal, campaignId)) return;
  const gmRows = rows.filter((row) => row.decidedBy === 'GM');
  if (gmRows.length === rows.length) throw new ForbiddenError(`Only the campaign's GM may do that (${gmRows[0].source})`);
  const lighter = playersSetDifficulty(settings);
  const given = gmRows.filter((row) => decides(valueOf(input, row.input)) && !(lighter && DIFFICULTY_INPUTS.includes(row.input)));
  if (given.length > 0) {
    const names = given.map((row) => row.input);
    throw new ForbiddenError(`${listed(names)} ${names.length === 1 ? 'is' : 'are'} the GM's to decide (${given[0].source}): ask the GM`);
  }
  if (CALLED_ROLLS.includes(action) && !lighter && !decides((input as Record<string, unknown>).callId)) {
    throw new ForbiddenError(
      `The GM sets the difficulty of a roll (seed 002 line 124): roll the GM's call (callId from tenthRealmCallTrial), or the GM creates the campaign with ${PLAYERS_SET_DIFFICULTY}`,
    );
  }
}
