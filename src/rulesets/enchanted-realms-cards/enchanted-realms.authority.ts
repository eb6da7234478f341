/**
 * Enforcing who decides each input (src/rules/enchanted-realms-cards/authority.ts) from the table
 * itself, so that the table the `rulesets` query prints and the checks cannot drift apart.
 */
import { ForbiddenError } from '../../common/errors.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import { AUTHORITY } from '../../rules/enchanted-realms-cards/authority.js';

/** The value at a dotted path of the input (`opponent.forTheGameCardId`), or undefined. */
function valueAt(input: object, path: string): unknown {
  let value: unknown = input;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * Checks the caller may make `action` in the campaign with these inputs: a member of it (another
 * campaign is NOT_FOUND); and, unless the GM (the Lead Player) or the ADMIN, neither an action
 * whose every input is the Lead Player's nor any input the table gives the Lead Player (FORBIDDEN,
 * naming them and the rule text). Whose character an ACTING_PLAYER or OPPOSING_PLAYER input
 * names is checked by the caller, which reads it.
 *
 * @throws Error for an action the table does not list: every mutation has its rows.
 */
export function requireDecider(principal: Principal, campaignId: string, action: string, input: object): void {
  requireCampaignRole(principal, campaignId, 'PLAYER');
  const rows = AUTHORITY.filter((row) => row.action === action);
  if (rows.length === 0) throw new Error(`the authority table has no row for ${action}`);
  if (isGameMaster(principal, campaignId)) return;
  const gmRows = rows.filter((row) => row.decidedBy === 'GM');
  if (gmRows.length === rows.length) throw new ForbiddenError(`Only the Lead Player (the campaign's GM) may do that (${gmRows[0].source})`);
  const given = gmRows.filter((row) => {
    const value = valueAt(input, row.input);
    return value !== undefined && value !== null;
  });
  if (given.length === 0) return;
  const names = given.map((row) => row.input);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  throw new ForbiddenError(`${list} ${names.length === 1 ? 'is' : 'are'} the Lead Player's to decide (${given[0].source}): ask the GM to call for the Draw`);
}
