/**
 * Setting up a race: loading the board and the encounter deck, and shuffling the deck into its
 * draw pile (yummell.md, Board, characters, cards: "A campaign loads its own board").
 */
import { refuse } from '../kernel/outcome.js';
import { shuffle } from '../random/random-stream.js';
import { TERRAIN_COSTS, type YummellBoard } from './data.js';
import { YUMMELL_BOARD_PRESETS, YUMMELL_DECK_PRESETS } from './presets.js';
import { freshTurn, yummellRule } from './state.js';
import { firstProblem, validateYummellBoard, validateYummellDeck } from './validation.js';

export interface SetUpInput {
  /** The campaign's own board (checked); or `boardPreset`; the example board when neither is given. */
  board?: unknown;
  boardPreset?: string;
  /** The campaign's own deck (checked); or `deckPreset`; the example deck when neither is given. */
  cards?: unknown;
  deckPreset?: string;
}

export interface SetUpResult {
  board: YummellBoard;
  cardCount: number;
}

export const DEFAULT_BOARD_PRESET = 'yummell-example-board';
export const DEFAULT_DECK_PRESET = 'yummell-example-deck';

/**
 * Loads a board and a deck and shuffles every card into the draw pile, from the deck list's order
 * (yummell.md, Board, characters, cards). **Decision**: a race is set up (or set up again, with
 * another board or deck) only before any character joins it; the campaign's GM decides both.
 * Records `yummell.race.set-up`: the board and the deck list are public, the shuffled order is not.
 */
export const yummellSetUp = yummellRule((play, input: SetUpInput): SetUpResult => {
  if (Object.keys(play.state.characters).length > 0) {
    refuse('RACE_UNDER_WAY', 'characters have already joined this race: the board and the deck can no longer change');
  }
  if (input.board !== undefined && input.boardPreset !== undefined) refuse('BOARD_TWICE', 'give either a board or a board preset, not both');
  if (input.cards !== undefined && input.deckPreset !== undefined) refuse('DECK_TWICE', 'give either a deck or a deck preset, not both');

  const boardPreset = input.board === undefined ? (input.boardPreset ?? DEFAULT_BOARD_PRESET) : null;
  const givenBoard = boardPreset === null ? input.board : YUMMELL_BOARD_PRESETS[boardPreset]?.board;
  if (givenBoard === undefined) refuse('UNKNOWN_PRESET', `there is no board preset '${boardPreset}'`);
  const board = validateYummellBoard(givenBoard);
  if (!board.ok) refuse('INVALID_BOARD', firstProblem(board.errors));

  const deckPreset = input.cards === undefined ? (input.deckPreset ?? DEFAULT_DECK_PRESET) : null;
  const givenCards = deckPreset === null ? input.cards : YUMMELL_DECK_PRESETS[deckPreset]?.cards;
  if (givenCards === undefined) refuse('UNKNOWN_PRESET', `there is no deck preset '${deckPreset}'`);
  const terrains = [...Object.keys(TERRAIN_COSTS), ...Object.keys(board.value.extraTerrains)];
  const cards = validateYummellDeck(givenCards, terrains);
  if (!cards.ok) refuse('INVALID_DECK', firstProblem(cards.errors));

  const cardIds = cards.value.map((card) => card.id);
  const { campaign } = play.state;
  campaign.board = board.value;
  campaign.cards = Object.fromEntries(cards.value.map((card) => [card.id, card]));
  campaign.turnOrder = [];
  campaign.currentCharacterId = null;
  campaign.finishOrder = [];
  campaign.turn = freshTurn();
  campaign.pendingChallenge = null;
  play.state.piles.drawPile = shuffle(cardIds, play.rng);
  play.state.piles.discardPile = [];
  play.state.piles.table = [];
  play.state.piles.hands = {};

  play.record('yummell.race.set-up', {
    boardPreset,
    deckPreset,
    boardName: board.value.name,
    squareCount: board.value.squares.length,
    cardIds,
    cardCount: cardIds.length,
  });
  return { board: board.value, cardCount: cardIds.length };
});
