/**
 * Odds before the roll (issue 39, `rollOdds`): the exact distribution of the total of a dice
 * expression, for every expression `rollDice` accepts, as `rollDiceExpression` (dice.ts) rolls it —
 * keep/drop over all dice of a group (an explosion's extra dice included), constants, signs, and
 * exploding dice stopped by {@link MAX_EXPLOSIONS_PER_DIE}. Read-only: it takes nothing from any
 * random stream.
 *
 * The explosion cap makes every expression a finite game: one exploding die rolls at most
 * 1 + {@link MAX_EXPLOSIONS_PER_DIE} times, so the distribution is exact, with nothing left
 * beyond the depth it is computed to (`probabilityBeyondDepth` is 0). `probabilityCapped` says how
 * much of it comes from chains the cap cut short.
 */
import { type DiceExpression, type DiceTerm, formatDiceExpression, type KeepRule, MAX_DICE, MAX_EXPLOSIONS_PER_DIE } from './dice.js';

/**
 * Most distinct totals any distribution of the computation may have: a term's, or the whole
 * expression's. (`1d1000!` has 11 000; `100d100` has 9 901.)
 */
export const MAX_ODDS_TOTALS = 100_000;

/**
 * Most steps one `rollOdds` may take, counted before anything is computed, in multiply-adds of a
 * convolution (other steps weighted by what they cost): 10 million, so that one request's odds
 * never hold the server's other requests up for long.
 * `10d6` takes about 1.5 thousand, `4d6kh3` 4.3 thousand, `3d10!` 37 thousand, `60d60` 6.3
 * million; `100d100` (49 million), `2d1000!` (121 million) and `80d80kh40` (73 million) are refused.
 */
export const MAX_ODDS_WORK = 10_000_000;

/** One total of the expression and its probability. */
export interface TotalProbability {
  total: number;
  probability: number;
}

/** The odds of a dice expression's total. */
export interface RollOdds {
  /** The normalized expression, as `rollDice` reports it. */
  expression: string;
  /**
   * Every total the roll can make, lowest first, with its probability; totals that cannot occur
   * (or whose probability is below the smallest positive double, ~5e-324) are left out.
   */
  distribution: TotalProbability[];
  mean: number;
  /** P(total ≥ value), when `atLeast` was asked. */
  atLeast?: { value: number; probability: number };
  /**
   * Extra rolls per exploding die the distribution follows: {@link MAX_EXPLOSIONS_PER_DIE}, the
   * server's own cap, when the expression explodes; 0 otherwise.
   */
  explosionDepth: number;
  /**
   * Probability of outcomes whose computation was cut short at `explosionDepth` and left out of
   * `distribution`. Always 0: the server stops a chain at the same depth, so nothing is left out.
   */
  probabilityBeyondDepth: number;
  /**
   * Probability that the cap stopped at least one chain whose last extra roll showed the maximum
   * again, where an uncapped rule would have rolled on: for a group of N dice of S sides,
   * 1 − (1 − S^−(cap+1))^N. That mass is in `distribution`, as the server rolls it (the chain shows
   * 11 maxima).
   */
  probabilityCapped: number;
}

/** Which limit an expression is over. */
export type RollOddsLimit = 'MAX_ODDS_TOTALS' | 'MAX_ODDS_WORK';

/** An expression too large to compute exactly: `required` is over the `limit` of `maximum`. */
export class RollOddsTooLargeError extends RangeError {
  override readonly name = 'RollOddsTooLargeError';

  constructor(
    readonly expression: string,
    readonly limit: RollOddsLimit,
    readonly maximum: number,
    readonly required: number,
  ) {
    const what = limit === 'MAX_ODDS_WORK' ? `steps to compute exactly` : `distinct totals`;
    super(`'${expression}' is too large for exact odds: it needs ${required} ${what}, more than the limit ${limit} = ${maximum}`);
  }
}

/** Probabilities of consecutive totals: `p[i]` is P(total = min + i). */
interface Distribution {
  min: number;
  p: Float64Array;
}

/** A term's distribution, with what computing it costs, known before it is computed. */
interface Plan {
  work: number;
  size: number;
  compute: () => Distribution;
}

/**
 * What steps other than a convolution's multiply-add cost, in those (measured on Node 20): a step
 * of {@link highestSums}, allocating an array, and the bookkeeping of each mix of
 * {@link keptPlan} and of each of its parts.
 */
const ORDER_STATISTICS_STEP = 2;
const ARRAY_OVERHEAD = 100;
const MIX_OVERHEAD = 2_000;
const PART_OVERHEAD = 20;

/** Dice one exploding die may roll in all: itself and its extra rolls. */
const CHAIN_LENGTH = MAX_EXPLOSIONS_PER_DIE + 1;

/** `PASCAL[n][k]` = C(n, k) for n ≤ MAX_DICE, as doubles (exact up to 2^53, then to 1 ulp). */
const PASCAL: readonly Float64Array[] = (() => {
  const rows = [Float64Array.of(1)];
  for (let n = 1; n <= MAX_DICE; n += 1) {
    const row = new Float64Array(n + 1);
    row[0] = 1;
    row[n] = 1;
    for (let k = 1; k < n; k += 1) row[k] = rows[n - 1][k - 1] + rows[n - 1][k];
    rows.push(row);
  }
  return rows;
})();

const point = (total: number): Distribution => ({ min: total, p: Float64Array.of(1) });

function convolve(a: Distribution, b: Distribution): Distribution {
  const [pa, pb] = [a.p, b.p];
  const p = new Float64Array(pa.length + pb.length - 1);
  for (let i = 0; i < pa.length; i += 1) {
    const chance = pa[i];
    if (chance === 0) continue;
    for (let j = 0; j < pb.length; j += 1) p[i + j] += chance * pb[j];
  }
  return { min: a.min + b.min, p };
}

/** Steps of {@link convolve} for distributions of these sizes. */
const convolveWork = (sizeA: number, sizeB: number): number => sizeA * sizeB;

/** The distribution of −X from that of X. */
const negated = (d: Distribution): Distribution => ({ min: -(d.min + d.p.length - 1), p: d.p.slice().reverse() });

/** The distribution of r(M + 1) − X: the sum of the r lowest from the sum of the r highest of the mirrored faces. */
const mirrored = (d: Distribution, r: number, faces: number): Distribution => ({
  min: r * (faces + 1) - (d.min + d.p.length - 1),
  p: d.p.slice().reverse(),
});

/** A fair die of `faces` faces showing 1..faces. */
function uniform(faces: number): Distribution {
  return { min: 1, p: new Float64Array(faces).fill(1 / faces) };
}

/** The sum of `n` independent copies of `base` (n ≥ 0), by n − 1 convolutions. */
function power(base: Distribution, n: number): Distribution {
  let sum = point(0);
  for (let i = 0; i < n; i += 1) sum = convolve(sum, base);
  return sum;
}

/** Steps of {@link power}: the i-th convolution pairs i(size − 1) + 1 totals with `size`. */
function powerWork(size: number, n: number): number {
  let work = 0;
  for (let i = 1; i < n; i += 1) work += convolveWork(i * (size - 1) + 1, size);
  return work;
}

/**
 * One exploding die's chain, capped as `rollWithExplosions` caps it: k maxima then a lower face v
 * (k = 0..cap), with probability S^−(k+1), for a total of kS + v; or cap + 1 maxima, S^−(cap+1),
 * for a total of (cap + 1)S.
 */
function chain(sides: number): Distribution {
  const p = new Float64Array(CHAIN_LENGTH * sides);
  for (let k = 0; k < CHAIN_LENGTH; k += 1) {
    const chance = sides ** -(k + 1);
    for (let v = 1; v < sides; v += 1) p[k * sides + v - 1] = chance;
  }
  p[CHAIN_LENGTH * sides - 1] = sides ** -CHAIN_LENGTH;
  return { min: 1, p };
}

/**
 * The sums of the r highest of n independent fair dice of `faces` faces, for each r of `rs`
 * (0 < r < n), by order statistics: the faces are taken from the highest down, and the state is
 * (m dice above the current face, the sum s of those m), for m < max(rs). At face v, c of the n − m
 * other dice show v, with weight C(n − m, c)·(1/M)^c; the r-th highest is at v when m < r ≤ m + c,
 * which happens with P(Binomial(n − m, 1/v) ≥ r − m)·(v/M)^(n−m), and then the r highest sum to
 * s + (r − m)v. Cost per face: each state times (max(rs) − m) moves and |rs| endings.
 */
function highestSums(n: number, faces: number, rs: readonly number[]): Map<number, Distribution> {
  const rMax = Math.max(...rs);
  const q = 1 / faces;
  let weights = Array.from({ length: rMax }, (_, m) => new Float64Array(m * faces + 1));
  let next = weights.map((row) => new Float64Array(row.length));
  weights[0][0] = 1;
  const sums = rs.map((r) => new Float64Array(r * faces + 1));
  const qPowers = new Float64Array(n + 1);
  qPowers[0] = 1;
  for (let c = 1; c <= n; c += 1) qPowers[c] = qPowers[c - 1] * q;
  const terms = new Float64Array(n + 1);
  const tail = new Float64Array(n + 2);
  const moves = new Float64Array(rMax);
  for (let v = faces; v >= 1; v -= 1) {
    const below = (v - 1) / faces;
    for (const row of next) row.fill(0);
    for (let m = 0; m < rMax; m += 1) {
      const others = n - m;
      const binomial = PASCAL[others];
      // terms[c]: c of the others show v and the rest lie below v; tail[k]: at least k show v.
      tail[others + 1] = 0;
      for (let c = others, belowPower = 1; c >= 0; c -= 1, belowPower *= below) {
        terms[c] = binomial[c] * qPowers[c] * belowPower;
        tail[c] = tail[c + 1] + terms[c];
      }
      for (let c = 0; m + c < rMax; c += 1) moves[c] = binomial[c] * qPowers[c];
      const row = weights[m];
      for (let s = m * (v + 1); s <= m * faces; s += 1) {
        const w = row[s];
        if (w === 0) continue;
        for (let c = 0; m + c < rMax; c += 1) next[m + c][s + c * v] += w * moves[c];
        for (let i = 0; i < rs.length; i += 1) {
          const r = rs[i];
          if (r > m) sums[i][s + (r - m) * v] += w * tail[r - m];
        }
      }
    }
    [weights, next] = [next, weights];
  }
  return new Map(rs.map((r, i) => [r, { min: r, p: sums[i].subarray(r) }]));
}

/** Steps of {@link highestSums}: per face, per m, its states times its moves and endings; and its arrays. */
function highestSumsWork(n: number, faces: number, rs: readonly number[]): number {
  const rMax = Math.max(...rs);
  let work = ARRAY_OVERHEAD * (2 * rMax + 2 * rs.length);
  for (let m = 0; m < rMax; m += 1) {
    const statesOverFaces = (m * faces * (faces - 1)) / 2 + faces;
    const endings = rs.filter((r) => r > m).length;
    work += statesOverFaces * (rMax - m + endings) + faces * (2 * (n - m) + rMax);
  }
  return work;
}

/**
 * Which dice of a group a keep rule keeps, when the group holds `maxima` dice of an exploding
 * group showing the maximum S and a pool of `pool` other dice (below S; every die, when the group
 * does not explode): `maxima` of them count S each, and `count` dice of the pool from its `end`. Among equal values it does not
 * matter which die is kept: the total is the same.
 */
function keptParts(rule: KeepRule, count: number, maxima: number, pool: number): { maxima: number; count: number; end: 'HIGHEST' | 'LOWEST' } {
  const dice = maxima + pool;
  // Dropping the n highest is keeping the rest lowest, and vice versa (dice.ts, applyKeepRule).
  const keep = rule === 'kh' || rule === 'kl' ? count : dice - count;
  if (rule === 'kh' || rule === 'dl') {
    const kept = Math.min(maxima, keep);
    return { maxima: kept, count: keep - kept, end: 'HIGHEST' };
  }
  const kept = Math.min(pool, keep);
  return { maxima: keep - kept, count: kept, end: 'LOWEST' };
}

type DiceGroup = Extract<DiceTerm, { kind: 'DICE' }>;

/** The sum of N dice: N − 1 convolutions of the die (or of its chain). */
function plainPlan(group: DiceGroup): Plan {
  const base = group.explode ? CHAIN_LENGTH * group.sides : group.sides;
  return {
    work: powerWork(base, group.count),
    size: group.count * (base - 1) + 1,
    compute: () => power(group.explode ? chain(group.sides) : uniform(group.sides), group.count),
  };
}

/**
 * A group with a keep rule, exploding or not. Without explosions it is the order statistics of N
 * fair dice ({@link highestSums}, mirrored for the lowest). With them, each die's chain is k
 * maxima and one lower face (k = 0..cap), or cap + 1 maxima and no lower face (capped). Given
 * how many chains are capped (C) and how many maxima the group shows (J), the lower faces are
 * N − C independent fair dice of S − 1 faces, and every keep rule keeps a known number of maxima
 * and the highest or lowest r of those ({@link keptParts}). So the group's distribution is the
 * mix, over (C, J), of those order statistics shifted by the maxima kept; P(C = c, J = 11c + x)
 * = C(N, c)·S^−11c·g^{*(N−c)}(x), with g(k) = (S − 1)·S^−(k+1) for one uncapped chain.
 */
function keptPlan(group: DiceGroup, keep: { rule: KeepRule; count: number }): Plan {
  const { count: n, sides } = group;
  const poolFaces = group.explode ? sides - 1 : sides;
  // One uncapped chain: k maxima then a lower face, k = 0..cap.
  const uncapped = new Float64Array(CHAIN_LENGTH);
  for (let k = 0; k < CHAIN_LENGTH; k += 1) uncapped[k] = (sides - 1) * sides ** -(k + 1);
  /** Calls `each` with what is kept for every count x of maxima the uncapped chains can show. */
  const forEachPart = (capped: number, each: (part: ReturnType<typeof keptParts>, x: number) => void): void => {
    const pool = n - capped;
    const uncappedMaxima = group.explode ? MAX_EXPLOSIONS_PER_DIE * pool : 0;
    for (let x = 0; x <= uncappedMaxima; x += 1) each(keptParts(keep.rule, keep.count, CHAIN_LENGTH * capped + x, pool), x);
  };

  // Each number of capped chains C whose chance a double can hold (only C = 0 without
  // explosions), and the order statistics its pool needs.
  const mixes: Array<{ capped: number; cappedChance: number; pool: number; between: number[] }> = [];
  let work = group.explode ? powerWork(uncapped.length, n + 1) : 0;
  let wholePools = 0;
  for (let capped = 0; capped <= (group.explode ? n : 0); capped += 1) {
    const cappedChance = group.explode ? PASCAL[n][capped] * sides ** -(CHAIN_LENGTH * capped) : 1;
    if (cappedChance === 0) continue;
    const pool = n - capped;
    const counts = new Set<number>();
    work += MIX_OVERHEAD;
    forEachPart(capped, (part) => {
      counts.add(part.count);
      work += PART_OVERHEAD + part.count * (poolFaces - 1) + 1;
    });
    const between = [...counts].filter((r) => r > 0 && r < pool).sort((a, b) => a - b);
    if (between.length > 0) work += ORDER_STATISTICS_STEP * highestSumsWork(pool, poolFaces, between);
    if (counts.has(pool)) wholePools = Math.max(wholePools, pool);
    mixes.push({ capped, cappedChance, pool, between });
    // Refused anyway: no need to plan the rest.
    if (work > MAX_ODDS_WORK) break;
  }
  work += powerWork(poolFaces, wholePools + 1);

  const rolledAtMost = group.explode ? CHAIN_LENGTH * n : n;
  const keptLeast = keep.rule === 'kh' || keep.rule === 'kl' ? keep.count : n - keep.count;
  const keptMost = keep.rule === 'kh' || keep.rule === 'kl' ? keep.count : rolledAtMost - keep.count;
  const min = keptLeast;
  const size = keptMost * sides - min + 1;
  return {
    work,
    size,
    compute: () => {
      const p = new Float64Array(size);
      // maxima[m][x]: the chance that m uncapped chains show x maxima in all.
      const maxima: Float64Array[] = [Float64Array.of(1)];
      if (group.explode) for (let m = 1; m <= n; m += 1) maxima.push(convolve({ min: 0, p: maxima[m - 1] }, { min: 0, p: uncapped }).p);
      // wholes[m]: the sum of m whole pool dice, for the keep rules that keep a whole pool.
      const wholes = [point(0)];
      for (let m = 1; m <= wholePools; m += 1) wholes.push(convolve(wholes[m - 1], uniform(poolFaces)));
      for (const { capped, cappedChance, pool, between } of mixes) {
        const highest = between.length > 0 ? highestSums(pool, poolFaces, between) : new Map<number, Distribution>();
        highest.set(0, point(0));
        if (pool <= wholePools) highest.set(pool, wholes[pool]);
        const lowest = new Map<number, Distribution>();
        const chances = maxima[group.explode ? n - capped : 0];
        forEachPart(capped, (part, x) => {
          const chance = cappedChance * chances[x];
          if (chance === 0) return;
          let sum = highest.get(part.count)!;
          if (part.end === 'LOWEST') {
            if (!lowest.has(part.count)) lowest.set(part.count, mirrored(sum, part.count, poolFaces));
            sum = lowest.get(part.count)!;
          }
          const offset = part.maxima * sides + sum.min - min;
          for (let i = 0; i < sum.p.length; i += 1) p[offset + i] += chance * sum.p[i];
        });
      }
      return { min, p };
    },
  };
}

function termPlan(term: DiceTerm): Plan {
  if (term.kind === 'CONSTANT') return { work: 0, size: 1, compute: () => point(term.value) };
  return term.keep === undefined ? plainPlan(term) : keptPlan(term, term.keep);
}

/**
 * rollOdds (issue 39): the exact distribution of the total of `expression` as
 * `rollDiceExpression` (dice.ts) rolls it, its mean, and P(total ≥ `atLeast`).
 *
 * Each term's distribution is computed on its own and the signed terms are convolved. A plain
 * group is N − 1 convolutions of its die: O(N²S²). An exploding die is its capped chain (totals
 * 1..11S), so a plain exploding group is O(N²(11S)²). A keep/drop group is an order-statistics
 * computation over the faces ({@link highestSums}): O(S²·K³) for K dice kept; exploding, it is
 * mixed over the number of maxima and of capped chains. The cost of every step is counted
 * before anything is computed, and an expression over {@link MAX_ODDS_WORK} steps or
 * {@link MAX_ODDS_TOTALS} totals is refused at once.
 *
 * @throws RollOddsTooLargeError when the expression is over a limit.
 * @throws RangeError when `atLeast` is not a safe integer.
 */
export function rollOdds(expression: DiceExpression, options: { atLeast?: number } = {}): RollOdds {
  const text = formatDiceExpression(expression);
  const { atLeast } = options;
  if (atLeast !== undefined && !Number.isSafeInteger(atLeast)) throw new RangeError(`atLeast is a whole number, got ${atLeast}`);

  const plans = expression.terms.map(termPlan);
  let work = 0;
  let size = 1;
  for (const plan of plans) {
    if (plan.size > MAX_ODDS_TOTALS) throw new RollOddsTooLargeError(text, 'MAX_ODDS_TOTALS', MAX_ODDS_TOTALS, plan.size);
    work += plan.work + convolveWork(size, plan.size);
    size += plan.size - 1;
  }
  if (size > MAX_ODDS_TOTALS) throw new RollOddsTooLargeError(text, 'MAX_ODDS_TOTALS', MAX_ODDS_TOTALS, size);
  if (work > MAX_ODDS_WORK) throw new RollOddsTooLargeError(text, 'MAX_ODDS_WORK', MAX_ODDS_WORK, Math.ceil(work));

  let total = point(0);
  expression.terms.forEach((term, index) => {
    const distribution = plans[index].compute();
    total = convolve(total, term.sign === 1 ? distribution : negated(distribution));
  });

  const distribution: TotalProbability[] = [];
  let mean = 0;
  let reaching = 0;
  total.p.forEach((probability, i) => {
    if (probability === 0) return;
    const value = total.min + i;
    distribution.push({ total: value, probability });
    mean += value * probability;
    if (atLeast !== undefined && value >= atLeast) reaching += probability;
  });

  const exploding = expression.terms.filter((term): term is DiceGroup => term.kind === 'DICE' && term.explode);
  // 1 − Π (1 − S^−(cap+1))^N, without cancelling away chances far below 1e-16.
  const logUncut = exploding.reduce((sum, group) => sum + group.count * Math.log1p(-(group.sides ** -CHAIN_LENGTH)), 0);
  return {
    expression: text,
    distribution,
    mean,
    ...(atLeast === undefined ? {} : { atLeast: { value: atLeast, probability: reaching } }),
    explosionDepth: exploding.length > 0 ? MAX_EXPLOSIONS_PER_DIE : 0,
    probabilityBeyondDepth: 0,
    probabilityCapped: logUncut === 0 ? 0 : -Math.expm1(logUncut),
  };
}
