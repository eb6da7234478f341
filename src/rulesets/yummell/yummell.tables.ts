import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BadUserInputError } from '../../common/errors.js';
import { CharactersRepository, type CharacterRecord } from '../../modules/characters/characters.repository.js';
import { DecksRepository, type DeckRecord } from '../../modules/decks/decks.repository.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import { sameData } from '../../rules/plain-data.js';
import { unsetYummellState, type YummellCard, type YummellSheet, type YummellState } from '../../rules/yummell/index.js';
import type { LoadedTable, TableStore } from '../kernel/table-runner.js';
import { raceCards, toCardDefinition } from './yummell-cards.js';
import { YUMMELL, yummellStateOf, type StoredRace, type YummellCampaignState } from './yummell.repository.js';

/** The key of a character's sheet under which Yummell keeps its own. */
export const SHEET_KEY = 'yummell';
/** The name of a campaign's encounter deck. */
export const DECK_NAME = 'Yummell encounter deck';

export function sheetOf(character: Pick<CharacterRecord, 'sheet'>): YummellSheet | null {
  return (character.sheet?.[SHEET_KEY] as YummellSheet | undefined) ?? null;
}

/** A character a move creates: its row is inserted with the sheet the move gives it. */
export interface NewCharacterRow {
  id: string;
  memberId: string | null;
  name: string;
}

/** What a move reads besides the campaign: a character it creates, and the input field that named the campaign. */
export interface YummellScope {
  newCharacter?: NewCharacterRow;
  /** Named by the refusal of a campaign of another ruleset. */
  field: 'campaignId' | 'characterId';
}

/** The rows a Yummell table was read from; no deck nor state before the race is set up. */
export interface YummellRows {
  campaignState: YummellCampaignState | undefined;
  deck: DeckRecord | undefined;
  rows: CharacterRecord[];
  newCharacter: NewCharacterRow | undefined;
  /** Set by `save` when the move set up a new encounter deck. */
  savedDeckId?: string;
}

const raceOf = ({ cards: _cards, ...race }: YummellState['campaign']): StoredRace => race;

/**
 * The Yummell table in a campaign: the race (`ruleset_state`: the board, the turn, the finish
 * order), the encounter deck (its list holds the cards' definitions, its piles the draw and
 * discard piles, the hands and the cards on the table) and every character's sheet; and how a
 * move's changes are written back.
 */
@Injectable()
export class YummellTables implements TableStore<YummellState, YummellRows, YummellScope> {
  constructor(
    private readonly characters: CharactersRepository,
    private readonly decks: DecksRepository,
  ) {}

  async load(action: CampaignAction, scope: YummellScope): Promise<LoadedTable<YummellState, YummellRows>> {
    const { campaign } = action;
    if (campaign.ruleset !== YUMMELL) throw new BadUserInputError('This campaign is not played by Yummell', scope.field);
    const campaignState = yummellStateOf(campaign.rulesetState);
    // Read after the campaign (GameLedger.act): what they see is no older than its version.
    const [deck, rows] = await Promise.all([campaignState && this.decks.findById(campaignState.deckId), this.characters.listForMove(campaign.id)]);
    if (campaignState && !deck) throw new Error(`the Yummell encounter deck of campaign ${campaign.id} is missing`);
    const state = unsetYummellState();
    if (campaignState && deck) {
      // The rule works on a copy (kernel Play): the shared definitions are never changed.
      state.campaign = { ...campaignState.race, cards: raceCards(deck.cards) as Record<string, YummellCard> };
      state.piles = deck.piles;
    }
    for (const row of rows) {
      const sheet = sheetOf(row);
      if (sheet) state.characters[row.id] = sheet;
    }
    return { state, rows: { campaignState, deck, rows, newCharacter: scope.newCharacter } };
  }

  save(action: CampaignAction, { state: before, rows }: LoadedTable<YummellState, YummellRows>, after: YummellState): void {
    const { changes } = action;
    let deckId = rows.campaignState?.deckId;
    if (deckId === undefined || !sameData(before.campaign.cards, after.campaign.cards)) {
      // A new deck list (the race's first, or another one before anyone joined): a deck's list never changes.
      deckId = randomUUID();
      const cards = Object.values(after.campaign.cards).map(toCardDefinition);
      changes.addDeck({ id: deckId, name: DECK_NAME, cards, piles: after.piles });
      rows.savedDeckId = deckId;
    } else if (!sameData(before.piles, after.piles)) {
      changes.savePiles(deckId, after.piles);
    }
    const race = raceOf(after.campaign);
    if (deckId !== rows.campaignState?.deckId || !sameData(rows.campaignState?.race, race)) {
      const state: YummellCampaignState = { deckId, race };
      changes.saveRulesetState(state);
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

  playerOf({ rows }: LoadedTable<YummellState, YummellRows>, characterId: string): string | null {
    if (rows.newCharacter?.id === characterId) return rows.newCharacter.memberId;
    return rows.rows.find((row) => row.id === characterId)?.memberId ?? null;
  }
}
