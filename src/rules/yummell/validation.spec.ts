import { HEROISM } from './data.js';
import { YUMMELL_EXAMPLE_DECK } from './presets.js';
import { firstProblem, validateAdvantages, validateYummellBoard, validateYummellDeck } from './validation.js';

const plain = { terrain: 'PLAIN' };

describe('validateYummellBoard (yummell.md, Board: terrain, capacity, impassable)', () => {
  it('normalizes a board: no capacity is no limit, impassable is false unless said', () => {
    const checked = validateYummellBoard({ name: 'Short', squares: [plain, { terrain: 'HILLS', capacity: 2, name: 'Pass' }, { terrain: 'SWAMP', impassable: true }, plain] });
    expect(checked).toEqual({
      ok: true,
      value: {
        name: 'Short',
        extraTerrains: {},
        squares: [
          { terrain: 'PLAIN', capacity: null, impassable: false },
          { terrain: 'HILLS', capacity: 2, impassable: false, name: 'Pass' },
          { terrain: 'SWAMP', capacity: null, impassable: true },
          { terrain: 'PLAIN', capacity: null, impassable: false },
        ],
      },
    });
  });

  it('accepts a terrain the board adds, with its cost', () => {
    const checked = validateYummellBoard({ squares: [{ terrain: 'DESERT' }, plain], extraTerrains: { DESERT: 4 } });
    expect(checked.ok && checked.value.extraTerrains).toEqual({ DESERT: 4 });
  });

  it.each<[string, unknown, string, string]>([
    ['an unknown terrain', { squares: [plain, { terrain: 'LAVA' }, plain] }, 'squares[1].terrain', 'squares[1] (square 2).terrain must be one of PLAIN, HILLS, WOOD, SWAMP'],
    ['a capacity of 0', { squares: [{ terrain: 'WOOD', capacity: 0, name: 'Hollow Oak' }, plain] }, 'squares[0].capacity',
      'squares[0] (square 1, Hollow Oak).capacity must be an integer from 1 to 99, or null for no limit'],
    ['a capacity of 1.5', { squares: [{ terrain: 'WOOD', capacity: 1.5 }, plain] }, 'squares[0].capacity',
      'squares[0] (square 1).capacity must be an integer from 1 to 99, or null for no limit'],
    ['impassable as text', { squares: [{ terrain: 'WOOD', impassable: 'yes' }, plain] }, 'squares[0].impassable', 'squares[0] (square 1).impassable must be true or false'],
    ['an impassable finish', { squares: [plain, { terrain: 'PLAIN', impassable: true }] }, 'squares[1].impassable', 'squares[1] (square 2) is the finish: it cannot be impassable'],
    ['a finish with a capacity', { squares: [plain, { terrain: 'PLAIN', capacity: 1 }] }, 'squares[1].capacity',
      'squares[1] (square 2) is the finish: it has no capacity limit, so every character can arrive'],
    ['a typo in a field', { squares: [{ terrain: 'PLAIN', capacty: 2 }, plain] }, 'squares[0].capacty', "squares[0] (square 1) has an unknown field 'capacty'"],
    ['a square that is not an object', { squares: ['PLAIN', plain] }, 'squares[0]', 'squares[0] (square 1) must be an object with a terrain'],
    ['no squares', { squares: [] }, 'squares', 'squares must be a list of 1 to 300 squares, from start to finish'],
    ['a board changing a cost of the rules', { squares: [plain], extraTerrains: { HILLS: 1 } }, 'extraTerrains.HILLS', 'HILLS costs 2 by the rules: a board cannot change it'],
    ['a terrain cost of 0', { squares: [plain], extraTerrains: { DESERT: 0 } }, 'extraTerrains.DESERT', 'extraTerrains.DESERT must be an integer from 1 to 10'],
  ])('refuses %s, naming the square and the field', (_, board, path, message) => {
    const checked = validateYummellBoard(board);
    expect(checked).toEqual({ ok: false, errors: [{ path, message }] });
  });

  it('lists every problem, not only the first', () => {
    const checked = validateYummellBoard({ squares: [{ terrain: 'LAVA' }, { terrain: 'PLAIN', capacity: -1 }, plain] });
    expect(!checked.ok && checked.errors.map((error) => error.path)).toEqual(['squares[0].terrain', 'squares[1].capacity']);
    expect(!checked.ok && firstProblem(checked.errors)).toBe('squares[0] (square 1).terrain must be one of PLAIN, HILLS, WOOD, SWAMP (and 1 more problem)');
  });
});

const salamander = { id: 'sal', name: 'Salamander of Mount Ohrk', type: 'CREATURE', value: 3, characteristic: 'STRENGTH', number: 9 };
const wind = { id: 'wind', name: 'Wind', type: 'EVENT', value: 1, arrow: true, condition: { onTerrain: 'PLAIN' }, effect: { kind: 'BACKTRACK' } };
const boots = { id: 'boots', name: 'Boots', type: 'ARTEFACT', value: 2, effect: { kind: 'MOVEMENT_BONUS', terrain: 'HILLS', amount: 1 } };

/** A deck of twelve fillers with `card` at index 12, as the example names it. */
const atTwelve = (card: object): unknown[] => [...YUMMELL_EXAMPLE_DECK.slice(0, 12), card];

describe('validateYummellDeck (yummell.md, One deck: CREATURE, ARTEFACT, EVENT, values 1–8)', () => {
  it('accepts the three kinds and fills in a missing condition as null', () => {
    const { condition: _, ...unconditional } = wind;
    const checked = validateYummellDeck([salamander, boots, unconditional]);
    expect(checked).toEqual({ ok: true, value: [salamander, boots, { ...unconditional, condition: null }] });
  });

  it.each<[string, object, string, string]>([
    ['a value of 9', { ...salamander, value: 9 }, 'cards[12].value', 'cards[12] (Salamander of Mount Ohrk).value must be an integer from 1 to 8'],
    ['a value of 0', { ...salamander, value: 0 }, 'cards[12].value', 'cards[12] (Salamander of Mount Ohrk).value must be an integer from 1 to 8'],
    ['an unknown type', { ...salamander, type: 'HERO' }, 'cards[12].type', 'cards[12] (Salamander of Mount Ohrk).type must be one of CREATURE, ARTEFACT, EVENT'],
    ['a Creature of no Characteristic', { ...salamander, characteristic: 'LUCK' }, 'cards[12].characteristic',
      'cards[12] (Salamander of Mount Ohrk).characteristic must be one of STRENGTH, CHARM, AGILITY, MAGIC'],
    ['a Creature without a number', { ...salamander, number: undefined }, 'cards[12].number', 'cards[12] (Salamander of Mount Ohrk).number must be an integer from 1 to 99'],
    ['an Event without its arrow flag', { ...wind, arrow: undefined }, 'cards[12].arrow', 'cards[12] (Wind).arrow must be true or false'],
    ['an Event on an unknown terrain', { ...wind, condition: { onTerrain: 'SEA' } }, 'cards[12].condition',
      'cards[12] (Wind).condition must be null or { onTerrain } with a terrain of PLAIN, HILLS, WOOD, SWAMP'],
    ['an effect of an unknown kind', { ...wind, effect: { kind: 'TELEPORT' } }, 'cards[12].effect.kind',
      'cards[12] (Wind).effect.kind must be one of BACKTRACK, ADVANCE, MOVEMENT_BONUS, CHALLENGE_BONUS'],
    ['an Artefact that backtracks', { ...boots, effect: { kind: 'BACKTRACK' } }, 'cards[12].effect.kind',
      'cards[12] (Boots).effect.kind must be one of MOVEMENT_BONUS, CHALLENGE_BONUS'],
    ['a movement bonus of 0', { ...boots, effect: { kind: 'MOVEMENT_BONUS', terrain: 'HILLS', amount: 0 } }, 'cards[12].effect.amount',
      'cards[12] (Boots).effect.amount must be an integer from 1 to 8'],
    ['a challenge bonus on no Characteristic', { ...boots, effect: { kind: 'CHALLENGE_BONUS', characteristic: 'LUCK', amount: 1 } }, 'cards[12].effect.characteristic',
      'cards[12] (Boots).effect.characteristic must be one of STRENGTH, CHARM, AGILITY, MAGIC or ANY'],
    ['a field of another kind of card', { ...boots, arrow: true }, 'cards[12].arrow', "cards[12] (Boots) has an unknown field 'arrow'"],
    ['an id used twice', { ...salamander, id: YUMMELL_EXAMPLE_DECK[0].id }, 'cards[12].id',
      `cards[12] (Salamander of Mount Ohrk).id '${YUMMELL_EXAMPLE_DECK[0].id}' is already the id of cards[0]`],
  ])('refuses %s, naming the card and the field', (_, card, path, message) => {
    expect(validateYummellDeck(atTwelve(card))).toEqual({ ok: false, errors: [{ path, message }] });
  });

  it('knows the terrains the board adds', () => {
    const desertWind = { ...wind, condition: { onTerrain: 'DESERT' } };
    expect(validateYummellDeck([desertWind]).ok).toBe(false);
    expect(validateYummellDeck([desertWind], ['PLAIN', 'DESERT']).ok).toBe(true);
  });

  it.each([[[]], ['cards'], [null]])('refuses %j as a deck', (deck) => {
    expect(validateYummellDeck(deck)).toEqual({ ok: false, errors: [{ path: 'cards', message: 'a deck must be a list of 1 to 1000 cards' }] });
  });
});

describe('validateAdvantages (yummell.md: Heroism; an advantage card says whether using it discards it)', () => {
  it('accepts Heroism and defaults discardOnUse to false', () => {
    const { discardOnUse: _, ...kept } = HEROISM;
    expect(validateAdvantages([kept])).toEqual({ ok: true, value: [{ ...HEROISM }] });
  });

  it.each<[string, unknown[], string]>([
    ['a bonus of 0', [{ ...HEROISM, bonus: 0 }], 'advantages[0] (Heroism).bonus must be an integer from 1 to 10'],
    ['no Characteristic', [{ ...HEROISM, characteristics: [] }], 'advantages[0] (Heroism).characteristics must list one or more of STRENGTH, CHARM, AGILITY, MAGIC, each once'],
    ['a Characteristic twice', [{ ...HEROISM, characteristics: ['CHARM', 'CHARM'] }],
      'advantages[0] (Heroism).characteristics must list one or more of STRENGTH, CHARM, AGILITY, MAGIC, each once'],
    ['the same Advantage twice', [HEROISM, HEROISM], 'advantages[1] (Heroism): the character already has Heroism'],
    ['discardOnUse as text', [{ ...HEROISM, discardOnUse: 'no' }], 'advantages[0] (Heroism).discardOnUse must be true or false'],
  ])('refuses %s', (_, advantages, message) => {
    const checked = validateAdvantages(advantages);
    expect(!checked.ok && checked.errors.map((error) => error.message)).toEqual([message]);
  });
});
