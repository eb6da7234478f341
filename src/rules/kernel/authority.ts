/**
 * Who decides each input of each action (issue "the table's authority"): the rule texts give some
 * numbers to the GM (the Lead Player in Enchanted Realms) and others to the acting player. Each
 * ruleset exports its rows; the service layer enforces them and the README prints them.
 */
export type Decider =
  /** The campaign's GM (the Lead Player) alone. */
  | 'GM'
  /** The player of the character who acts, or the GM for them. */
  | 'ACTING_PLAYER'
  /** The player of the character who answers an action (a defender's Counter Draw), or the GM for them. */
  | 'OPPOSING_PLAYER'
  /** Any member of the campaign. */
  | 'ANY_MEMBER';

export interface AuthorityRow {
  /** The GraphQL mutation (its REST route takes the same input). */
  action: string;
  /** The input field, or `*` for the action as a whole. */
  input: string;
  decidedBy: Decider;
  /** The spec section or seed line that gives the decision to them. */
  source: string;
}
