/**
 * Checking which board and deck a race is played with, from a new campaign's `settings` or from
 * `yummellSetUp` (yummell.md, Board: "A campaign loads its own board"; issue 37, Data: "validated
 * with errors that name the square or card"). A problem is BAD_USER_INPUT whose `field` is the
 * square's or card's own path (`settings.board.squares[3].capacity`, `cards[12].value`).
 */
import { BadUserInputError } from '../../common/errors.js';
import {
  type DataError,
  TERRAIN_COSTS,
  validateYummellBoard,
  validateYummellDeck,
  YUMMELL_BOARD_PRESETS,
  YUMMELL_DECK_PRESETS,
  type YummellBoard,
  type YummellCard,
} from '../../rules/yummell/index.js';
import { DEFAULT_BOARD_PRESET, DEFAULT_DECK_PRESET } from '../../rules/yummell/setup.js';


/** A board and a deck for a race: each either given as data or named as a preset. */
export interface RaceChoice {
  board?: YummellBoard;
  boardPreset?: string;
  cards?: YummellCard[];
  deckPreset?: string;
}

const CHOICES = ['board', 'boardPreset', 'cards', 'deckPreset'] as const;

/** `board` + `squares[3].capacity` → `board.squares[3].capacity`; a deck's paths start with `cards` already. */
function joined(what: 'board' | 'cards', path: string): string {
  const inner = path.replace(/^\./, '');
  return what === 'cards' || inner === '' ? inner || what : `${what}.${inner}`;
}

function refuseData(prefix: string, what: 'board' | 'cards', errors: readonly DataError[]): never {
  const [first, ...more] = errors;
  const others = more.length === 0 ? '' : ` (and ${more.length} more ${more.length === 1 ? 'problem' : 'problems'})`;
  throw new BadUserInputError(`${prefix}${what}: ${first.message}${others}`, `${prefix}${joined(what, first.path)}`, {
    problems: errors.map((error) => ({ field: `${prefix}${joined(what, error.path)}`, message: error.message })),
  });
}

function presetName(given: unknown, presets: Readonly<Record<string, unknown>>, field: string, kind: string): string {
  if (typeof given !== 'string' || presets[given] === undefined) {
    throw new BadUserInputError(`there is no ${kind} preset ${JSON.stringify(given)}: the ${kind} presets are ${Object.keys(presets).join(', ')}`, field);
  }
  return given;
}

/**
 * Checks a board and deck choice. `prefix` is where the choice sits in the request (`settings.`
 * for a new campaign, empty for `yummellSetUp`'s input). With `defaults`, a board or deck left out
 * is the example preset, named so that the stored settings say which. **Decision**: unknown
 * settings are refused rather than ignored, so that a misspelt `boardPrest` is not silently the
 * example board.
 */
export function checkRaceChoice(given: Record<string, unknown>, prefix: string, options: { defaults: boolean }): RaceChoice {
  const unknown = Object.keys(given).find((key) => !(CHOICES as readonly string[]).includes(key));
  if (unknown !== undefined) throw new BadUserInputError(`${prefix}${unknown} is not a Yummell setting: they are ${CHOICES.join(', ')}`, `${prefix}${unknown}`);
  // A field sent as null is as good as left out.
  const present = (key: (typeof CHOICES)[number]) => given[key] !== undefined && given[key] !== null;
  const choice: RaceChoice = {};

  if (present('board') && present('boardPreset')) throw new BadUserInputError('give either a board or a boardPreset, not both', `${prefix}boardPreset`);
  if (present('board')) {
    const board = validateYummellBoard(given.board);
    if (!board.ok) refuseData(prefix, 'board', board.errors);
    choice.board = board.value;
  } else if (present('boardPreset')) choice.boardPreset = presetName(given.boardPreset, YUMMELL_BOARD_PRESETS, `${prefix}boardPreset`, 'board');
  else if (options.defaults) choice.boardPreset = DEFAULT_BOARD_PRESET;

  if (present('cards') && present('deckPreset')) throw new BadUserInputError('give either cards or a deckPreset, not both', `${prefix}deckPreset`);
  if (present('cards')) {
    // A card's terrains (Hills Guide's HILLS) are those of the board it is played on.
    const board = choice.board ?? YUMMELL_BOARD_PRESETS[choice.boardPreset ?? DEFAULT_BOARD_PRESET].board;
    const cards = validateYummellDeck(given.cards, [...Object.keys(TERRAIN_COSTS), ...Object.keys(board.extraTerrains)]);
    if (!cards.ok) refuseData(prefix, 'cards', cards.errors);
    choice.cards = cards.value;
  } else if (present('deckPreset')) choice.deckPreset = presetName(given.deckPreset, YUMMELL_DECK_PRESETS, `${prefix}deckPreset`, 'deck');
  else if (options.defaults) choice.deckPreset = DEFAULT_DECK_PRESET;
  return choice;
}
