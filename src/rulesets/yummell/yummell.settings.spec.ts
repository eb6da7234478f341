import { BadUserInputError } from '../../common/errors.js';
import { YUMMELL_EXAMPLE_DECK } from '../../rules/yummell/index.js';
import { checkRaceChoice } from './yummell.settings.js';

/** The BAD_USER_INPUT a choice is refused with: its field and message. */
function refusal(given: Record<string, unknown>, prefix = 'settings.'): { field: unknown; message: string; problems?: unknown } {
  try {
    checkRaceChoice(given, prefix, { defaults: true });
  } catch (error) {
    if (!(error instanceof BadUserInputError)) throw error;
    return { field: error.extensions.field, message: error.message, ...(error.extensions.problems ? { problems: error.extensions.problems } : {}) };
  }
  throw new Error(`accepted: ${JSON.stringify(given)}`);
}

const salamander = { id: 'salamander', name: 'Salamander of Mount Ohrk', type: 'CREATURE', value: 5, characteristic: 'STRENGTH', number: 9 };

describe("a race's board and deck, from a campaign's settings or yummellSetUp", () => {
  it('is the example board and deck when nothing is chosen, named so in the stored settings', () => {
    expect(checkRaceChoice({}, 'settings.', { defaults: true })).toEqual({ boardPreset: 'yummell-example-board', deckPreset: 'yummell-example-deck' });
    // yummellSetUp keeps what it is not told to change to the rule (its own defaults are the same presets).
    expect(checkRaceChoice({}, '', { defaults: false })).toEqual({});
  });

  it('keeps a board and a deck of the campaign’s own, checked and normalised', () => {
    const choice = checkRaceChoice({ board: { squares: [{ terrain: 'PLAIN' }, { terrain: 'DESERT' }], extraTerrains: { DESERT: 3 } }, cards: [salamander] }, 'settings.', {
      defaults: true,
    });
    expect(choice).toEqual({
      board: { name: 'Custom track', extraTerrains: { DESERT: 3 }, squares: [{ terrain: 'PLAIN', capacity: null, impassable: false }, { terrain: 'DESERT', capacity: null, impassable: false }] },
      cards: [salamander],
    });
  });

  it('lets a card name a terrain of the board it is played on', () => {
    const desertGuide = { id: 'dg', name: 'Desert Guide', type: 'EVENT', value: 2, arrow: false, condition: null, effect: { kind: 'MOVEMENT_BONUS', terrain: 'DESERT', amount: 1 } };
    expect(refusal({ cards: [desertGuide] }).field).toBe('settings.cards[0].effect.terrain');
    expect(checkRaceChoice({ board: { squares: [{ terrain: 'DESERT' }], extraTerrains: { DESERT: 3 } }, cards: [desertGuide] }, '', { defaults: false }).cards).toHaveLength(1);
  });

  // One row per refusal: the settings given, the field named, and what the message says.
  const refused: Array<[string, Record<string, unknown>, string, RegExp]> = [
    ['a misspelt setting', { boardPrest: 'x' }, 'settings.boardPrest', /boardPrest is not a Yummell setting/],
    ['an unknown board preset', { boardPreset: 'the-moon' }, 'settings.boardPreset', /no board preset "the-moon": the board presets are yummell-example-board/],
    ['an unknown deck preset', { deckPreset: 42 }, 'settings.deckPreset', /no deck preset 42/],
    ['a board and a board preset', { board: { squares: [{ terrain: 'PLAIN' }] }, boardPreset: 'yummell-example-board' }, 'settings.boardPreset', /either a board or a boardPreset/],
    ['cards and a deck preset', { cards: [salamander], deckPreset: 'yummell-example-deck' }, 'settings.deckPreset', /either cards or a deckPreset/],
    ['a board that is not an object', { board: 'long' }, 'settings.board', /a board must be an object with squares/],
    ['a board without squares', { board: { squares: [] } }, 'settings.board.squares', /squares must be a list of 1 to 300 squares/],
    [
      'a square of an unknown terrain',
      { board: { squares: [{ terrain: 'PLAIN' }, { terrain: 'LAVA', name: 'Mount Ohrk' }] } },
      'settings.board.squares[1].terrain',
      /squares\[1\] \(square 2, Mount Ohrk\)\.terrain must be one of PLAIN, HILLS, WOOD, SWAMP/,
    ],
    ['a capacity of 0', { board: { squares: [{ terrain: 'PLAIN', capacity: 0 }, { terrain: 'PLAIN' }] } }, 'settings.board.squares[0].capacity', /capacity must be an integer from 1 to 99/],
    ['an impassable finish', { board: { squares: [{ terrain: 'PLAIN', impassable: true }] } }, 'settings.board.squares[0].impassable', /is the finish: it cannot be impassable/],
    ['an unknown field of the board', { board: { squares: [{ terrain: 'PLAIN' }], colour: 'green' } }, 'settings.board.colour', /unknown field 'colour'/],
    ['a card of value 9', { cards: [{ ...salamander, value: 9 }] }, 'settings.cards[0].value', /cards\[0\] \(Salamander of Mount Ohrk\)\.value must be an integer from 1 to 8/],
    ['a card of no known type', { cards: [salamander, { id: 'wyrm', name: 'Wyrm', type: 'DRAGON', value: 3 }] }, 'settings.cards[1].type', /cards\[1\] \(Wyrm\)\.type must be one of CREATURE, ARTEFACT, EVENT/],
    ['a card id twice', { cards: [salamander, { ...salamander, name: 'Another' }] }, 'settings.cards[1].id', /'salamander' is already the id of cards\[0\]/],
    ['an empty deck', { cards: [] }, 'settings.cards', /a deck must be a list of 1 to 1000 cards/],
  ];

  it.each(refused)('refuses %s, naming the square or card', (_, given, field, message) => {
    const found = refusal(given);
    expect(found.field).toBe(field);
    expect(found.message).toMatch(message);
  });

  it('lists every problem found, each with its field', () => {
    const found = refusal({ cards: [{ ...salamander, value: 0 }, { ...YUMMELL_EXAMPLE_DECK[0], number: 0 }] }, '');
    expect(found.message).toMatch(/^cards: cards\[0\] \(Salamander of Mount Ohrk\)\.value must be an integer from 1 to 8 \(and 1 more problem\)$/);
    expect(found.problems).toEqual([
      { field: 'cards[0].value', message: expect.stringContaining('value must be') },
      { field: 'cards[1].number', message: expect.stringContaining('number must be') },
    ]);
  });
});
