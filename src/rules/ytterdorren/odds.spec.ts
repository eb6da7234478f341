import { readD100 } from './d100.js';
import { damageDistribution, DEFAULT_SAMPLES, SeededGenerator, ytterdorrenSkirmishOdds, type SkirmishOdds, type SkirmishOddsOptions } from './odds.js';
import { resolveRound } from './skirmish.js';
import type { Skirmish, SkirmishCreature, Stance, StanceChoice, YtterdorrenSheet, YtterdorrenState } from './state.js';
import { reading, ScriptedRng, sheet, skirmishWith, tableWith } from './testing.js';

const wolf: SkirmishCreature = skirmishWith().creatures[0];
const draugr: SkirmishCreature = { creatureId: 'draugr', name: 'Draugr', defense: 65, attackModifier: 12, damage: 2, reward: { coins: 5, lore: 2, text: '' } };
const attack = (target = 'wolf'): StanceChoice => ({ stance: 'ATTACK', targetCreatureId: target });
const defend = (target = 'wolf'): StanceChoice => ({ stance: 'DEFEND', targetCreatureId: target });

function table(skirmish: Partial<Skirmish>, characters: Record<string, Partial<YtterdorrenSheet>> = { ana: {}, bo: {} }): YtterdorrenState {
  return tableWith({
    characters: Object.fromEntries(Object.entries(characters).map(([id, overrides]) => [id, sheet(overrides)])),
    encounters: [skirmishWith({ characterIds: Object.keys(characters), ...skirmish })],
  });
}

function oddsOf(state: YtterdorrenState, options?: SkirmishOddsOptions): SkirmishOdds {
  const answer = ytterdorrenSkirmishOdds(state, { skirmishId: 's1' }, options);
  if (!answer.ok) throw new Error(answer.violation.message);
  return answer.odds;
}

/** The 100 readings of a d100 counted: how many make `modifier` + reading ≥ `target`, as a chance. */
function countedChance(target: number, modifier: number): number {
  let count = 0;
  for (let black = 0; black <= 90; black += 10) for (let white = 0; white <= 9; white += 1) if (readD100(black, white) + modifier >= target) count += 1;
  return count / 100;
}

describe('ytterdorrenSkirmishOdds: the chances of each roll, by counting the 100 readings', () => {
  it.each<[string, Partial<YtterdorrenSheet>, SkirmishCreature]>([
    ['Defense 50 against the wolf (+0)', { defense: 50, might: 5 }, wolf],
    ['Defense 70 against the draugr (+12)', { defense: 70, might: 20 }, draugr],
    ['Defense 5: always hit', { defense: 5, might: -20 }, draugr],
    ['Defense 150: never hit', { defense: 150, might: 100 }, wolf],
  ])('%s', (_, character, creature) => {
    const odds = oddsOf(table({ creatures: [creature] }, { ana: character }));
    const stanceBonus = (stance: Stance) => (stance === 'DEFEND' ? 10 : 0);
    expect(odds.characters[0].hitBy).toEqual([
      {
        creatureId: creature.creatureId,
        count: 1,
        ATTACK: countedChance(character.defense!, creature.attackModifier),
        DEFEND: countedChance(character.defense! + stanceBonus('DEFEND'), creature.attackModifier),
      },
    ]);
    expect(odds.characters[0].toHit).toEqual([
      {
        creatureId: creature.creatureId,
        count: 1,
        ATTACK: countedChance(creature.defense, character.might!),
        DEFEND: countedChance(creature.defense, character.might! - 10),
      },
    ]);
  });

  it('lists each creature once with how many fight, for every character', () => {
    const odds = oddsOf(table({ creatures: [wolf, draugr, wolf], stances: { ana: attack(), bo: defend('draugr') } }));
    expect(odds.characters.map((character) => character.hitBy.map(({ creatureId, count }) => `${creatureId}×${count}`))).toEqual([
      ['wolf×2', 'draugr×1'],
      ['wolf×2', 'draugr×1'],
    ]);
    expect(odds.characters.map((character) => character.hitBy[0].ATTACK)).toEqual([0.51, 0.51]);
  });
});

/**
 * P(victory), P(defeat) and P(unending) by brute force over the attack outcomes of a round,
 * each attack hit or missed as the rules play it (creatures in turn on each standing character,
 * then each standing character), solved state by state from the start.
 */
function bruteForce(counter: number, fighters: Array<{ vita: number; defense: number; might: number; stance: Stance; target: SkirmishCreature }>, creatures: SkirmishCreature[]) {
  const memo = new Map<string, [number, number, number]>();
  const solve = (count: number, vitas: number[]): [number, number, number] => {
    if (count === 0) return [1, 0, 0];
    if (vitas.every((vita) => vita === 0)) return [0, 1, 0];
    const key = `${count}|${vitas.join(',')}`;
    const known = memo.get(key);
    if (known) return known;
    const next = new Map<string, { count: number; vitas: number[]; p: number }>();
    const creaturesTurn = (index: number, current: number[], p: number): void => {
      if (p === 0) return;
      if (index === creatures.length * fighters.length) return charactersTurn(0, current, 0, p);
      const creature = creatures[Math.floor(index / fighters.length)];
      const who = index % fighters.length;
      if (current[who] === 0) return creaturesTurn(index + 1, current, p);
      const hit = countedChance(fighters[who].defense + (fighters[who].stance === 'DEFEND' ? 10 : 0), creature.attackModifier);
      creaturesTurn(index + 1, current.map((vita, i) => (i === who ? Math.max(0, vita - creature.damage) : vita)), p * hit);
      creaturesTurn(index + 1, current, p * (1 - hit));
    };
    const charactersTurn = (who: number, current: number[], hits: number, p: number): void => {
      if (p === 0) return;
      if (who === fighters.length) {
        const after = Math.max(0, count - hits);
        const entry = next.get(`${after}|${current.join(',')}`) ?? { count: after, vitas: current, p: 0 };
        entry.p += p;
        next.set(`${after}|${current.join(',')}`, entry);
        return;
      }
      if (current[who] === 0) return charactersTurn(who + 1, current, hits, p);
      const fighter = fighters[who];
      const hit = countedChance(fighter.target.defense, fighter.might - (fighter.stance === 'DEFEND' ? 10 : 0));
      charactersTurn(who + 1, current, hits + 1, p * hit);
      charactersTurn(who + 1, current, hits, p * (1 - hit));
    };
    creaturesTurn(0, vitas, 1);
    let moving = 0;
    const sum: [number, number, number] = [0, 0, 0];
    for (const [nextKey, { count: after, vitas: left, p }] of next) {
      if (nextKey === key) continue;
      moving += p;
      solve(after, left).forEach((value, i) => (sum[i] += p * value));
    }
    const result: [number, number, number] = moving === 0 ? [0, 0, 1] : [sum[0] / moving, sum[1] / moving, sum[2] / moving];
    memo.set(key, result);
    return result;
  };
  const [victory, defeat, unending] = solve(counter, fighters.map((fighter) => fighter.vita));
  return { victory, defeat, unending };
}

describe('P(victory): exact, against brute force', () => {
  type Row = [string, Partial<Skirmish>, Record<string, Partial<YtterdorrenSheet>>];
  const rows: Row[] = [
    ['ana alone against a wolf, counter 3', { counter: 3, stances: { ana: attack() } }, { ana: { vita: 3 } }],
    ['ana defending', { counter: 3, stances: { ana: defend() } }, { ana: { vita: 3 } }],
    ['ana and bo, counter 5', { counter: 5 }, { ana: { vita: 3 }, bo: { vita: 2, defense: 40, might: 15 } }],
    ['two wolves and a draugr of 2 damage', { counter: 6, creatures: [wolf, wolf, draugr], stances: { bo: defend('draugr') } }, { ana: { vita: 4 }, bo: { vita: 3, defense: 60 } }],
    ['three characters, one already defeated', { counter: 4, defeatedCharacterIds: ['cy'] }, { ana: { vita: 2 }, bo: { vita: 2 }, cy: { vita: 0 } }],
    ['a weak party', { counter: 8 }, { ana: { vita: 2, defense: 20, might: -30 }, bo: { vita: 1, defense: 10, might: -40 } }],
  ];

  it.each(rows)('%s', (_, skirmish, characters) => {
    const state = table(skirmish, characters);
    const odds = oddsOf(state);
    expect(odds.outcome.method).toBe('EXACT');
    const s = state.encounters.s1 as Skirmish;
    const fighters = odds.characters
      .filter((character) => character.assumed !== null)
      .map((character) => {
        const sheetOf = state.characters[character.characterId];
        return { ...sheetOf, stance: character.assumed!.stance, target: s.creatures.find((creature) => creature.creatureId === character.assumed!.targetCreatureId)! };
      });
    const expected = bruteForce(s.counter, fighters, s.creatures);
    expect(odds.outcome.victory).toBeCloseTo(expected.victory, 12);
    expect(odds.outcome.defeat).toBeCloseTo(expected.defeat, 12);
    expect(odds.outcome.unending).toBeCloseTo(expected.unending, 12);
    expect(Math.abs(odds.outcome.victory + odds.outcome.defeat + odds.outcome.unending - 1)).toBeLessThan(1e-12);
    expect(odds.outcome.standardError).toBe(0);
  });

  it('agrees with the rule itself: every pair of readings played through resolveRound', () => {
    // ana (Vita 2, Defense 50, Might 5) against a wolf, counter 2: one creature roll and one attack roll a round.
    const start = table({ counter: 2, stances: { ana: attack() } }, { ana: { vita: 2 } });
    const memo = new Map<string, number>();
    const victory = (state: YtterdorrenState): number => {
      const s = state.encounters.s1 as Skirmish;
      if (s.status !== 'ONGOING') return s.status === 'VICTORY' ? 1 : 0;
      const key = `${s.counter}|${state.characters.ana.vita}`;
      if (memo.has(key)) return memo.get(key)!;
      let stay = 0;
      let sum = 0;
      for (let creatureRoll = 1; creatureRoll <= 100; creatureRoll += 1) {
        for (let attackRoll = 1; attackRoll <= 100; attackRoll += 1) {
          // Unused faces are left over when ana falls before attacking; a victory's search takes the last.
          const outcome = resolveRound(state, { skirmishId: 's1' }, new ScriptedRng([...reading(creatureRoll), ...reading(attackRoll), 1]));
          if (!outcome.ok) throw new Error(outcome.violation.message);
          const after = outcome.state.encounters.s1 as Skirmish;
          if (after.counter === s.counter && outcome.state.characters.ana.vita === state.characters.ana.vita) {
            stay += 1e-4;
            continue;
          }
          after.stances = { ana: attack() };
          sum += 1e-4 * victory(outcome.state);
        }
      }
      const value = sum / (1 - stay);
      memo.set(key, value);
      return value;
    };
    expect(oddsOf(start).outcome.victory).toBeCloseTo(victory(start), 12);
  });

  it.each<[string, Partial<Skirmish>, Record<string, Partial<YtterdorrenSheet>>, { victory: number; defeat: number; unending: number }]>([
    ['nobody can hit or be hit: it never ends', { counter: 3 }, { ana: { defense: 150, might: -100 } }, { victory: 0, defeat: 0, unending: 1 }],
    ['the characters always hit: victory in counter ÷ characters rounds', { counter: 3 }, { ana: { might: 60, defense: 150 }, bo: { might: 60, defense: 150 } }, { victory: 1, defeat: 0, unending: 0 }],
    ['the creature always hits and ana never does', { counter: 3 }, { ana: { defense: 0, might: -100 } }, { victory: 0, defeat: 1, unending: 0 }],
  ])('%s', (_, skirmish, characters, expected) => {
    expect(oddsOf(table(skirmish, characters)).outcome).toMatchObject({ ...expected, method: 'EXACT' });
  });

  it('an inert character left alone after the other falls: the rest is unending', () => {
    const odds = oddsOf(table({ counter: 50 }, { ana: { defense: 150, might: -100 }, bo: { vita: 1, defense: 0, might: -100 } }));
    expect(odds.outcome).toMatchObject({ victory: 0, defeat: 0, unending: 1 });
  });

  it.each<[SkirmishStatus, number, number]>([
    ['VICTORY', 1, 0],
    ['DEFEAT', 0, 1],
  ])('a skirmish over, %s, is settled', (status, victory, defeat) => {
    const odds = oddsOf(table({ status, counter: status === 'VICTORY' ? 0 : 3 }));
    expect(odds.outcome).toEqual({ victory, defeat, unending: 0, method: 'SETTLED', standardError: 0, samples: null, unfinishedSamples: 0 });
    expect(odds.characters.every((character) => !character.standing && character.assumed === null)).toBe(true);
  });
});

type SkirmishStatus = Skirmish['status'];

describe('the assumption behind P(victory)', () => {
  it('a character who has not chosen attacks the creature of lowest Defense; a chosen stance is kept', () => {
    const odds = oddsOf(table({ creatures: [draugr, wolf], stances: { bo: defend('draugr') } }));
    expect(odds.characters.map(({ chosenStance, assumed }) => ({ chosenStance, assumed }))).toEqual([
      { chosenStance: null, assumed: { stance: 'ATTACK', targetCreatureId: 'wolf' } },
      { chosenStance: 'DEFEND', assumed: { stance: 'DEFEND', targetCreatureId: 'draugr' } },
    ]);
  });

  it('a defeated character is assumed to do nothing', () => {
    const odds = oddsOf(table({ defeatedCharacterIds: ['bo'] }, { ana: {}, bo: { vita: 0 } }));
    expect(odds.characters[1]).toMatchObject({ standing: false, assumed: null });
  });
});

describe('P(victory) estimated when the state space is too large', () => {
  const state = table({ counter: 6, creatures: [wolf, draugr] }, { ana: { vita: 4 }, bo: { vita: 3, defense: 60, might: 20 } });
  const exact = oddsOf(state).outcome;

  it('is exact with room, and estimated beyond maxExactWork', () => {
    expect(exact.method).toBe('EXACT');
    expect(oddsOf(state, { maxExactWork: 10 }).outcome.method).toBe('ESTIMATE');
  });

  it.each([[1], [2], [3]])('with generator seed %i: within 4.5 standard errors of the exact answer', (seed) => {
    const estimate = oddsOf(state, { maxExactWork: 0, generator: new SeededGenerator(seed), samples: 5000 }).outcome;
    expect(estimate).toMatchObject({ method: 'ESTIMATE', samples: 5000, unfinishedSamples: 0 });
    expect(estimate.standardError).toBeCloseTo(Math.sqrt((estimate.victory * (1 - estimate.victory)) / 5000), 15);
    expect(Math.abs(estimate.victory - exact.victory)).toBeLessThan(4.5 * estimate.standardError);
    expect(Math.abs(estimate.victory + estimate.defeat + estimate.unending - 1)).toBeLessThan(1e-12);
  });

  it('by default draws from a fixed seed: the same state gets the same answer', () => {
    const first = oddsOf(state, { maxExactWork: 0 }).outcome;
    expect(first.samples).toBe(DEFAULT_SAMPLES);
    expect(oddsOf(state, { maxExactWork: 0 }).outcome).toEqual(first);
  });

  it('a large skirmish is estimated with the defaults', () => {
    const big = table({ counter: 60, creatures: [wolf, wolf, draugr] }, Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f'].map((id) => [id, { vita: 30, might: 10 }])));
    const odds = oddsOf(big, { samples: 500 });
    expect(odds.outcome.method).toBe('ESTIMATE');
    expect(odds.outcome.standardError).toBeGreaterThan(0);
  });

  it('an estimate of a skirmish that cannot end says so', () => {
    expect(oddsOf(table({ counter: 3 }, { ana: { defense: 150, might: -100 } }), { maxExactWork: 0, samples: 10 }).outcome).toMatchObject({ unending: 1, victory: 0 });
  });
});

describe('what the odds read', () => {
  it('nothing outside the skirmish and its characters: other encounters and characters change no bit', () => {
    const state = table({ counter: 4 });
    const busier: YtterdorrenState = {
      ...state,
      characters: { ...state.characters, cy: sheet({ vita: 1, coins: 99 }) },
      encounters: { ...state.encounters, s2: skirmishWith({ id: 's2', characterIds: ['cy'], counter: 9 }) },
    };
    expect(JSON.stringify(oddsOf(busier))).toBe(JSON.stringify(oddsOf(state)));
  });

  it('changes nothing it is given', () => {
    const state = table({ counter: 4 });
    const copy = structuredClone(state);
    oddsOf(state);
    expect(state).toEqual(copy);
  });

  it('refuses an unknown skirmish', () => {
    expect(ytterdorrenSkirmishOdds(table({}), { skirmishId: 'nope' })).toEqual({ ok: false, violation: { reason: 'UNKNOWN_SKIRMISH', message: "there is no skirmish 'nope' in this campaign" } });
  });
});

describe('damageDistribution', () => {
  it.each<[number[], number[], number[]]>([
    [[], [], [1]],
    [[50], [1], [0.5, 0.5]],
    [[50, 25], [1, 2], [0.375, 0.375, 0.125, 0.125]],
    [[100, 100], [1, 1], [0, 0, 1]],
  ])('hits %j of damage %j → %j', (readings, damages, distribution) => {
    expect(damageDistribution(readings, damages)).toEqual(distribution);
  });
});

describe('SeededGenerator', () => {
  it('is reproducible and uniform enough for estimates', () => {
    const a = new SeededGenerator(42);
    const b = new SeededGenerator(42);
    const rolls = Array.from({ length: 6000 }, () => a.die(6));
    expect(Array.from({ length: 6000 }, () => b.die(6))).toEqual(rolls);
    for (let face = 1; face <= 6; face += 1) expect(Math.abs(rolls.filter((roll) => roll === face).length - 1000)).toBeLessThan(120);
    expect(a.wordsUsed).toBe(6000);
  });
});
