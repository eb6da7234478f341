import { HEROISM, YUMMELL_EXAMPLE_DECK, type EncounterResult, type YummellCard, type YummellSheet } from '../../rules/yummell/index.js';
import { boardView, campaignView, cardView, characterView, encounterView } from './yummell.views.js';

const cards: Record<string, YummellCard> = Object.fromEntries(YUMMELL_EXAMPLE_DECK.map((card) => [card.id, card]));
const fulmergh: YummellSheet = {
  name: 'Fulmergh',
  position: 2,
  characteristics: { STRENGTH: 5, CHARM: 4, AGILITY: 6, MAGIC: 5 },
  abilities: ['CLEPTOMANIA'],
  advantages: [HEROISM],
  artefacts: ['sword-of-embers-1'],
};
const piles = { drawPile: ['wind-1'], discardPile: ['hex-imp-1'], table: ['sword-of-embers-1', 'salamander-of-mount-ohrk-1'], hands: { f: ['wind-2', 'bog-witch-1'] } };

describe('Yummell as the API shows it', () => {
  it('numbers the squares from 1 and gives each its cost, the board’s own terrains included', () => {
    const board = boardView({ name: 'Dunes', squares: [{ terrain: 'SWAMP', capacity: 2, impassable: false }, { terrain: 'DESERT', capacity: null, impassable: false, name: 'Erg' }], extraTerrains: { DESERT: 4 } });
    expect(board).toEqual({
      name: 'Dunes',
      squares: [
        { square: 1, terrain: 'SWAMP', cost: 3, capacity: 2, impassable: false, name: null },
        { square: 2, terrain: 'DESERT', cost: 4, capacity: null, impassable: false, name: 'Erg' },
      ],
      extraTerrains: [{ terrain: 'DESERT', cost: 4 }],
    });
  });

  it.each([
    ["to the character's player and the GM, with its hand", true, [{ id: 'wind-2' }, { id: 'bog-witch-1' }]],
    ['to everyone else, with its hand’s size only', false, null],
  ])('shows a character %s', (_, mayLook, hand) => {
    const view = characterView('f', fulmergh, cards, piles, mayLook as boolean);
    expect(view).toMatchObject({ position: 2, characteristics: { strength: 5, charm: 4, agility: 6, magic: 5 }, abilities: ['CLEPTOMANIA'], handCount: 2 });
    expect(view.artefacts.map((card) => card.name)).toEqual(['Sword of Embers']);
    expect(view.advantages).toEqual([{ name: 'Heroism', bonus: 4, characteristics: ['STRENGTH', 'CHARM', 'AGILITY', 'MAGIC'], discardOnUse: false, text: HEROISM.text }]);
    expect(view.hand && view.hand.map((card) => ({ id: card.id }))).toEqual(hand);
  });

  it('shows a card’s data by its kind, with nulls for what it does not have', () => {
    expect(cardView(cards['wind-1'])).toEqual({
      id: 'wind-1',
      name: 'Wind',
      type: 'EVENT',
      value: 1,
      text: '➜ If on a PLAIN square, backtrack.',
      characteristic: null,
      number: null,
      arrow: true,
      conditionTerrain: 'PLAIN',
      effect: { kind: 'BACKTRACK', terrain: null, characteristic: null, amount: null },
    });
    expect(cardView(cards['salamander-of-mount-ohrk-1'])).toMatchObject({ type: 'CREATURE', characteristic: 'STRENGTH', number: 9, arrow: null, effect: null });
  });

  it('shows the race without the draw pile’s order', () => {
    const race = {
      board: { name: 'Track', squares: [{ terrain: 'PLAIN', capacity: null, impassable: false }], extraTerrains: {} },
      turnOrder: ['f', 'g'],
      currentCharacterId: 'f',
      finishOrder: [],
      turn: { action: 'MOVED' as const, movementEndedAt: 2, abilitiesUsed: [] },
      pendingChallenge: { characterId: 'f', creatureCardId: 'salamander-of-mount-ohrk-1', characteristic: 'STRENGTH' as const, number: 9 },
    };
    const view = campaignView('deck-1', race, cards, piles);
    expect(view).toMatchObject({ deckId: 'deck-1', drawPileCount: 1, discardPile: [{ id: 'hex-imp-1' }], pendingChallenge: { characterId: 'f', creature: { name: 'Salamander of Mount Ohrk' }, number: 9 } });
    expect(view.cards).toHaveLength(90);
    expect(JSON.stringify(view)).not.toContain('drawPile"');
  });

  const printed = { name: 'Wind', value: 1, text: null };
  it.each<[string, EncounterResult, string]>([
    ['an Artefact', { ...printed, cardId: 'sword-of-embers-1', name: 'Sword of Embers', type: 'ARTEFACT', effect: { kind: 'CHALLENGE_BONUS', characteristic: 'STRENGTH', amount: 2 } }, 'Sword of Embers joins the active Artefacts'],
    ['an Event that acts', { ...printed, cardId: 'wind-1', type: 'EVENT', arrow: true, applied: true, noEffect: null, from: 4, to: 3 }, 'Wind: back from square 4 to square 3'],
    [
      'an Event without effect, saying why',
      { ...printed, cardId: 'wind-1', type: 'EVENT', arrow: true, applied: false, noEffect: { reason: 'CONDITION_NOT_MET', message: 'Wind acts only on a PLAIN square, and this one is HILLS: no effect' }, from: 3, to: 3 },
      'Wind acts only on a PLAIN square, and this one is HILLS: no effect',
    ],
  ])('tells what came of %s', (_, encounter, result) => {
    expect(encounterView(encounter, cards).result).toBe(result);
  });
});
