import { Injectable } from '@nestjs/common';
import type { CampaignAction } from '../modules/events/game-ledger.service.js';

/** What a ruleset's module adds to the platform when a campaign of its ruleset is created. */
export interface RulesetSetup {
  /**
   * Checks the campaign's settings and returns them with the ruleset's defaults filled in;
   * throws BAD_USER_INPUT naming the setting.
   */
  settings(given: Record<string, unknown>): Record<string, unknown>;
  /** Sets up a new campaign inside the action that creates it: its decks and starting state. */
  setUpCampaign(action: CampaignAction, settings: Record<string, unknown>): Promise<void>;
}

/**
 * The rulesets whose own rules are implemented, by id. Each ruleset module registers itself when
 * it is created; a campaign of a ruleset without one still has the platform's decks and dice.
 */
@Injectable()
export class RulesetHooks {
  private readonly setups = new Map<string, RulesetSetup>();

  register(rulesetId: string, setup: RulesetSetup): void {
    this.setups.set(rulesetId, setup);
  }

  isImplemented(rulesetId: string): boolean {
    return this.setups.has(rulesetId);
  }

  settings(rulesetId: string, given: Record<string, unknown>): Record<string, unknown> {
    return this.setups.get(rulesetId)?.settings(given) ?? given;
  }

  async setUpCampaign(action: CampaignAction, rulesetId: string, settings: Record<string, unknown>): Promise<void> {
    await this.setups.get(rulesetId)?.setUpCampaign(action, settings);
  }
}
