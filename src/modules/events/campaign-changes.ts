import type { CardDefinition } from '../../rules/cards/card.js';
import type { DeckPiles } from '../../rules/cards/piles.js';
import type { ClientSeed } from '../../rules/random/epoch-key.js';

/** A new deck, as it is first stored. */
export interface NewDeck {
  id: string;
  name: string;
  cards: readonly CardDefinition[];
  piles: DeckPiles;
}

/** A new character, as it is first stored. */
export interface NewCharacter {
  id: string;
  memberId: string | null;
  name: string;
  sheet: Record<string, unknown>;
}

/** An encounter of a ruleset, inserted or replaced whole. */
export interface EncounterWrite {
  id: string;
  kind: string;
  status: string;
  state: object;
}

/**
 * What one move changes in its campaign beyond its events: written together with them, in one
 * statement that first checks the campaign has not moved on since the move read it
 * (MovesRepository.apply). A later change of the same row replaces an earlier one.
 */
export class CampaignChanges {
  readonly newDecks: NewDeck[] = [];
  readonly piles = new Map<string, DeckPiles>();
  readonly newCharacters: NewCharacter[] = [];
  readonly sheets = new Map<string, Record<string, unknown>>();
  readonly encounters = new Map<string, EncounterWrite>();
  /** The ruleset's campaign state (`campaigns.ruleset_state`), when the move changed it. */
  rulesetState: object | undefined;
  /** The members' seeds for the next epoch, when the move changed them. */
  nextClientSeeds: ClientSeed[] | undefined;

  addDeck(deck: NewDeck): void {
    this.newDecks.push(deck);
  }

  savePiles(deckId: string, piles: DeckPiles): void {
    const added = this.newDecks.find((deck) => deck.id === deckId);
    if (added) added.piles = piles;
    else this.piles.set(deckId, piles);
  }

  addCharacter(character: NewCharacter): void {
    this.newCharacters.push(character);
  }

  saveSheet(characterId: string, sheet: Record<string, unknown>): void {
    const added = this.newCharacters.find((character) => character.id === characterId);
    if (added) added.sheet = sheet;
    else this.sheets.set(characterId, sheet);
  }

  saveEncounter(encounter: EncounterWrite): void {
    this.encounters.set(encounter.id, encounter);
  }

  saveRulesetState(state: object): void {
    this.rulesetState = state;
  }

  saveNextClientSeeds(clientSeeds: ClientSeed[]): void {
    this.nextClientSeeds = clientSeeds;
  }
}
