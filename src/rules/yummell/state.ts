/**
 * What a Yummell rule sees: the characters' sheets, the race (campaign-wide state) and the
 * encounter deck's piles, each part stored where its TSDoc says.
 */
import type { DeckPiles } from '../cards/piles.js';
import { type Play, refuse, rule, type Rule } from '../kernel/outcome.js';
import type { AbilityId } from './abilities-catalog.js';
import type { Advantage, Characteristic, YummellBoard, YummellCard } from './data.js';

/** A hand holds 4 cards and is refilled to 4 at the end of each turn (yummell.md, Board, characters, cards). */
export const HAND_SIZE = 4;

/** One character's sheet, stored on its character row (`characters.sheet`, the `yummell` key). */
export interface YummellSheet {
  /** The character's name, as on its row: messages use it. */
  name: string;
  /** 0 before the first square (where every character starts), n on square n of the board. */
  position: number;
  characteristics: Record<Characteristic, number>;
  abilities: AbilityId[];
  advantages: Advantage[];
  /** Card ids of the active Artefacts, in the order they came. The cards lie on `piles.table`. */
  artefacts: string[];
}

/** What the current character has done this turn. */
export interface TurnProgress {
  /** Move or rest: one of them, once a turn (yummell.md, A turn step 1). */
  action: 'NONE' | 'MOVED' | 'RESTED';
  /** Where this turn's movement ended: the square abilities "at the end of the movement" act in. */
  movementEndedAt: number | null;
  /** Abilities used this turn: each once a turn. */
  abilitiesUsed: AbilityId[];
}

/** A Creature drawn as an encounter and not yet fought (yummell.md, Encounter results). */
export interface PendingChallenge {
  characterId: string;
  creatureCardId: string;
  characteristic: Characteristic;
  number: number;
}

/** The race, stored in `campaigns.ruleset_state`. */
export interface YummellCampaign {
  board: YummellBoard;
  /** The encounter deck's card definitions, by id. */
  cards: Record<string, YummellCard>;
  /** Character ids in the order they play: the order they were created. */
  turnOrder: string[];
  /** Whose turn it is; null before anyone joined and after everyone arrived. */
  currentCharacterId: string | null;
  /** Character ids in the order they reached the last square: the first won. */
  finishOrder: string[];
  turn: TurnProgress;
  pendingChallenge: PendingChallenge | null;
}

/**
 * Everything a Yummell rule may read or change.
 * - `characters`: sheets by character id, each stored on its character row;
 * - `campaign`: the race, stored in `campaigns.ruleset_state`;
 * - `piles`: the encounter deck, stored as the campaign's deck; a character's hand is
 *   `piles.hands[characterId]`, active Artefacts and a Creature being fought lie on `piles.table`.
 */
export interface YummellState {
  characters: Record<string, YummellSheet>;
  campaign: YummellCampaign;
  piles: DeckPiles;
}

/** A turn nobody has acted in yet. */
export const freshTurn = (): TurnProgress => ({ action: 'NONE', movementEndedAt: null, abilitiesUsed: [] });

/** The state of a campaign whose race is not set up yet: no board, no cards, nobody. */
export function unsetYummellState(): YummellState {
  return {
    characters: {},
    campaign: {
      board: { name: '', squares: [], extraTerrains: {} },
      cards: {},
      turnOrder: [],
      currentCharacterId: null,
      finishOrder: [],
      turn: freshTurn(),
      pendingChallenge: null,
    },
    piles: { drawPile: [], discardPile: [], table: [], hands: {} },
  };
}

/** A Yummell rule: every one records its events itself, with what each needs to be replayed. */
export const yummellRule = <I, R extends object>(body: (play: Play<YummellState>, input: I) => R): Rule<YummellState, I, R> =>
  rule<YummellState, I, R>(null, body);

export type YummellPlay = Play<YummellState>;

/** The last square of the track: the finish. */
export const finishSquare = (state: YummellState): number => state.campaign.board.squares.length;

/** A card's definition; a card missing from the definitions is a bug of the stored state. */
export function cardOf(state: YummellState, cardId: string): YummellCard {
  const card = state.campaign.cards[cardId];
  if (card === undefined) throw new Error(`card '${cardId}' is in the piles but not among the race's cards`);
  return card;
}

/** A character's hand (empty when it has none). */
export const handOf = (state: YummellState, characterId: string): string[] => state.piles.hands[characterId] ?? [];

/** Refuses unless a board and a deck are loaded. */
export function requireRace(state: YummellState): void {
  if (state.campaign.board.squares.length === 0) refuse('NO_RACE', 'the race is not set up yet: load a board and a deck first');
}

/** The sheet of a character of this race, or a refusal. */
export function sheetOf(state: YummellState, characterId: string): YummellSheet {
  const sheet = state.characters[characterId];
  if (sheet === undefined) refuse('UNKNOWN_CHARACTER', `there is no character '${characterId}' in this race`);
  return sheet;
}

/** Whether the character reached the last square. */
export const hasArrived = (state: YummellState, characterId: string): boolean => state.campaign.finishOrder.includes(characterId);

/**
 * The sheet of the character who wants to act, checked in the order a player would ask: it is in
 * the race, still racing, its turn (yummell.md: only the current character acts), and no
 * challenge is waiting (a pending challenge is resolved before anything else). Only the
 * challenge itself passes `challenge: true`.
 */
export function actingSheet(state: YummellState, characterId: string, options: { challenge?: boolean } = {}): YummellSheet {
  requireRace(state);
  const sheet = sheetOf(state, characterId);
  if (hasArrived(state, characterId)) refuse('ALREADY_ARRIVED', `${sheet.name} has already reached the last square and finished the race`);
  const { currentCharacterId, pendingChallenge } = state.campaign;
  if (currentCharacterId !== characterId) {
    const current = currentCharacterId === null ? undefined : state.characters[currentCharacterId];
    refuse('NOT_YOUR_TURN', current === undefined ? `it is not ${sheet.name}'s turn` : `it is ${current.name}'s turn, not ${sheet.name}'s`);
  }
  if (!options.challenge && pendingChallenge !== null) {
    const creature = cardOf(state, pendingChallenge.creatureCardId);
    refuse('CHALLENGE_PENDING', `${sheet.name} must first resolve the challenge against ${creature.name}`);
  }
  return sheet;
}

/** Character.yummell: a sheet as everyone may see it, with the hand's size and not its cards. */
export interface YummellCharacterView {
  position: number;
  characteristics: Record<Characteristic, number>;
  abilities: AbilityId[];
  advantages: Advantage[];
  artefacts: YummellCard[];
  handCount: number;
}

/** What everyone may see of a character (issue, Contract: `Character.yummell`). */
export function characterView(state: YummellState, characterId: string): YummellCharacterView {
  const sheet = sheetOf(state, characterId);
  return {
    position: sheet.position,
    characteristics: { ...sheet.characteristics },
    abilities: [...sheet.abilities],
    advantages: sheet.advantages.map((advantage) => ({ ...advantage, characteristics: [...advantage.characteristics] })),
    artefacts: sheet.artefacts.map((id) => cardOf(state, id)),
    handCount: handOf(state, characterId).length,
  };
}

/** Campaign.yummell: the race as everyone may see it. */
export interface YummellCampaignView {
  board: YummellBoard;
  turnOrder: string[];
  currentCharacterId: string | null;
  finishOrder: string[];
  turn: TurnProgress;
  pendingChallenge: PendingChallenge | null;
  drawPileCount: number;
  /** Face up, top first. */
  discardPile: string[];
}

/** What everyone may see of the race (issue, Contract: `Campaign.yummell`); never the draw pile's order. */
export function campaignView(state: YummellState): YummellCampaignView {
  const { campaign, piles } = state;
  return {
    board: campaign.board,
    turnOrder: [...campaign.turnOrder],
    currentCharacterId: campaign.currentCharacterId,
    finishOrder: [...campaign.finishOrder],
    turn: { ...campaign.turn, abilitiesUsed: [...campaign.turn.abilitiesUsed] },
    pendingChallenge: campaign.pendingChallenge,
    drawPileCount: piles.drawPile.length,
    discardPile: [...piles.discardPile],
  };
}
