import { Injectable } from '@nestjs/common';
import { BadUserInputError } from '../../common/errors.js';
import type { CardDefinition } from '../../rules/cards/card.js';
import type { AuthorityRow } from '../../rules/kernel/authority.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';

/** The decks a ruleset owns in a campaign (RulesetDefinition.ownedDecks). */
export interface OwnedDecks {
  deckIds(rulesetState: Record<string, unknown>): string[];
  operations: readonly string[];
}

/** A rule system a campaign can be played by, as its module registers it (src/rulesets/registry.ts). */
export interface RulesetDefinition {
  /** Stable id (../shared/rules/README.md), e.g. `tenth-realm`. */
  id: string;
  name: string;
  description: string;
  /** Who decides each input of each of its mutations. */
  authority: readonly AuthorityRow[];
  /** Every key a campaign's `settings` may hold; any other is refused (a typo would go unnoticed). */
  settingKeys: readonly string[];
  /**
   * Checks a new campaign's settings and returns them with the ruleset's defaults filled in;
   * throws BAD_USER_INPUT naming the setting.
   */
  settings(given: Record<string, unknown>): Record<string, unknown>;
  /**
   * The decks its own rules move (a hand limit, a reveal rule): the generic `drawCards` and
   * `moveCards` refuse them to players, and the GM moves them only with `override: true`, which
   * the event records. `deckIds` reads them from the campaign's ruleset state; `operations` names
   * the ruleset's own mutations that move them, for the refusal to point to.
   */
  ownedDecks?: OwnedDecks;
  /**
   * Checks the cards of a deck made in one of its campaigns (`createDeck` with `cards`) as its
   * settings' cards are checked; throws BAD_USER_INPUT on `field`[i], naming the card.
   */
  validateCards?(cards: unknown[], field: string): readonly CardDefinition[];
  /** Sets up a new campaign inside the move that creates it: its decks and starting state. */
  setUpCampaign(action: CampaignAction, settings: Record<string, unknown>): Promise<void> | void;
}

/**
 * Refuses a settings key the ruleset does not know, with BAD_USER_INPUT naming it and listing the
 * known ones; ruleset-specific checks of the values come after.
 */
export function refuseUnknownSettings(ruleset: Pick<RulesetDefinition, 'id' | 'settingKeys'>, given: Record<string, unknown>): void {
  const unknown = Object.keys(given).find((key) => !ruleset.settingKeys.includes(key));
  if (unknown === undefined) return;
  const known = ruleset.settingKeys.length === 0 ? 'it has none' : `known: ${ruleset.settingKeys.join(', ')}`;
  throw new BadUserInputError(`settings.${unknown} is not a setting of ${ruleset.id} (${known})`, `settings.${unknown}`, {
    knownSettings: [...ruleset.settingKeys],
  });
}

/** The rule systems this server plays: each ruleset's module registers itself when it starts. */
@Injectable()
export class Rulesets {
  private readonly byId = new Map<string, RulesetDefinition>();

  register(definition: RulesetDefinition): void {
    this.byId.set(definition.id, definition);
  }

  find(id: string): RulesetDefinition | undefined {
    return this.byId.get(id);
  }

  list(): RulesetDefinition[] {
    return [...this.byId.values()];
  }
}
