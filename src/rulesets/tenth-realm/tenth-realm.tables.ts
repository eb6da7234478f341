import { Injectable } from '@nestjs/common';
import { BadUserInputError, NotFoundError } from '../../common/errors.js';
import { CharactersRepository, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import { DecksRepository, type DeckRecord } from '../../modules/decks/decks.repository.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import { sameData } from '../../rules/plain-data.js';
import { DEFAULT_INVENTORY_SLOTS, NO_PENDING, type TenthRealmSheet } from '../../rules/tenth-realm/sheet.js';
import type { TenthRealmState } from '../../rules/tenth-realm/table.js';
import type { LoadedTable, TableStore } from '../kernel/table-runner.js';
import { COMBAT_KIND, TenthRealmRepository, tenthRealmStateOf, type EncounterRecord, type TenthRealmCampaignState } from './tenth-realm.repository.js';

export const TENTH_REALM = 'tenth-realm';
/** The key of a character's sheet under which the Tenth Realm keeps its own. */
export const SHEET_KEY = 'tenthRealm';

/** Which combat a rule sees: the one named, the one under way (if any), or none. */
export type CombatScope = { encounterId: string } | 'ACTIVE' | 'NONE';

/** A character a rule creates: its row is inserted with the sheet the rule gives it. */
export interface NewCharacterRow {
  id: string;
  memberId: string | null;
  name: string;
}

export interface TableScope {
  combat: CombatScope;
  newCharacter?: NewCharacterRow;
  /** Checks who may decide the inputs, against the campaign's settings, before the rule runs. */
  authorize?: (settings: Record<string, unknown>) => void;
  /** The input field the campaign was found from, blamed when it is not a Tenth Realm campaign. */
  campaignFrom?: 'campaignId' | 'characterId';
}

/** The rows a Tenth Realm table was read from. */
export interface TenthRealmRows {
  campaignState: TenthRealmCampaignState;
  deck: DeckRecord;
  rows: CharacterRecord[];
  encounter: EncounterRecord | undefined;
  newCharacter: NewCharacterRow | undefined;
}

/** The character's Tenth Realm sheet, with flags added since it was stored at their defaults. */
export function sheetOf(character: Pick<CharacterRecord, 'sheet'>): TenthRealmSheet | null {
  const sheet = character.sheet?.[SHEET_KEY] as TenthRealmSheet | undefined;
  return sheet ? { ...sheet, pending: { ...NO_PENDING, ...sheet.pending } } : null;
}

/**
 * The Tenth Realm's table in a campaign: the shared deck's piles, every character's sheet, the
 * world (`ruleset_state`) and the combat in scope, and how a rule's changes are written back.
 */
@Injectable()
export class TenthRealmTables implements TableStore<TenthRealmState, TenthRealmRows, TableScope> {
  constructor(
    private readonly repository: TenthRealmRepository,
    private readonly characters: CharactersRepository,
    private readonly decks: DecksRepository,
  ) {}

  async load(action: CampaignAction, scope: TableScope): Promise<LoadedTable<TenthRealmState, TenthRealmRows>> {
    const { campaign } = action;
    const campaignState = campaign.ruleset === TENTH_REALM ? tenthRealmStateOf(campaign.rulesetState) : undefined;
    if (!campaignState) {
      const from = scope.campaignFrom ?? 'campaignId';
      throw new BadUserInputError(`${from === 'characterId' ? "This character's campaign" : 'This campaign'} is not played by the Tenth Realm`, from);
    }
    scope.authorize?.(campaign.settings);
    // Read after the campaign (GameLedger.act): what they see is no older than its version.
    const [deck, rows, encounter] = await Promise.all([
      this.decks.findById(campaignState.deckId),
      this.characters.listForMove(campaign.id),
      this.readCombat(campaign.id, scope.combat),
    ]);
    if (!deck) throw new Error(`the Tenth Realm deck of campaign ${campaign.id} is missing`);
    if (typeof scope.combat === 'object' && encounter?.campaignId !== campaign.id) throw new NotFoundError('Encounter', scope.combat.encounterId);
    const state: TenthRealmState = {
      piles: deck.piles,
      characters: Object.fromEntries(rows.flatMap((row) => (sheetOf(row) ? [[row.id, sheetOf(row)!]] : []))),
      world: campaignState.world,
      combat: encounter?.combat ?? null,
      settings: { inventorySlots: Number(campaign.settings.inventorySlots ?? DEFAULT_INVENTORY_SLOTS) },
    };
    return { state, rows: { campaignState, deck, rows, encounter, newCharacter: scope.newCharacter } };
  }

  save(action: CampaignAction, { state: before, rows }: LoadedTable<TenthRealmState, TenthRealmRows>, after: TenthRealmState): void {
    const { changes } = action;
    if (!sameData(before.piles, after.piles)) changes.savePiles(rows.deck.id, after.piles);
    if (!sameData(before.world, after.world)) changes.saveRulesetState({ ...rows.campaignState, world: after.world });
    if (after.combat && !sameData(before.combat, after.combat)) {
      changes.saveEncounter({ id: after.combat.id, kind: COMBAT_KIND, status: after.combat.status, state: after.combat });
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

  playerOf({ rows }: LoadedTable<TenthRealmState, TenthRealmRows>, characterId: string): string | null {
    return rows.rows.find((row) => row.id === characterId)?.memberId ?? null;
  }

  /** The combat a rule plays in: none, the campaign's active one, or the encounter named (checked by the caller). */
  private async readCombat(campaignId: string, scope: CombatScope): Promise<EncounterRecord | undefined> {
    if (scope === 'NONE') return undefined;
    if (scope === 'ACTIVE') return this.repository.findActiveCombat(campaignId);
    return this.repository.findEncounter(scope.encounterId);
  }
}
