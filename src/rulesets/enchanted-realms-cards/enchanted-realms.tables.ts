import { Injectable } from '@nestjs/common';
import { BadUserInputError } from '../../common/errors.js';
import { CharactersRepository, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import { DecksRepository, type DeckRecord } from '../../modules/decks/decks.repository.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import type { EnchantedRealmsSheet, EnchantedRealmsTable } from '../../rules/enchanted-realms-cards/table.js';
import { sameData } from '../../rules/plain-data.js';
import type { LoadedTable, TableStore } from '../kernel/table-runner.js';
import { ENCHANTED_REALMS_CARDS, enchantedRealmsStateOf, type EnchantedRealmsCampaignState } from './enchanted-realms.repository.js';

/** The key of a character's sheet under which Enchanted Realms keeps its own. */
export const SHEET_KEY = 'enchantedRealms';

export function sheetOf(character: Pick<CharacterRecord, 'sheet'>): EnchantedRealmsSheet | null {
  return (character.sheet?.[SHEET_KEY] as EnchantedRealmsSheet | undefined) ?? null;
}

/** A character a move creates: its row is inserted with the sheet the move gives it. */
export interface NewCharacterRow {
  id: string;
  memberId: string | null;
  name: string;
}

/** The rows an Enchanted Realms table was read from. */
export interface EnchantedRealmsRows {
  campaignState: EnchantedRealmsCampaignState;
  deck: DeckRecord;
  rows: CharacterRecord[];
  newCharacter: NewCharacterRow | undefined;
}

/**
 * The Enchanted Realms table in a campaign: the Adventure Deck, every character's sheet and the
 * trades waiting for an answer (`ruleset_state`), and how a move's changes are written back.
 */
@Injectable()
export class EnchantedRealmsTables implements TableStore<EnchantedRealmsTable, EnchantedRealmsRows, NewCharacterRow | undefined> {
  constructor(
    private readonly characters: CharactersRepository,
    private readonly decks: DecksRepository,
  ) {}

  async load(action: CampaignAction, newCharacter: NewCharacterRow | undefined): Promise<LoadedTable<EnchantedRealmsTable, EnchantedRealmsRows>> {
    const { campaign } = action;
    const campaignState = campaign.ruleset === ENCHANTED_REALMS_CARDS ? enchantedRealmsStateOf(campaign.rulesetState) : undefined;
    if (!campaignState) throw new BadUserInputError('This campaign is not played by Enchanted Realms (card edition)', 'campaignId');
    const [deck, rows] = await Promise.all([this.decks.findById(campaignState.deckId), this.characters.listForMove(campaign.id)]);
    if (!deck) throw new Error(`the Adventure Deck of campaign ${campaign.id} is missing`);
    const state: EnchantedRealmsTable = {
      deck: deck.cards,
      piles: deck.piles,
      characters: Object.fromEntries(rows.map((row) => [row.id, { memberId: row.memberId, sheet: sheetOf(row) }])),
      offers: campaignState.offers,
      calls: campaignState.calls,
      overcome: campaignState.overcome,
      foes: campaignState.foes ?? [],
      nextEventSeq: campaign.lastEventSeq + 1,
    };
    return { state, rows: { campaignState, deck, rows, newCharacter } };
  }

  save(action: CampaignAction, { state: before, rows }: LoadedTable<EnchantedRealmsTable, EnchantedRealmsRows>, after: EnchantedRealmsTable): void {
    const { changes } = action;
    if (!sameData(before.piles, after.piles)) changes.savePiles(rows.deck.id, after.piles);
    const { offers, calls, overcome, foes } = after;
    if (!sameData({ offers: before.offers, calls: before.calls, overcome: before.overcome, foes: before.foes }, { offers, calls, overcome, foes })) {
      changes.saveRulesetState({ ...rows.campaignState, offers, calls, overcome, foes });
    }
    for (const [id, character] of Object.entries(after.characters)) {
      const row = rows.rows.find((each) => each.id === id);
      if (row) {
        if (character.sheet && !sameData(sheetOf(row), character.sheet)) changes.saveSheet(id, { ...row.sheet, [SHEET_KEY]: character.sheet });
      } else if (rows.newCharacter?.id === id) {
        changes.addCharacter({ ...rows.newCharacter, sheet: { [SHEET_KEY]: character.sheet } });
      }
    }
  }

  playerOf({ state, rows }: LoadedTable<EnchantedRealmsTable, EnchantedRealmsRows>, characterId: string): string | null {
    if (rows.newCharacter?.id === characterId) return rows.newCharacter.memberId;
    return state.characters[characterId]?.memberId ?? null;
  }
}
