import { EXAMPLE_CREATURES } from './example-creatures.js';
import { chooseStance, playRound, resolveRound, startSkirmish, type StartSkirmishInput } from './skirmish.js';
import type { Skirmish, SkirmishCreature, StanceChoice, YtterdorrenSheet } from './state.js';
import { accepted, creature, faces, reading, readings, refused, run, sheet, skirmishWith, tableWith } from './testing.js';

const wolfCard = creature('wolf');
const draugrCard = creature('draugr', { name: 'Draugr', skirmish: { strength: { 1: '1d4+1', 2: '1d4+1', 3: '1d4+1' }, defense: 60, attackModifier: 5, damage: 2, reward: { coins: 5, lore: 2, text: 'a ring' } } });
const trollCard = creature('troll', { name: 'Troll', skirmish: { strength: { 3: '3d6' } } });

describe('startSkirmish: strength for the number of players, the counter on the sum (ytterdorren.md, Skirmish 1–2)', () => {
  const party = (count: number): Record<string, YtterdorrenSheet> => Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g'].slice(0, count).map((id) => [id, sheet()]));
  const start = (count: number, creatureIds: string[]): StartSkirmishInput => ({ skirmishId: 's1', characterIds: Object.keys(party(count)), creatureIds });

  it.each<[string, number, number[], string, number]>([
    ['1 player: 1d6', 1, [4], '1d6', 4],
    ['2 players: 2d6', 2, [3, 5], '2d6', 8],
    ['3 players: 2d6+2', 3, [3, 5], '2d6+2', 10],
    ['4 players: 3d6', 4, [1, 2, 3], '3d6', 6],
  ])("the spec's example card, %s", (_, players, dice, expression, counter) => {
    const table = tableWith({ characters: party(players), creatures: [...EXAMPLE_CREATURES] });
    const rng = faces(...dice);
    const outcome = accepted(run(startSkirmish, table, start(players, ['grave-wolf']), rng));
    expect(rng.unused).toEqual([]);
    expect(outcome.result).toMatchObject({ players, strength: [{ creatureId: 'grave-wolf', expression, dice, total: counter }], startingCounter: counter, counter, status: 'ONGOING', round: 1 });
  });

  it('several creatures: the counter starts at the sum of their rolls (Decision), each rolled in the order listed', () => {
    const table = tableWith({ characters: party(2), creatures: [wolfCard, draugrCard] });
    const rng = faces(3, 4, 2, 6, 1);
    const outcome = accepted(run(startSkirmish, table, start(2, ['wolf', 'draugr', 'wolf']), rng));
    expect(rng.rolled).toEqual(['d6', 'd6', 'd4', 'd6', 'd6']);
    expect(outcome.result.strength).toEqual([
      { creatureId: 'wolf', expression: '2d6', dice: [3, 4], total: 7 },
      { creatureId: 'draugr', expression: '1d4+1', dice: [2], total: 3 },
      { creatureId: 'wolf', expression: '2d6', dice: [6, 1], total: 7 },
    ]);
    expect(outcome.result).toMatchObject({ startingCounter: 17, counter: 17 });
  });

  it('keeps the skirmish side of each creature as it is now', () => {
    const table = tableWith({ characters: party(1), creatures: [wolfCard, draugrCard] });
    const outcome = accepted(run(startSkirmish, table, start(1, ['draugr', 'wolf']), faces(1, 1, 1)));
    expect(outcome.state.encounters.s1).toEqual<Skirmish>({
      id: 's1',
      kind: 'ytterdorren.skirmish',
      status: 'ONGOING',
      round: 1,
      characterIds: ['a'],
      creatures: [
        { creatureId: 'draugr', name: 'Draugr', defense: 60, attackModifier: 5, damage: 2, reward: { coins: 5, lore: 2, text: 'a ring' } },
        { creatureId: 'wolf', name: 'Grey Wolf', defense: 50, attackModifier: 0, damage: 1, reward: { coins: 2, lore: 1, text: 'a pelt' } },
      ],
      strength: [
        { creatureId: 'draugr', expression: '1d4+1', dice: [1], total: 2 },
        { creatureId: 'wolf', expression: '2d6', dice: [1, 1], total: 2 },
      ],
      startingCounter: 4,
      counter: 4,
      stances: {},
      defeatedCharacterIds: [],
      loot: null,
    });
  });

  it.each<[string, Partial<StartSkirmishInput>, Record<string, YtterdorrenSheet> | null, string, string]>([
    ['a used id', { skirmishId: 'old' }, null, 'ENCOUNTER_EXISTS', "a skirmish or encounter 'old' already exists"],
    ['no characters', { characterIds: [] }, null, 'INVALID_PARTICIPANTS', 'name 1 to 6 characters'],
    ['seven characters', { characterIds: Object.keys(party(7)) }, party(7), 'INVALID_PARTICIPANTS', 'name 1 to 6 characters'],
    ['a character twice', { characterIds: ['a', 'a'] }, null, 'INVALID_PARTICIPANTS', 'a character is listed twice'],
    ['an unknown character', { characterIds: ['a', 'zed'] }, null, 'UNKNOWN_CHARACTER', "there is no character 'zed' in this campaign"],
    ['a character without Vita', {}, { a: sheet({ vita: 0 }), b: sheet() }, 'CHARACTER_DEFEATED', "character 'a' has no Vita left"],
    ['a character already in a skirmish', { characterIds: ['b', 'c'] }, party(3), 'ALREADY_IN_SKIRMISH', "character 'c' is already in a skirmish"],
    ['no creatures', { creatureIds: [] }, null, 'INVALID_PARTICIPANTS', 'a skirmish has 1 to 10 creatures'],
    ['eleven creatures', { creatureIds: Array.from({ length: 11 }, () => 'wolf') }, null, 'INVALID_PARTICIPANTS', 'a skirmish has 1 to 10 creatures'],
    ['an unknown creature', { creatureIds: ['dragon'] }, null, 'UNKNOWN_CREATURE', "the campaign has no creature card 'dragon'"],
    ['a creature without strength for 2 players', { creatureIds: ['wolf', 'troll'] }, null, 'NO_STRENGTH_FOR_PLAYERS', 'Troll has no strength for 2 players'],
  ])('refuses %s', (_, change, characters, reason, message) => {
    const old = skirmishWith({ id: 'old', characterIds: ['c'] });
    const table = tableWith({ characters: characters ?? party(2), creatures: [wolfCard, trollCard], encounters: [old] });
    expect(refused(run(startSkirmish, table, { ...start(2, ['wolf']), ...change }, faces(1, 1, 1, 1)))).toEqual({ reason, message });
  });

  it('a skirmish that is over does not hold its characters', () => {
    const table = tableWith({ characters: party(1), encounters: [skirmishWith({ id: 'old', characterIds: ['a'], status: 'DEFEAT' })] });
    expect(accepted(run(startSkirmish, table, start(1, ['wolf']), faces(1, 1))).state.encounters.s1.status).toBe('ONGOING');
  });
});

const attack: StanceChoice = { stance: 'ATTACK', targetCreatureId: 'wolf' };
const defend: StanceChoice = { stance: 'DEFEND', targetCreatureId: 'wolf' };
const bat: SkirmishCreature = { creatureId: 'bat', name: 'Bat', defense: 30, attackModifier: 10, damage: 1, reward: { coins: 0, lore: 3, text: 'bat lore' } };

describe('chooseStance (ytterdorren.md, Skirmish 3)', () => {
  const table = (overrides: Partial<Skirmish> = {}, characters?: Record<string, YtterdorrenSheet>) =>
    tableWith({ characters: characters ?? { ana: sheet(), bo: sheet() }, encounters: [skirmishWith(overrides)] });

  it.each<['ATTACK' | 'DEFEND']>([['ATTACK'], ['DEFEND']])('%s against the only creature, which needs no naming', (stance) => {
    const outcome = accepted(run(chooseStance, table(), { skirmishId: 's1', characterId: 'ana', stance }));
    expect(outcome.result).toEqual({ round: 1, stance, targetCreatureId: 'wolf', waitingFor: ['bo'] });
    expect((outcome.state.encounters.s1 as Skirmish).stances).toEqual({ ana: { stance, targetCreatureId: 'wolf' } });
  });

  it('may change until the round is resolved', () => {
    const outcome = accepted(run(chooseStance, table({ stances: { ana: attack, bo: attack } }), { skirmishId: 's1', characterId: 'ana', stance: 'DEFEND' }));
    expect(outcome.result.waitingFor).toEqual([]);
    expect((outcome.state.encounters.s1 as Skirmish).stances.ana).toEqual(defend);
  });

  it('names its target among creatures of two cards (Decision)', () => {
    const skirmish = { creatures: [...skirmishWith().creatures, bat] };
    const outcome = accepted(run(chooseStance, table(skirmish), { skirmishId: 's1', characterId: 'ana', stance: 'ATTACK', targetCreatureId: 'bat' }));
    expect(outcome.result.targetCreatureId).toBe('bat');
  });

  it('a defeated character does not wait for a stance', () => {
    const outcome = accepted(run(chooseStance, table({ defeatedCharacterIds: ['bo'] }, { ana: sheet(), bo: sheet({ vita: 0 }) }), { skirmishId: 's1', characterId: 'ana', stance: 'ATTACK' }));
    expect(outcome.result.waitingFor).toEqual([]);
  });

  it.each<[string, Partial<Skirmish>, object, string, string]>([
    ['an unknown skirmish', {}, { skirmishId: 'nope' }, 'UNKNOWN_SKIRMISH', "there is no skirmish 'nope' in this campaign"],
    ['a skirmish that is over', { status: 'VICTORY' }, {}, 'SKIRMISH_OVER', 'that skirmish is over'],
    ['a character not in it', { characterIds: ['bo'] }, {}, 'NOT_IN_SKIRMISH', "character 'ana' is not in this skirmish"],
    ['a defeated character', { defeatedCharacterIds: ['ana'] }, {}, 'CHARACTER_DEFEATED', 'a defeated character takes no more turns'],
    ['no stance', {}, { stance: 'FLEE' }, 'INVALID_STANCE', 'choose ATTACK or DEFEND'],
    ['no target among two cards', { creatures: [...skirmishWith().creatures, bat] }, {}, 'TARGET_NEEDED', 'name the creature to attack: Grey Wolf or Bat'],
    ['a target not in the skirmish', {}, { targetCreatureId: 'bat' }, 'UNKNOWN_TARGET', "there is no creature 'bat' in this skirmish"],
  ])('refuses %s', (_, overrides, change, reason, message) => {
    expect(refused(run(chooseStance, table(overrides), { skirmishId: 's1', characterId: 'ana', stance: 'ATTACK', ...change }))).toEqual({ reason, message });
  });
});

describe('resolveRound (ytterdorren.md, Skirmish 4–7)', () => {
  /** ana and bo (Defense 50, Might 5, Vita 10) against a wolf (Defense 50, modifier 0, damage 1), counter 5, both attacking. */
  const fight = (overrides: Partial<Skirmish> = {}, characters: Record<string, Partial<YtterdorrenSheet>> = {}) =>
    tableWith({
      characters: { ana: sheet(characters.ana), bo: sheet(characters.bo) },
      encounters: [skirmishWith({ stances: { ana: attack, bo: attack }, ...overrides })],
    });
  const resolve = (table: ReturnType<typeof fight>, rng = readings(1, 1, 1, 1)) => accepted(run(resolveRound, table, { skirmishId: 's1' }, rng));

  // [wolf on ana, wolf on bo, ana's roll, bo's roll] are d100 readings.
  it.each<[string, [StanceChoice, StanceChoice], number[], [boolean, boolean], [number, number], [boolean, boolean], number]>([
    ['a creature roll equal to the Defense hits; one below misses', [attack, attack], [50, 49, 1, 1], [true, false], [9, 10], [false, false], 5],
    ['an attack of d100 + Might equal to the Defense hits', [attack, attack], [1, 1, 45, 44], [false, false], [10, 10], [true, false], 4],
    ['DEFEND: +10 Defense against the creatures', [defend, attack], [59, 59, 1, 1], [false, true], [10, 9], [false, false], 5],
    ['DEFEND: −10 on the attack roll', [defend, attack], [1, 1, 55, 54], [false, false], [10, 10], [true, true], 3],
    ['DEFEND: 54 + 5 − 10 = 49 misses', [defend, defend], [60, 60, 54, 55], [true, true], [9, 9], [false, true], 4],
    ['00 + 0 reads 100 and hits', [attack, attack], [100, 100, 100, 100], [true, true], [9, 9], [true, true], 3],
  ])('%s', (_, [anaStance, boStance], rolls, creatureHits, vitas, characterHits, counter) => {
    const rng = readings(...rolls);
    const outcome = resolve(fight({ stances: { ana: anaStance, bo: boStance } }), rng);
    expect(rng.unused).toEqual([]);
    expect(outcome.result.creatureAttacks.map((hit) => hit.hit)).toEqual(creatureHits);
    expect(outcome.result.characterAttacks.map((hit) => hit.hit)).toEqual(characterHits);
    expect([outcome.state.characters.ana.vita, outcome.state.characters.bo.vita]).toEqual(vitas);
    expect(outcome.result).toMatchObject({ counterBefore: 5, counterAfter: counter, hits: characterHits.filter(Boolean).length, status: 'ONGOING' });
  });

  it('reports every roll: d100, modifier, total, the Defense faced, hit and damage', () => {
    const outcome = resolve(fight({ stances: { ana: defend, bo: attack } }), faces(8, 5, 3, 2, 7, 1, 1, 1));
    expect(outcome.result.creatureAttacks).toEqual([
      { black: 70, white: 4, d100: 74, creatureId: 'wolf', characterId: 'ana', modifier: 0, total: 74, defense: 60, hit: true, damage: 1, vitaAfter: 9 },
      { black: 20, white: 1, d100: 21, creatureId: 'wolf', characterId: 'bo', modifier: 0, total: 21, defense: 50, hit: false, damage: 0, vitaAfter: 10 },
    ]);
    expect(outcome.result.characterAttacks).toEqual([
      { black: 60, white: 0, d100: 60, characterId: 'ana', stance: 'DEFEND', targetCreatureId: 'wolf', might: 5, stanceModifier: -10, total: 55, defense: 50, hit: true },
      { black: 0, white: 0, d100: 100, characterId: 'bo', stance: 'ATTACK', targetCreatureId: 'wolf', might: 5, stanceModifier: 0, total: 105, defense: 50, hit: true },
    ]);
  });

  it('the creature adds its modifier and removes its damage value (Decision)', () => {
    const draugr: SkirmishCreature = { creatureId: 'wolf', name: 'Draugr', defense: 60, attackModifier: 5, damage: 2, reward: { coins: 5, lore: 2, text: '' } };
    const outcome = resolve(fight({ creatures: [draugr] }), readings(45, 44, 1, 1));
    expect(outcome.result.creatureAttacks.map(({ total, hit, damage }) => ({ total, hit, damage }))).toEqual([
      { total: 50, hit: true, damage: 2 },
      { total: 49, hit: false, damage: 0 },
    ]);
    expect(outcome.state.characters.ana.vita).toBe(8);
  });

  it('each creature attacks every character, creatures in turn (seed 001 line 35)', () => {
    const rng = readings(1, 2, 3, 4, 5, 6);
    const outcome = resolve(fight({ creatures: [skirmishWith().creatures[0], { ...bat, creatureId: 'wolf2' }] }), rng);
    expect(outcome.result.creatureAttacks.map((hit) => `${hit.creatureId}→${hit.characterId} ${hit.d100}`)).toEqual(['wolf→ana 1', 'wolf→bo 2', 'wolf2→ana 3', 'wolf2→bo 4']);
    expect(outcome.result.characterAttacks.map((hit) => `${hit.characterId} ${hit.d100}`)).toEqual(['ana 5', 'bo 6']);
  });

  it('a character brought to 0 Vita is not attacked again and does not attack (Decision)', () => {
    const rng = readings(90, 1, 1, 95);
    const twoWolves = [skirmishWith().creatures[0], skirmishWith().creatures[0]];
    const outcome = resolve(fight({ creatures: twoWolves }, { ana: { vita: 1 } }), rng);
    expect(rng.unused).toEqual([]);
    expect(outcome.result.creatureAttacks.map((hit) => hit.characterId)).toEqual(['ana', 'bo', 'bo']);
    expect(outcome.result.characterAttacks.map((hit) => hit.characterId)).toEqual(['bo']);
    expect(outcome.result.characters.map(({ characterId, vitaAfter, defeated }) => ({ characterId, vitaAfter, defeated }))).toEqual([
      { characterId: 'ana', vitaAfter: 0, defeated: true },
      { characterId: 'bo', vitaAfter: 10, defeated: false },
    ]);
    expect(outcome.state.encounters.s1).toMatchObject({ defeatedCharacterIds: ['ana'], counter: 4, round: 2, stances: {}, status: 'ONGOING' });
  });

  it('a defeated character needs no stance, is not attacked and does not attack', () => {
    const rng = readings(1, 1);
    const outcome = resolve(fight({ defeatedCharacterIds: ['ana'], stances: { bo: attack } }, { ana: { vita: 0 } }), rng);
    expect(rng.unused).toEqual([]);
    expect(outcome.result.characters[0]).toMatchObject({ characterId: 'ana', standing: false, stance: null });
  });

  it('a character at 0 Vita from outside the round counts as defeated', () => {
    const outcome = resolve(fight({ stances: { bo: attack } }, { ana: { vita: 0 } }), readings(1, 1));
    expect((outcome.state.encounters.s1 as Skirmish).defeatedCharacterIds).toEqual(['ana']);
  });

  it('the counter never goes below 0; at 0 the skirmish is won (ytterdorren.md, Skirmish 6–7)', () => {
    // Both wolf attacks read 100 and hit; ana and bo read 88 and hit; then the two searches.
    const outcome = resolve(fight({ counter: 1 }), faces(reading(100), reading(100), reading(88), reading(88), 1, 1));
    expect(outcome.result).toMatchObject({ hits: 2, counterBefore: 1, counterAfter: 0, status: 'VICTORY' });
    expect(outcome.state.encounters.s1).toMatchObject({ counter: 0, status: 'VICTORY', round: 1 });
  });

  it('every character defeated: DEFEAT, and nobody attacks', () => {
    const rng = readings(80, 80);
    const outcome = resolve(fight({}, { ana: { vita: 1 }, bo: { vita: 1 } }), rng);
    expect(rng.unused).toEqual([]);
    expect(outcome.result).toMatchObject({ characterAttacks: [], counterAfter: 5, status: 'DEFEAT', loot: null });
    expect(outcome.state.encounters.s1).toMatchObject({ status: 'DEFEAT', defeatedCharacterIds: ['ana', 'bo'] });
  });

  describe('loot (ytterdorren.md, Skirmish 8)', () => {
    it('every character receives the reward and one d10 search per unique creature: a 10 finds an item', () => {
      // Two wolves and a bat; ana and bo miss, the wolves' and bat's attacks miss, ana's and bo's hit the last point.
      const creatures = [skirmishWith().creatures[0], skirmishWith().creatures[0], bat];
      const rng = faces(...[1, 1, 1, 1, 1, 1, 90, 90].map(reading), 10, 3, 9, 10);
      const outcome = resolve(fight({ creatures, counter: 2 }), rng);
      expect(rng.unused).toEqual([]);
      expect(rng.rolled.slice(-4)).toEqual(['d10', 'd10', 'd10', 'd10']);
      expect(outcome.result.loot).toEqual([
        {
          characterId: 'ana',
          coins: 2,
          lore: 4,
          rewards: [
            { creatureId: 'wolf', coins: 2, lore: 1, text: 'a pelt' },
            { creatureId: 'bat', coins: 0, lore: 3, text: 'bat lore' },
          ],
          searches: [
            { creatureId: 'wolf', d10: 10, found: true },
            { creatureId: 'bat', d10: 3, found: false },
          ],
          itemsFound: ['Item from Grey Wolf'],
        },
        {
          characterId: 'bo',
          coins: 2,
          lore: 4,
          rewards: [
            { creatureId: 'wolf', coins: 2, lore: 1, text: 'a pelt' },
            { creatureId: 'bat', coins: 0, lore: 3, text: 'bat lore' },
          ],
          searches: [
            { creatureId: 'wolf', d10: 9, found: false },
            { creatureId: 'bat', d10: 10, found: true },
          ],
          itemsFound: ['Item from Bat'],
        },
      ]);
      expect(outcome.state.characters.ana).toMatchObject({ coins: 2, lore: 4, items: ['Item from Grey Wolf'] });
      expect(outcome.state.characters.bo).toMatchObject({ coins: 2, lore: 4, items: ['Item from Bat'] });
      expect((outcome.state.encounters.s1 as Skirmish).loot).toEqual(outcome.result.loot);
    });

    it('a character defeated earlier shares the loot ("All characters", Decision)', () => {
      // The wolf misses bo (1), bo hits (90 + 5), then a search each: ana 2, bo 4.
      const rng = faces(reading(1), reading(90), 2, 4);
      const outcome = resolve(fight({ counter: 1, defeatedCharacterIds: ['ana'], stances: { bo: attack } }, { ana: { vita: 0, coins: 3 } }), rng);
      expect(rng.unused).toEqual([]);
      expect(outcome.result.loot?.map(({ characterId, coins }) => ({ characterId, coins }))).toEqual([
        { characterId: 'ana', coins: 2 },
        { characterId: 'bo', coins: 2 },
      ]);
      expect(outcome.state.characters.ana.coins).toBe(5);
    });
  });

  it('plays a skirmish to victory over rounds, asking for stances each round', () => {
    let table = fight({ counter: 2 });
    table = resolve(table, readings(1, 1, 90, 1)).state;
    expect(table.encounters.s1).toMatchObject({ round: 2, counter: 1, stances: {} });
    expect(refused(run(resolveRound, table, { skirmishId: 's1' }))).toEqual({
      reason: 'STANCE_MISSING',
      message: "every standing character chooses to attack or defend first: 'ana', 'bo' have not",
    });
    table = accepted(run(chooseStance, table, { skirmishId: 's1', characterId: 'ana', stance: 'DEFEND' })).state;
    expect(refused(run(resolveRound, table, { skirmishId: 's1' })).message).toBe("every standing character chooses to attack or defend first: 'bo' has not");
    table = accepted(run(chooseStance, table, { skirmishId: 's1', characterId: 'bo', stance: 'ATTACK' })).state;
    const won = resolve(table, faces(...[1, 1, 1, 90].map(reading), 5, 5));
    expect(won.result).toMatchObject({ round: 2, counterAfter: 0, status: 'VICTORY' });
    expect(refused(run(resolveRound, won.state, { skirmishId: 's1' }))).toEqual({ reason: 'SKIRMISH_OVER', message: 'that skirmish is over' });
  });

  it('refuses an unknown skirmish', () => {
    expect(refused(run(resolveRound, fight(), { skirmishId: 'e1' }))).toEqual({ reason: 'UNKNOWN_SKIRMISH', message: "there is no skirmish 'e1' in this campaign" });
  });

  it('records one event whose payload carries the round', () => {
    const outcome = resolve(fight());
    expect(outcome.events).toHaveLength(1);
    expect(outcome.events[0].type).toBe('ytterdorren.skirmish.round-resolved');
    expect(outcome.events[0].payload).toEqual({ skirmishId: 's1', ...outcome.result });
  });
});

describe('playRound', () => {
  it('throws on a standing character without a stance: the rule checks first', () => {
    const setup = { round: 1, counterBefore: 3, creatures: skirmishWith().creatures, characters: [{ characterId: 'ana', standing: true, stance: null, targetCreatureId: null, defense: 50, might: 0, vitaBefore: 5 }] };
    expect(() => playRound(setup, readings(1, 1))).toThrow("character 'ana' has no stance");
  });
});
