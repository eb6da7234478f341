import { YUMMELL_EXAMPLE_BOARD, YUMMELL_EXAMPLE_DECK } from './presets.js';
import { yummellSetUp } from './setup.js';
import { unsetYummellState } from './state.js';
import { accepted, conserved, keepOrder, raceWith, refused, run, ScriptedRng } from './testing.js';

const threeCards = [
  { id: 'a', name: 'A', type: 'CREATURE', value: 1, characteristic: 'MAGIC', number: 5 },
  { id: 'b', name: 'B', type: 'CREATURE', value: 2, characteristic: 'MAGIC', number: 5 },
  { id: 'c', name: 'C', type: 'CREATURE', value: 3, characteristic: 'MAGIC', number: 5 },
];
const shortBoard = { name: 'Short', squares: [{ terrain: 'PLAIN' }, { terrain: 'HILLS' }] };

describe('setting up a race: a board, a deck, shuffled (yummell.md, Board, characters, cards)', () => {
  it('loads the example board and deck when the GM names none', () => {
    const outcome = accepted(run(yummellSetUp, unsetYummellState(), {}, keepOrder()));
    expect(outcome.state.campaign.board).toEqual(YUMMELL_EXAMPLE_BOARD);
    expect(Object.keys(outcome.state.campaign.cards)).toHaveLength(90);
    // Fisher–Yates over 90 cards asks for 89 positions; keepOrder leaves the list's order.
    expect(outcome.state.piles.drawPile).toEqual(YUMMELL_EXAMPLE_DECK.map((card) => card.id));
    expect(conserved(outcome.state)).toBe(true);
    expect(outcome.result).toEqual({ board: YUMMELL_EXAMPLE_BOARD, cardCount: 90 });
  });

  it('shuffles from the deck list by Fisher–Yates, from the last position down', () => {
    // i = 2 swaps with 0: c b a; i = 1 swaps with 0: b c a.
    const rng = new ScriptedRng([0, 0]);
    const outcome = accepted(run(yummellSetUp, unsetYummellState(), { board: shortBoard, cards: threeCards }, rng));
    expect(rng.asked).toEqual([3, 2]);
    expect(outcome.state.piles).toEqual({ drawPile: ['b', 'c', 'a'], discardPile: [], table: [], hands: {} });
  });

  it('records the board and the deck list, never the shuffled order', () => {
    const outcome = accepted(run(yummellSetUp, unsetYummellState(), { board: shortBoard, cards: threeCards }, new ScriptedRng([0, 0])));
    expect(outcome.events).toEqual([
      {
        type: 'yummell.race.set-up',
        payload: { boardPreset: null, deckPreset: null, boardName: 'Short', squareCount: 2, cardIds: ['a', 'b', 'c'], cardCount: 3 },
      },
    ]);
  });

  it('may be set up again, with another board, before anyone joins', () => {
    const first = accepted(run(yummellSetUp, unsetYummellState(), {}, keepOrder()));
    const again = accepted(run(yummellSetUp, first.state, { board: shortBoard, deckPreset: 'yummell-example-deck' }, keepOrder()));
    expect(again.state.campaign.board.name).toBe('Short');
  });

  it.each<[string, object, string, string]>([
    ['a board and a board preset', { board: shortBoard, boardPreset: 'yummell-example-board' }, 'BOARD_TWICE', 'give either a board or a board preset, not both'],
    ['a deck and a deck preset', { cards: threeCards, deckPreset: 'yummell-example-deck' }, 'DECK_TWICE', 'give either a deck or a deck preset, not both'],
    ['an unknown board preset', { boardPreset: 'moon' }, 'UNKNOWN_PRESET', "there is no board preset 'moon'"],
    ['an unknown deck preset', { deckPreset: 'tarot' }, 'UNKNOWN_PRESET', "there is no deck preset 'tarot'"],
    ['a bad board', { board: { squares: [{ terrain: 'PLAIN' }, { terrain: 'LAVA' }] } }, 'INVALID_BOARD', 'squares[1] (square 2).terrain must be one of PLAIN, HILLS, WOOD, SWAMP'],
    ['a bad deck', { cards: [{ ...threeCards[0], value: 9 }] }, 'INVALID_DECK', 'cards[0] (A).value must be an integer from 1 to 8'],
  ])('refuses %s', (_, input, reason, message) => {
    expect(refused(run(yummellSetUp, unsetYummellState(), input, keepOrder()))).toEqual({ reason, message });
  });

  it('refuses once characters have joined: the race is under way', () => {
    expect(refused(run(yummellSetUp, raceWith({ characters: { ana: {} } }), {}, keepOrder())).reason).toBe('RACE_UNDER_WAY');
  });
});
