import { Injectable } from '@nestjs/common';
import { BadUserInputError, NotFoundError } from '../../common/errors.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import { COMBAT_KIND, type D20State } from '../../rules/enchanted-realms-d20/state.js';
import { sameData } from '../../rules/plain-data.js';
import type { LoadedTable, TableStore } from '../kernel/table-runner.js';
import { d20StateOf, ENCHANTED_REALMS_D20, EnchantedRealmsD20Repository, type CombatRecord, type D20CampaignState } from './enchanted-realms-d20.repository.js';

/** Which combats a rule sees besides those under way: the one its input names, if any. */
export interface D20Scope {
  encounterId: string | null;
}

/** The rows a d20 table was read from. */
export interface D20Rows {
  campaignState: D20CampaignState;
  /** The combats under way, and the one named. */
  combats: CombatRecord[];
}

/**
 * The Enchanted Realms d20 table in a campaign (state.ts, D20State): the combatants kept in
 * `campaigns.ruleset_state`, the combats under way (a combatant fights in one at a time, which the
 * rules check) and the one an input names; and how a rule's changes are written back.
 */
@Injectable()
export class EnchantedRealmsD20Tables implements TableStore<D20State, D20Rows, D20Scope> {
  constructor(private readonly repository: EnchantedRealmsD20Repository) {}

  async load(action: CampaignAction, scope: D20Scope): Promise<LoadedTable<D20State, D20Rows>> {
    const { campaign } = action;
    const campaignState = campaign.ruleset === ENCHANTED_REALMS_D20 ? d20StateOf(campaign.rulesetState) : undefined;
    if (!campaignState) throw new BadUserInputError('This campaign is not played by Enchanted Realms (d20 edition)', 'campaignId');
    // Read after the campaign (GameLedger.act): what they see is no older than its version.
    const combats = await this.repository.listActiveCombats(campaign.id);
    if (scope.encounterId !== null && !combats.some((combat) => combat.id === scope.encounterId)) {
      const named = await this.repository.findCombat(scope.encounterId);
      if (named?.campaignId !== campaign.id) throw new NotFoundError('Combat', scope.encounterId);
      combats.push(named);
    }
    const state: D20State = {
      combatants: campaignState.combatants,
      encounters: Object.fromEntries(combats.map((record) => [record.id, record.combat])),
    };
    return { state, rows: { campaignState, combats } };
  }

  save(action: CampaignAction, { state: before, rows }: LoadedTable<D20State, D20Rows>, after: D20State): void {
    const { changes } = action;
    if (!sameData(before.combatants, after.combatants)) changes.saveRulesetState({ ...rows.campaignState, combatants: after.combatants });
    for (const [id, combat] of Object.entries(after.encounters)) {
      if (!sameData(before.encounters[id], combat)) changes.saveEncounter({ id, kind: COMBAT_KIND, status: combat.status, state: combat });
    }
  }

  /** d20 events keep no secrets (nothing of this ruleset is hidden), so nobody but the GM would read one. */
  playerOf(): string | null {
    return null;
  }
}
