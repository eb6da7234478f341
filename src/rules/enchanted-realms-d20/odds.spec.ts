import type { Rng } from '../random/random-stream.js';
import { rollAttack, type AttackSetup } from './attack-roll.js';
import { critRowFor } from './crit-table.js';
import { attackOdds, enchantedRealmsD20AttackOdds } from './odds.js';
import { combatant, condition, stateWith } from './testing.js';

/** A trained stylist's swing (2d20, crits enabled) at Defense 12, 1 damage a hit. */
const setupOf = (extra: Partial<AttackSetup> = {}): AttackSetup => ({
  kind: 'MELEE',
  skillDice: 2,
  advantage: false,
  disadvantage: false,
  modifier: 0,
  defense: 12,
  damagePerHit: 1,
  critEnabled: true,
  targetImmunities: [],
  targetArmorWorn: true,
  ...extra,
});

const sum = (values: number[]): number => values.reduce((total, value) => total + value, 0);

/**
 * The odds by brute force, independently of odds.ts: every face of every die of the pool, and
 * every face of every awarded die down the chain to `depth`; each crit's table roll by going over
 * all 100 faces (and the d3's three).
 */
function bruteForce(setup: AttackSetup, depth = 40) {
  const fromSkills = Math.max(0, setup.skillDice + (setup.advantage ? 1 : 0) - (setup.disadvantage ? 1 : 0));
  const untrained = setup.kind === 'MELEE' && fromSkills === 0;
  const n = untrained ? 1 : fromSkills;
  const canCrit = setup.kind === 'MELEE' && n >= 2 && setup.critEnabled;
  const hitsBy = (face: number) => face === 20 || (face !== 1 && face + setup.modifier >= setup.defense);
  let perCritDamage = 0;
  for (let roll = 1; roll <= 100; roll += 1) if (critRowFor(roll).effect === 'HARD_HIT') perCritDamage += ((1 + 2 + 3) / 3) / 100;

  const hits: number[] = [];
  const crits: number[] = [];
  let tail = 0;
  let atLeastOneCrit = 0;
  let expectedDamage = 0;
  const record = (p: number, h: number, c: number) => {
    hits[h] = (hits[h] ?? 0) + p;
    crits[c] = (crits[c] ?? 0) + p;
    expectedDamage += p * (h * setup.damagePerHit + c * perCritDamage);
  };
  const chain = (p: number, h: number, c: number, left: number) => {
    for (let face = 1; face <= 20; face += 1) {
      const q = p / 20;
      if (face === 20 && left > 1) chain(q, h + 1, c + 1, left - 1);
      else if (face === 20) tail += q;
      else record(q, h + (hitsBy(face) ? 1 : 0), c);
    }
  };
  const pools: Array<[number[], number]> = [];
  const faces = (count: number): number[][] => (count === 0 ? [[]] : faces(count - 1).flatMap((rest) => Array.from({ length: 20 }, (_, i) => [i + 1, ...rest])));
  if (untrained) for (const [a, b] of faces(2)) pools.push([[Math.min(a, b)], 1 / 400]);
  else for (const pool of faces(n)) pools.push([pool, 20 ** -n]);
  for (const [pool, p] of pools) {
    const h = pool.filter(hitsBy).length;
    const twenties = canCrit ? pool.filter((face) => face === 20).length : 0;
    if (twenties === 0) record(p, h, 0);
    else {
      atLeastOneCrit += p;
      chain(p, h, twenties, depth);
    }
  }
  return { hits: Array.from(hits, (p) => p ?? 0), crits: Array.from(crits, (p) => p ?? 0), tail, atLeastOneCrit, expectedDamage };
}

/** Thrown by {@link BranchingRng} when a run needs a value its prefix does not hold. */
class NeedsDraw {
  constructor(readonly sides: number) {}
}

/** Replays a prefix of faces, then asks for the next one to be branched on. */
class BranchingRng implements Rng {
  private index = 0;
  constructor(private readonly prefix: number[]) {}
  get wordsUsed() {
    return this.index;
  }
  die(sides: number): number {
    if (this.index === this.prefix.length) throw new NeedsDraw(sides);
    return this.prefix[this.index++];
  }
  uniform(): number {
    throw new Error('an attack draws dice only');
  }
  nextWord(): number {
    throw new Error('an attack draws dice only');
  }
}

/**
 * The odds of the attack rule itself: runs {@link rollAttack} on every sequence of faces, each
 * d100 branched by the table ranges that matter to hits, crits and damage (Hard Hit, Agony with
 * their d3, anything else), and cuts a chain longer than `depth` awarded dice.
 */
function enumerateRule(setup: AttackSetup, depth: number) {
  const hits: number[] = [];
  const crits: number[] = [];
  let tail = 0;
  const poolDraws = (() => {
    const fromSkills = Math.max(0, setup.skillDice + (setup.advantage ? 1 : 0) - (setup.disadvantage ? 1 : 0));
    return fromSkills === 0 ? 2 : fromSkills;
  })();
  const branches = (sides: number): Array<[number, number]> => {
    if (sides === 100) return [[1, 0.1], [11, 0.05], [16, 0.85]];
    return Array.from({ length: sides }, (_, i) => [i + 1, 1 / sides]);
  };
  const explore = (prefix: number[], sides: number[], p: number) => {
    try {
      const roll = rollAttack(setup, new BranchingRng(prefix));
      hits[roll.hits] = (hits[roll.hits] ?? 0) + p;
      crits[roll.crits.length] = (crits[roll.crits.length] ?? 0) + p;
    } catch (error) {
      if (!(error instanceof NeedsDraw)) throw error;
      const d20sDrawn = sides.filter((one) => one === 20).length;
      if (error.sides === 20 && d20sDrawn === poolDraws + depth) {
        tail += p;
        return;
      }
      for (const [face, weight] of branches(error.sides)) explore([...prefix, face], [...sides, error.sides], p * weight);
    }
  };
  explore([], [], 1);
  return { hits: Array.from(hits, (p) => p ?? 0), crits: Array.from(crits, (p) => p ?? 0), tail };
}

const SETUPS: Array<[string, Partial<AttackSetup>]> = [
  ['1d20 at Defense 12', { skillDice: 1 }],
  ['the untrained 2d20 keep lower', { skillDice: 0 }],
  ['the untrained roll with crits granted (still one die)', { skillDice: 0, critEnabled: true }],
  ['2d20 with a style', {}],
  ['2d20 without a style', { critEnabled: false }],
  ['2d20 at +5 against Defense 20', { modifier: 5, defense: 20 }],
  ['a novice with advantage', { skillDice: 1, advantage: true }],
  ['3d20 with a style against Defense 30', { skillDice: 3, defense: 30 }],
  ['3d20 at +25 against Defense 8', { skillDice: 3, modifier: 25, defense: 8 }],
  ['2d20 ranged', { kind: 'RANGED' }],
];

describe('attack odds: exact, the chain summed as a geometric series', () => {
  it.each<[string, Partial<AttackSetup>, number[]]>([
    ['1d20 against Defense 12: faces 12–20 hit', { skillDice: 1 }, [0.55, 0.45]],
    ['1d20 against Defense 40: only a natural 20', { skillDice: 1, defense: 40 }, [0.95, 0.05]],
    ['1d20 at +30 against Defense 0: all but a natural 1', { skillDice: 1, modifier: 30, defense: 0 }, [0.05, 0.95]],
    ['untrained, the lower of 2d20 meets 12 in (9/20)²', { skillDice: 0 }, [1 - 0.2025, 0.2025]],
    ['2d20 ranged against 12: binomial, no chain', { kind: 'RANGED' }, [0.55 ** 2, 2 * 0.55 * 0.45, 0.45 ** 2]],
  ])('%s', (_, extra, hits) => {
    const odds = attackOdds(setupOf(extra));
    expect(odds.hits).toHaveLength(hits.length);
    odds.hits.forEach((p, k) => expect(p).toBeCloseTo(hits[k], 14));
    expect(odds).toMatchObject({ canCrit: false, atLeastOneCrit: 0, expectedCrits: 0, beyondDepth: 0 });
  });

  it('a trained stylist (2d20) against Defense 12: the worked example', () => {
    const odds = attackOdds(setupOf());
    const crit = 1 - 0.95 ** 2;
    // Each die hits with 9/20; once the chain starts it adds 1/19 natural 20s and a last die that hits with 8/19.
    expect(odds.atLeastOneCrit).toBeCloseTo(0.0975, 15);
    expect(odds.expectedHits).toBeCloseTo(0.9 + crit * (1 / 19 + 8 / 19), 14);
    expect(odds.expectedCrits).toBeCloseTo(0.1 + crit / 19, 14);
    // Hard Hit: 10% of crits, +d3 (2 on average).
    expect(odds.expectedCritDamage).toBeCloseTo((0.1 + crit / 19) * 0.1 * 2, 14);
    expect(odds.expectedDamage).toBeCloseTo(0.9 + (crit * 9) / 19 + (0.1 + crit / 19) * 0.2, 14);
    expect(odds.expectedEffects.BLEEDING).toBeCloseTo((0.1 + crit / 19) * 0.02, 14);
    expect(odds.expectedPain).toBeCloseTo((0.1 + crit / 19) * 0.05 * 2, 14);
  });

  it.each(SETUPS)('%s: the distributions and what the depth leaves out sum to 1 within 1e-12', (_, extra) => {
    for (const chainDepth of [1, 2, 5, 30]) {
      const odds = attackOdds(setupOf(extra), { chainDepth });
      expect(Math.abs(sum(odds.hits) + odds.beyondDepth - 1)).toBeLessThan(1e-12);
      expect(Math.abs(sum(odds.crits) + odds.beyondDepth - 1)).toBeLessThan(1e-12);
    }
  });

  it.each(SETUPS)('%s: agrees with brute-force enumeration of the dice and the table', (_, extra) => {
    const setup = setupOf(extra);
    const odds = attackOdds(setup, { chainDepth: 40 });
    const brute = bruteForce(setup, 40);
    expect(odds.hits.length).toBe(brute.hits.length);
    odds.hits.forEach((p, k) => expect(Math.abs(p - brute.hits[k])).toBeLessThan(1e-12));
    odds.crits.forEach((p, k) => expect(Math.abs(p - (brute.crits[k] ?? 0))).toBeLessThan(1e-12));
    expect(Math.abs(odds.atLeastOneCrit - brute.atLeastOneCrit)).toBeLessThan(1e-12);
    // Expectations of a few units, summed over thousands of terms: within 1e-12 of their size.
    expect(Math.abs(odds.expectedDamage - brute.expectedDamage)).toBeLessThan(1e-12 * Math.max(1, brute.expectedDamage));
    const bruteHits = sum(brute.hits.map((p, k) => p * k));
    expect(Math.abs(odds.expectedHits - bruteHits)).toBeLessThan(1e-12 * Math.max(1, bruteHits));
  });

  it.each(SETUPS.filter(([, extra]) => (extra.skillDice ?? 2) <= 2))('%s: agrees with the attack rule run on every sequence of faces (chains cut at 2)', (_, extra) => {
    const setup = setupOf(extra);
    const odds = attackOdds(setup, { chainDepth: 2 });
    const ruled = enumerateRule(setup, 2);
    expect(Math.abs(odds.beyondDepth - ruled.tail)).toBeLessThan(1e-12);
    expect(odds.hits.length).toBe(ruled.hits.length);
    odds.hits.forEach((p, k) => expect(Math.abs(p - ruled.hits[k])).toBeLessThan(1e-12));
    odds.crits.forEach((p, k) => expect(Math.abs(p - (ruled.crits[k] ?? 0))).toBeLessThan(1e-12));
  });

  it('reports what a short depth leaves out: 2d20 with a style, one awarded die followed', () => {
    const odds = attackOdds(setupOf(), { chainDepth: 1 });
    expect(odds.beyondDepth).toBeCloseTo(0.0975 / 20, 15);
    expect(odds.crits).toHaveLength(3);
  });

  it('counts only the effects that land: immunities and no armor', () => {
    const odds = attackOdds(setupOf({ targetImmunities: ['FEAR', 'PRONE'], targetArmorWorn: false }));
    expect(odds.expectedEffects).toMatchObject({ AWE_STRUCK: 0, ROCKED: 0, GARB_ISSUE: 0, WARDROBE_MALFUNCTION: 0 });
    expect(odds.expectedEffects.ROLLED).toBeCloseTo(odds.expectedCrits * 0.05, 15);
    expect(odds.expectedEffects.HARD_HIT).toBeCloseTo(odds.expectedCrits * 0.1, 15);
  });

  it('refuses a ranged pool of 0 and a depth below 1', () => {
    expect(() => attackOdds(setupOf({ kind: 'RANGED', skillDice: 0 }))).toThrow(RangeError);
    expect(() => attackOdds(setupOf(), { chainDepth: 0 })).toThrow(RangeError);
  });
});

describe('attack odds for an input, as the state stands', () => {
  const state = () =>
    stateWith([
      combatant('ana'),
      combatant('orc', { defense: 14, immunities: ['STUN'], conditions: [condition('GARB_ISSUE', 'UNTIL_CORRECTED', 'bo'), condition('OFF_BALANCE', 'ATTACKERS_NEXT_TURN', 'ana', { turnsBegun: 1 })] }),
    ]);

  it('uses the pool, Defense and immunities the attack would roll with', () => {
    const outcome = enchantedRealmsD20AttackOdds(state(), { attackerId: 'ana', targetId: 'orc', kind: 'MELEE', skills: ['MELEE_TRAINING', 'STYLE_SLASHING'] });
    if (!outcome.ok) throw new Error(outcome.violation.message);
    const same = attackOdds(setupOf({ advantage: true, defense: 12, targetImmunities: ['STUN'] }));
    expect(outcome.odds).toEqual(same);
    expect(outcome.odds).toMatchObject({ poolSize: 3, canCrit: true });
    expect(outcome.odds.expectedEffects.CRUSHED).toBe(0);
  });

  it('refuses as the attack would', () => {
    expect(enchantedRealmsD20AttackOdds(state(), { attackerId: 'ana', targetId: 'ana', kind: 'MELEE', skills: [] })).toEqual({
      ok: false,
      violation: { reason: 'SAME_COMBATANT', message: expect.any(String) },
    });
  });
});
