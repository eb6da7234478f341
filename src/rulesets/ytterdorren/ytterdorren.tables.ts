import { Injectable } from '@nestjs/common';
import { BadUserInputError, NotFoundError } from '../../common/errors.js';
import { CharactersRepository, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import { sameData } from '../../rules/plain-data.js';
import type { YtterdorrenEncounter, YtterdorrenSheet, YtterdorrenState } from '../../rules/ytterdorren/state.js';
import type { LoadedTable, TableStore } from '../kernel/table-runner.js';
import { ROW_ACTIVE, YTTERDORREN, YtterdorrenRepository, ytterdorrenStateOf, type FightRecord, type YtterdorrenCampaignState } from './ytterdorren.repository.js';

/** The key of a character's sheet under which Ytterdörren keeps its own. */
export const SHEET_KEY = 'ytterdorren';

export function sheetOf(character: Pick<CharacterRecord, 'sheet'>): YtterdorrenSheet | null {
  return (character.sheet?.[SHEET_KEY] as YtterdorrenSheet | undefined) ?? null;
}

/** A character a move creates: its row is inserted with the sheet the rule gives it. */
export interface NewCharacterRow {
  id: string;
  memberId: string | null;
  name: string;
}

/** What a rule sees besides the campaign's sheets, cards and fights under way. */
export interface YtterdorrenScope {
  /** The skirmish or encounter the input names (checked to be of the campaign by the caller). */
  fight?: { id: string; what: 'Skirmish' | 'Encounter' };
  newCharacter?: NewCharacterRow;
}

/** The rows a Ytterdörren table was read from. */
export interface YtterdorrenRows {
  campaignState: YtterdorrenCampaignState;
  rows: CharacterRecord[];
  fights: FightRecord[];
  newCharacter: NewCharacterRow | undefined;
}

/** How a fight's status is stored in `encounters.status`: ACTIVE while it goes on, its outcome after. */
export const rowStatus = (fight: YtterdorrenEncounter): string => (fight.status === 'ONGOING' ? ROW_ACTIVE : fight.status);

/**
 * Ytterdörren's table in a campaign (src/rules/ytterdorren/state.ts): every character's sheet,
 * the creature cards (`ruleset_state`), every skirmish and encounter under way and the one the
 * input names; and how a rule's changes are written back.
 */
@Injectable()
export class YtterdorrenTables implements TableStore<YtterdorrenState, YtterdorrenRows, YtterdorrenScope> {
  constructor(
    private readonly repository: YtterdorrenRepository,
    private readonly characters: CharactersRepository,
  ) {}

  async load(action: CampaignAction, scope: YtterdorrenScope): Promise<LoadedTable<YtterdorrenState, YtterdorrenRows>> {
    const { campaign } = action;
    const campaignState = campaign.ruleset === YTTERDORREN ? ytterdorrenStateOf(campaign.rulesetState) : undefined;
    if (!campaignState) throw new BadUserInputError('This campaign is not played by Ytterdörren', 'campaignId');
    // Read after the campaign (GameLedger.act): what they see is no older than its version.
    const [rows, active, named] = await Promise.all([
      this.characters.listForMove(campaign.id),
      this.repository.listActiveFights(campaign.id),
      scope.fight ? this.repository.findFight(scope.fight.id) : undefined,
    ]);
    if (scope.fight && named?.campaignId !== campaign.id) throw new NotFoundError(scope.fight.what, scope.fight.id);
    const fights = named && !active.some((fight) => fight.id === named.id) ? [...active, named] : active;
    const state: YtterdorrenState = {
      characters: Object.fromEntries(rows.flatMap((row) => (sheetOf(row) ? [[row.id, sheetOf(row)!]] : []))),
      campaign: { creatures: campaignState.creatures },
      encounters: Object.fromEntries(fights.map((fight) => [fight.id, fight.state])),
    };
    return { state, rows: { campaignState, rows, fights, newCharacter: scope.newCharacter } };
  }

  save(action: CampaignAction, { state: before, rows }: LoadedTable<YtterdorrenState, YtterdorrenRows>, after: YtterdorrenState): void {
    const { changes } = action;
    if (!sameData(before.campaign.creatures, after.campaign.creatures)) changes.saveRulesetState({ ...rows.campaignState, creatures: after.campaign.creatures });
    for (const [id, fight] of Object.entries(after.encounters)) {
      if (!sameData(before.encounters[id], fight)) changes.saveEncounter({ id, kind: fight.kind, status: rowStatus(fight), state: fight });
    }
    for (const [id, sheet] of Object.entries(after.characters)) {
      const row = rows.rows.find((each) => each.id === id);
      if (row) {
        if (!sameData(before.characters[id], sheet)) changes.saveSheet(id, { ...row.sheet, [SHEET_KEY]: sheet });
      } else if (rows.newCharacter?.id === id) {
        changes.addCharacter({ ...rows.newCharacter, sheet: { [SHEET_KEY]: sheet } });
      }
    }
  }

  playerOf({ rows }: LoadedTable<YtterdorrenState, YtterdorrenRows>, characterId: string): string | null {
    if (rows.newCharacter?.id === characterId) return rows.newCharacter.memberId;
    return rows.rows.find((row) => row.id === characterId)?.memberId ?? null;
  }
}
