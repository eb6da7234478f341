import { characterAttack, damageFoe, endEncounter, foeAttack, startEncounter, type StartEncounterInput } from './encounter.js';
import type { Foe, FoeEncounter, YtterdorrenSheet } from './state.js';
import { accepted, blackWhite, creature, faces, readings, refused, run, sheet, tableWith } from './testing.js';

const wolfCard = creature('wolf', { encounter: { vita: { 1: 5, 2: 7, 3: 9 }, might: { EASY: 0, NORMAL: 5, HARD: 10 } } });
const batCard = creature('bat', { name: 'Bat', encounter: { vita: { 2: 3 }, might: { NORMAL: 2 }, combatType: 'RANGED', defense: 30, awards: { lore: 2, coins: 0 } } });

describe('startEncounter: Vita for the number of players, Might for the difficulty (ytterdorren.md, Encounters)', () => {
  const party = (count: number): Record<string, YtterdorrenSheet> => Object.fromEntries(['ana', 'bo', 'cy'].slice(0, count).map((id) => [id, sheet()]));
  const start = (players: number, foes: StartEncounterInput['foes']): StartEncounterInput => ({ encounterId: 'e1', characterIds: Object.keys(party(players)), foes });

  it.each<[number, string, number, number]>([
    [1, 'EASY', 5, 0],
    [2, 'NORMAL', 7, 5],
    [3, 'HARD', 9, 10],
  ])('%i player(s) at %s: Vita %i, Might %i', (players, difficulty, vita, might) => {
    const outcome = accepted(run(startEncounter, tableWith({ characters: party(players), creatures: [wolfCard] }), start(players, [{ foeId: 'f1', creatureId: 'wolf', difficulty }])));
    expect(outcome.result.foes[0]).toMatchObject({ id: 'f1', creatureId: 'wolf', difficulty, vita, maxVita: vita, might, status: 'ACTIVE' });
  });

  it('keeps the encounter side of each foe', () => {
    const outcome = accepted(run(startEncounter, tableWith({ creatures: [wolfCard, batCard] }), start(2, [{ foeId: 'f1', creatureId: 'bat', difficulty: 'NORMAL' }])));
    expect(outcome.state.encounters.e1).toEqual<FoeEncounter>({
      id: 'e1',
      kind: 'ytterdorren.encounter',
      status: 'ONGOING',
      characterIds: ['ana', 'bo'],
      foes: [
        {
          id: 'f1',
          creatureId: 'bat',
          name: 'Bat',
          difficulty: 'NORMAL',
          vita: 3,
          maxVita: 3,
          might: 2,
          combatType: 'RANGED',
          defense: 30,
          stride: 5,
          awards: { lore: 2, coins: 0 },
          specialPower: 'Pack hunter',
          powers: batCard.encounter.powers,
          type: 'Beast',
          status: 'ACTIVE',
        },
      ],
    });
  });

  it.each<[string, Partial<StartEncounterInput>, string, string]>([
    ['no foes', { foes: [] }, 'INVALID_PARTICIPANTS', 'an encounter has 1 to 20 foes'],
    ['an unknown creature', { foes: [{ foeId: 'f1', creatureId: 'dragon', difficulty: 'EASY' }] }, 'UNKNOWN_CREATURE', "the campaign has no creature card 'dragon'"],
    ['two foes with one id', { foes: [{ foeId: 'f1', creatureId: 'wolf', difficulty: 'EASY' }, { foeId: 'f1', creatureId: 'wolf', difficulty: 'EASY' }] }, 'UNKNOWN_FOE', 'every foe needs an id of its own'],
    ['a difficulty the card lacks', { foes: [{ foeId: 'f1', creatureId: 'wolf', difficulty: 'LEGENDARY' }] }, 'UNKNOWN_DIFFICULTY', "Grey Wolf has no Might for difficulty 'LEGENDARY' (it has EASY, NORMAL, HARD)"],
    ['a player count the card lacks', { characterIds: ['ana'], foes: [{ foeId: 'f1', creatureId: 'bat', difficulty: 'NORMAL' }] }, 'NO_VITA_FOR_PLAYERS', 'Bat has no Vita for 1 player'],
    ['a used id', { encounterId: 'old' }, 'ENCOUNTER_EXISTS', "a skirmish or encounter 'old' already exists"],
    ['a character twice', { characterIds: ['ana', 'ana'] }, 'INVALID_PARTICIPANTS', 'a character is listed twice'],
  ])('refuses %s', (_, change, reason, message) => {
    const old: FoeEncounter = { id: 'old', kind: 'ytterdorren.encounter', status: 'ENDED', characterIds: ['ana'], foes: [] };
    const table = tableWith({ creatures: [wolfCard, batCard], encounters: [old] });
    expect(refused(run(startEncounter, table, { ...start(2, [{ foeId: 'f1', creatureId: 'wolf', difficulty: 'EASY' }]), ...change }))).toEqual({ reason, message });
  });
});

/** ana (Defense 50, Might 5) and bo against f1, a wolf at Might 3 (Defense 40, Vita 6, awards 1 lore and 3 coins), and f2, a bat. */
function encounter(foes: Partial<Foe>[] = [{}, { id: 'f2', name: 'Bat', defense: 30, awards: { lore: 2, coins: 0 } }], characters?: Record<string, YtterdorrenSheet>) {
  const foe = (overrides: Partial<Foe>): Foe => ({
    id: 'f1',
    creatureId: 'wolf',
    name: 'Grey Wolf',
    difficulty: 'NORMAL',
    vita: 6,
    maxVita: 6,
    might: 3,
    combatType: 'MELEE',
    defense: 40,
    stride: 5,
    awards: { lore: 1, coins: 3 },
    specialPower: '',
    powers: Array.from({ length: 10 }, (_, face) => `power ${face}`),
    type: 'Beast',
    status: 'ACTIVE',
    ...overrides,
  });
  const fight: FoeEncounter = { id: 'e1', kind: 'ytterdorren.encounter', status: 'ONGOING', characterIds: ['ana', 'bo'], foes: foes.map(foe) };
  return tableWith({ characters: characters ?? { ana: sheet(), bo: sheet({ defense: 80 }) }, encounters: [fight] });
}

describe('foeAttack: black die + white die, the white die picks the power (seed 001 line 75)', () => {
  it.each<[string, number, number, number, number, number, string, boolean]>([
    // [black, white, might, d100, total, power, hit against Defense 50]
    ['the seed: black 70 + white 4 = 74, power 4', 70, 4, 0, 74, 74, 'power 4', true],
    ['00 + 0 reads 100 (Decision), power 0', 0, 0, 0, 100, 100, 'power 0', true],
    ['00 + 9 reads 9, power 9', 0, 9, 0, 9, 9, 'power 9', false],
    ['Might is added (Decision): 40 + 7 + 3 = 50 hits', 40, 7, 3, 47, 50, 'power 7', true],
    ['40 + 6 + 3 = 49 misses', 40, 6, 3, 46, 49, 'power 6', false],
  ])('%s', (_, black, white, might, d100, total, power, hit) => {
    const rng = faces(blackWhite(black, white));
    const outcome = accepted(run(foeAttack, encounter([{ might }]), { encounterId: 'e1', foeId: 'f1', targetCharacterId: 'ana' }, rng));
    expect(rng.rolled).toEqual(['d10', 'd10']);
    expect(outcome.result).toEqual({ black, white, d100, might, total, defense: 50, hit, power, powerTable: expect.any(Array) });
    expect(outcome.state).toEqual(encounter([{ might }]));
  });

  it('the seed, verbatim: "An attack roll of Black 70 and White 4 = 74 and the the White Die also indicate what power the Foe will use."', () => {
    const table = encounter([{ might: 0, powers: ['Snap', 'Snap', 'Bite', 'Bite', 'Lunge', 'Lunge', 'Howl', 'Howl', 'Rend', 'Rend'] }]);
    const outcome = accepted(run(foeAttack, table, { encounterId: 'e1', foeId: 'f1', targetCharacterId: 'ana' }, faces(blackWhite(70, 4))));
    expect(outcome.result).toMatchObject({ black: 70, white: 4, d100: 74, total: 74, power: 'Lunge' });
  });

  it("compares with the target's Defense", () => {
    expect(accepted(run(foeAttack, encounter(), { encounterId: 'e1', foeId: 'f1', targetCharacterId: 'bo' }, readings(76))).result).toMatchObject({ total: 79, defense: 80, hit: false });
  });

  it.each<[string, object, Partial<Foe>[] | undefined, Record<string, YtterdorrenSheet> | undefined, string, string]>([
    ['an unknown encounter', { encounterId: 'e9' }, undefined, undefined, 'UNKNOWN_ENCOUNTER', "there is no encounter 'e9' in this campaign"],
    ['an unknown foe', { foeId: 'f9' }, undefined, undefined, 'UNKNOWN_FOE', "there is no foe 'f9' in this encounter"],
    ['a defeated foe', {}, [{ status: 'DEFEATED', vita: 0 }], undefined, 'FOE_DEFEATED', 'Grey Wolf is already defeated'],
    ['a target not in the encounter', { targetCharacterId: 'cy' }, undefined, { ana: sheet(), bo: sheet(), cy: sheet() }, 'NOT_IN_ENCOUNTER', "character 'cy' is not in this encounter"],
    ['a target without Vita', {}, undefined, { ana: sheet({ vita: 0 }), bo: sheet() }, 'CHARACTER_DEFEATED', "character 'ana' has no Vita left"],
  ])('refuses %s', (_, change, foes, characters, reason, message) => {
    expect(refused(run(foeAttack, encounter(foes, characters), { encounterId: 'e1', foeId: 'f1', targetCharacterId: 'ana', ...change }, readings(50)))).toEqual({ reason, message });
  });

  it('refuses an encounter that is over', () => {
    const ended = accepted(run(endEncounter, encounter(), { encounterId: 'e1' }));
    expect(ended.state.encounters.e1.status).toBe('ENDED');
    expect(refused(run(foeAttack, ended.state, { encounterId: 'e1', foeId: 'f1', targetCharacterId: 'ana' }))).toEqual({ reason: 'ENCOUNTER_OVER', message: 'that encounter is over' });
  });
});

describe("characterAttack: d100 + Might ≥ the foe's Defense", () => {
  it.each<[string, number, number, boolean]>([
    ['35 + 5 = 40 hits Defense 40', 35, 40, true],
    ['34 + 5 = 39 misses', 34, 39, false],
    ['00 + 0 reads 100', 100, 105, true],
  ])('%s', (_, value, total, hit) => {
    const outcome = accepted(run(characterAttack, encounter(), { encounterId: 'e1', characterId: 'ana', foeId: 'f1' }, readings(value)));
    expect(outcome.result).toMatchObject({ d100: value, might: 5, total, defense: 40, hit });
  });

  it('refuses a character without Vita', () => {
    const table = encounter(undefined, { ana: sheet({ vita: 0 }), bo: sheet() });
    expect(refused(run(characterAttack, table, { encounterId: 'e1', characterId: 'ana', foeId: 'f1' }))).toEqual({ reason: 'CHARACTER_DEFEATED', message: "character 'ana' has no Vita left" });
  });
});

describe('damageFoe: a defeated foe awards each player its Lore and Coins (ytterdorren.md, Encounters)', () => {
  it('lowers Vita', () => {
    const outcome = accepted(run(damageFoe, encounter(), { encounterId: 'e1', foeId: 'f1', amount: 4 }));
    expect(outcome.result).toEqual({ vitaBefore: 6, vita: 2, defeated: false, awards: [], status: 'ONGOING' });
  });

  it('at 0 the foe is defeated and every character of the encounter gets its awards, even one without Vita (Decision)', () => {
    const table = encounter(undefined, { ana: sheet({ lore: 1, coins: 1 }), bo: sheet({ vita: 0 }) });
    const outcome = accepted(run(damageFoe, table, { encounterId: 'e1', foeId: 'f1', amount: 9 }));
    expect(outcome.result).toEqual({
      vitaBefore: 6,
      vita: 0,
      defeated: true,
      awards: [
        { characterId: 'ana', lore: 1, coins: 3 },
        { characterId: 'bo', lore: 1, coins: 3 },
      ],
      status: 'ONGOING',
    });
    expect(outcome.state.characters.ana).toMatchObject({ lore: 2, coins: 4 });
    expect(outcome.state.characters.bo).toMatchObject({ lore: 1, coins: 3 });
  });

  it('the last foe defeated ends the encounter in VICTORY', () => {
    let table = accepted(run(damageFoe, encounter(), { encounterId: 'e1', foeId: 'f1', amount: 6 })).state;
    table = accepted(run(damageFoe, table, { encounterId: 'e1', foeId: 'f2', amount: 6 })).state;
    expect(table.encounters.e1.status).toBe('VICTORY');
    expect(table.characters.ana).toMatchObject({ lore: 3, coins: 3 });
  });

  it.each<[number]>([[0], [-1], [2.5]])('refuses %p damage', (amount) => {
    expect(refused(run(damageFoe, encounter(), { encounterId: 'e1', foeId: 'f1', amount }))).toEqual({ reason: 'INVALID_AMOUNT', message: 'the damage must be a whole number from 1 to 100000' });
  });

  it('refuses a foe already defeated', () => {
    const table = accepted(run(damageFoe, encounter(), { encounterId: 'e1', foeId: 'f1', amount: 6 })).state;
    expect(refused(run(damageFoe, table, { encounterId: 'e1', foeId: 'f1', amount: 1 }))).toEqual({ reason: 'FOE_DEFEATED', message: 'Grey Wolf is already defeated' });
  });
});
