import { validateCardList } from '../../rules/cards/card.js';
import { YUMMELL_EXAMPLE_DECK, type YummellCard } from '../../rules/yummell/index.js';
import { fromCardDefinition, raceCards, toCardDefinition } from './yummell-cards.js';

describe('a Yummell card as the platform deck keeps it', () => {
  const wind: YummellCard = {
    id: 'wind-1',
    name: 'Wind',
    type: 'EVENT',
    value: 1,
    arrow: true,
    condition: { onTerrain: 'PLAIN' },
    effect: { kind: 'BACKTRACK' },
    text: '➜ If on a PLAIN square, backtrack.',
  };
  const cases: Array<[string, YummellCard, Record<string, string | number | boolean>]> = [
    ['the Salamander (CREATURE)', { id: 's-1', name: 'Salamander of Mount Ohrk', type: 'CREATURE', value: 3, characteristic: 'STRENGTH', number: 9 }, { value: 3, characteristic: 'STRENGTH', number: 9 }],
    ['Wind (EVENT, arrow, condition)', wind, { value: 1, text: wind.text!, arrow: true, conditionTerrain: 'PLAIN', effectKind: 'BACKTRACK' }],
    [
      'Hills Guide (EVENT, movement bonus, no condition)',
      { id: 'hg-1', name: 'Hills Guide', type: 'EVENT', value: 2, arrow: false, condition: null, effect: { kind: 'MOVEMENT_BONUS', terrain: 'HILLS', amount: 1 } },
      { value: 2, arrow: false, effectKind: 'MOVEMENT_BONUS', effectTerrain: 'HILLS', effectAmount: 1 },
    ],
    [
      'Lucky Clover (ARTEFACT, challenge bonus on ANY)',
      { id: 'lc-1', name: 'Lucky Clover', type: 'ARTEFACT', value: 6, effect: { kind: 'CHALLENGE_BONUS', characteristic: 'ANY', amount: 1 } },
      { value: 6, effectKind: 'CHALLENGE_BONUS', effectCharacteristic: 'ANY', effectAmount: 1 },
    ],
  ];

  it.each(cases)('%s: flat attributes, and back to the same card', (_, card, attributes) => {
    const definition = toCardDefinition(card);
    expect(definition).toEqual({ id: card.id, code: card.id, name: card.name, type: card.type, attributes });
    expect(fromCardDefinition(definition)).toEqual(card);
  });

  it('keeps every card of the example deck, as a deck list the platform accepts', () => {
    const definitions = YUMMELL_EXAMPLE_DECK.map(toCardDefinition);
    expect(validateCardList(definitions)).toMatchObject({ ok: true });
    expect(definitions.map(fromCardDefinition)).toEqual(YUMMELL_EXAMPLE_DECK);
  });

  it('decodes a deck list once, whatever the number of moves that read it', () => {
    const definitions = YUMMELL_EXAMPLE_DECK.map(toCardDefinition);
    const first = raceCards(definitions);
    expect(raceCards(definitions)).toBe(first);
    expect(Object.keys(first)).toHaveLength(90);
    expect(first['salamander-of-mount-ohrk-1']).toMatchObject({ type: 'CREATURE', characteristic: 'STRENGTH', number: 9 });
  });

  it('refuses a card of another kind: a Yummell deck holds CREATURE, ARTEFACT and EVENT cards only', () => {
    expect(() => fromCardDefinition({ id: 'x', code: 'X', type: 'HERO' })).toThrow("card 'x' of a Yummell encounter deck has type 'HERO'");
  });
});
