import { parseDiceExpression } from '../random/dice.js';
import { CARD_LIMITS, damageOf, mergeCreatureCards, smallestTotal, validateCreatureCards, type CreatureCard } from './creatures.js';
import { EXAMPLE_CREATURES, EXAMPLE_PRESET_ID } from './example-creatures.js';
import { creature } from './testing.js';

describe('the example set (preset ytterdorren-example)', () => {
  it('is valid', () => {
    expect(EXAMPLE_PRESET_ID).toBe('ytterdorren-example');
    expect(validateCreatureCards(EXAMPLE_CREATURES)).toEqual([]);
  });

  it("carries the spec's strength example for 1–4 players on the Grave Wolf", () => {
    const wolf = EXAMPLE_CREATURES.find((card) => card.id === 'grave-wolf')!;
    expect(wolf.skirmish.strength).toMatchObject({ 1: '1d6', 2: '2d6', 3: '2d6+2', 4: '3d6' });
  });

  it('shows both sides on every card, and a card that leaves player counts out', () => {
    for (const card of EXAMPLE_CREATURES) expect(card.encounter.powers).toHaveLength(10);
    expect(Object.keys(EXAMPLE_CREATURES.find((card) => card.id === 'fell-troll')!.skirmish.strength)).toEqual(['3', '4', '5', '6']);
  });
});

describe('damageOf (Decision: 1 unless the card says)', () => {
  it.each<[string, number | undefined, number]>([
    ['no damage given', undefined, 1],
    ['2 damage', 2, 2],
  ])('%s → %i', (_, damage, expected) => {
    expect(damageOf(creature('w', { skirmish: { damage } }))).toBe(expected);
  });
});

describe('smallestTotal', () => {
  it.each<[string, number]>([
    ['2d6', 2],
    ['2d6+2', 4],
    ['1d4-1', 0],
    ['4d6kh3', 3],
    ['4d6dl1', 3],
    ['3-1d6', -3],
    ['5-1d6!', -Infinity],
    ['1d6!', 1],
  ])('%s → %p', (text, lowest) => {
    const parsed = parseDiceExpression(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(smallestTotal(parsed.expression)).toBe(lowest);
  });
});

describe('validateCreatureCards: every error names the card and the field', () => {
  const wolf = (change: (card: Record<string, any>) => void): unknown[] => {
    const card: Record<string, any> = structuredClone(creature('wolf', { name: 'Grave Wolf' }));
    change(card);
    return [creature('bat', { name: 'Bat' }), creature('rat', { name: 'Rat' }), card];
  };

  it.each<[string, (card: Record<string, any>) => void, string[]]>([
    ['a Defense above 200', (card) => (card.skirmish.defense = 201), [`creatures[2] (Grave Wolf).skirmish.defense must be an integer from 0 to 200`]],
    ['a fractional Defense', (card) => (card.encounter.defense = 40.5), ['creatures[2] (Grave Wolf).encounter.defense must be an integer from 0 to 200']],
    ['an attack modifier of 101', (card) => (card.skirmish.attackModifier = 101), ['creatures[2] (Grave Wolf).skirmish.attackModifier must be an integer from -100 to 100']],
    ['a damage of 0', (card) => (card.skirmish.damage = 0), ['creatures[2] (Grave Wolf).skirmish.damage must be an integer from 1 to 100']],
    ['a strength that is no dice expression', (card) => (card.skirmish.strength['3'] = '2x6'), [
      "creatures[2] (Grave Wolf).skirmish.strength.3 is not a dice expression: unexpected 'x' at 1",
    ]],
    ['a strength that can roll 0', (card) => (card.skirmish.strength['1'] = '1d6-1'), [
      'creatures[2] (Grave Wolf).skirmish.strength.1 can roll less than 1 (its lowest total is 0): the Skirmish Counter starts above 0',
    ]],
    ['a strength for 7 players', (card) => (card.skirmish.strength['7'] = '9d6'), ['creatures[2] (Grave Wolf).skirmish.strength.7 is not a number of players from 1 to 6']],
    ['no strength at all', (card) => (card.skirmish.strength = {}), ['creatures[2] (Grave Wolf).skirmish.strength must give a value for at least one number of players']],
    ['a reward without coins', (card) => delete card.skirmish.reward.coins, ['creatures[2] (Grave Wolf).skirmish.reward.coins must be an integer from 0 to 10000']],
    ['Vita 0 for 2 players', (card) => (card.encounter.vita['2'] = 0), ['creatures[2] (Grave Wolf).encounter.vita.2 must be an integer from 1 to 1000']],
    ['no Might', (card) => (card.encounter.might = {}), ['creatures[2] (Grave Wolf).encounter.might must give the Might for at least one difficulty, e.g. { "NORMAL": 5 }']],
    ['a difficulty in lower case', (card) => (card.encounter.might = { hard: 3 }), [
      'creatures[2] (Grave Wolf).encounter.might.hard is not a difficulty: write it in capitals, at most 20 characters (EASY, NORMAL, HARD)',
    ]],
    ['a combat type of MAGIC', (card) => (card.encounter.combatType = 'MAGIC'), ['creatures[2] (Grave Wolf).encounter.combatType must be MELEE or RANGED']],
    ['nine powers', (card) => card.encounter.powers.pop(), ['creatures[2] (Grave Wolf).encounter.powers must list 10 powers, one for each face 0–9 of the white die']],
    ['an empty power', (card) => (card.encounter.powers[4] = ' '), ['creatures[2] (Grave Wolf).encounter.powers[4] must be a text of 1 to 500 characters']],
    ['no type', (card) => delete card.encounter.type, ['creatures[2] (Grave Wolf).encounter.type must be a text of 1 to 40 characters']],
    ['a stride of -1', (card) => (card.encounter.stride = -1), ['creatures[2] (Grave Wolf).encounter.stride must be an integer from 0 to 100']],
    ['awards that are not an object', (card) => (card.encounter.awards = 3), ['creatures[2] (Grave Wolf).encounter.awards must be an object']],
    ['no encounter side', (card) => delete card.encounter, ['creatures[2] (Grave Wolf).encounter must be an object']],
    ['an unknown field', (card) => (card.skirmish.armour = 3), ['creatures[2] (Grave Wolf).skirmish.armour is not a field of a creature card']],
    ['the id of another card', (card) => (card.id = 'bat'), ["creatures[2] (Grave Wolf).id 'bat' is already the id of creatures[0]"]],
    ['no name: named by its index alone', (card) => (card.name = ''), ['creatures[2].name must be a text of 1 to 80 characters']],
    ['two errors at once', (card) => ((card.skirmish.defense = -1), (card.encounter.defense = 999)), [
      'creatures[2] (Grave Wolf).skirmish.defense must be an integer from 0 to 200',
      'creatures[2] (Grave Wolf).encounter.defense must be an integer from 0 to 200',
    ]],
  ])('%s', (_, change, errors) => {
    expect(validateCreatureCards(wolf(change))).toEqual(errors);
  });

  it.each<[string, unknown, string[]]>([
    ['not a list', { id: 'x' }, ['creatures must be a list of creature cards']],
    ['a card that is not an object', [3], ['creatures[0] must be an object']],
    ['too many cards', Array.from({ length: 201 }, (_, index) => creature(`c${index}`)), ['creatures holds 201 cards: at most 200 are allowed']],
    ['an empty list', [], []],
  ])('%s', (_, cards, errors) => {
    expect(validateCreatureCards(cards)).toEqual(errors);
  });

  it('accepts the limits themselves', () => {
    const [low, high] = CARD_LIMITS.defense;
    expect(validateCreatureCards([creature('a', { skirmish: { defense: low } }), creature('b', { skirmish: { defense: high } })])).toEqual([]);
  });
});

describe('mergeCreatureCards (Decision: by id, never removing a card)', () => {
  const named = (id: string, name: string): CreatureCard => creature(id, { name });
  it('replaces a card of the same id in place and adds the others after', () => {
    const merged = mergeCreatureCards([named('a', 'A'), named('b', 'B')], [named('c', 'C'), named('a', 'A2')]);
    expect(merged.map((card) => `${card.id}:${card.name}`)).toEqual(['a:A2', 'b:B', 'c:C']);
  });
});
