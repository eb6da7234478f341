import type { Rng } from './random-stream.js';

/** Longest expression accepted, in characters. */
export const MAX_EXPRESSION_LENGTH = 200;
/** Most terms (dice groups and constants) in one expression. */
export const MAX_TERMS = 20;
/** Most dice in one expression, counting every group's N before explosions. */
export const MAX_DICE = 100;
/** Fewest sides of a die: a d1 is no roll at all, so it is refused rather than silently allowed. */
export const MIN_SIDES = 2;
/** Most sides of a die. */
export const MAX_SIDES = 1000;
/** Largest constant term. */
export const MAX_CONSTANT = 1_000_000;
/**
 * Most extra rolls one original die may trigger by exploding. **Decision**: without a cap an
 * exploding d2 could chain for as long as the stream keeps showing 2, so a chain stops after 10
 * extra rolls, even if the last one shows the maximum again.
 */
export const MAX_EXPLOSIONS_PER_DIE = 10;

/**
 * Which dice of a group count: keep the N highest (`kh`) or lowest (`kl`), or drop the N
 * highest (`dh`) or lowest (`dl`).
 */
export type KeepRule = 'kh' | 'kl' | 'dh' | 'dl';

/** One signed term of a dice expression. */
export type DiceTerm =
  | { kind: 'CONSTANT'; sign: 1 | -1; value: number }
  | {
      kind: 'DICE';
      sign: 1 | -1;
      count: number;
      sides: number;
      /** A die showing its maximum is rolled again and the new roll added as another die. */
      explode: boolean;
      keep?: { rule: KeepRule; count: number };
    };

/** A parsed, validated dice expression such as `4d6kh3+2`. */
export interface DiceExpression {
  terms: DiceTerm[];
}

/** Why an expression was refused, pointing at the offending part of the input. */
export interface DiceExpressionError {
  /** A sentence naming the problem, e.g. `at 4: '0d6' needs at least one die`. */
  message: string;
  /** 0-based index in the input where the offending part starts. */
  position: number;
  /** The offending text. */
  fragment: string;
}

/** One die rolled while resolving an expression. */
export interface RolledDie {
  sides: number;
  value: number;
  /** False when a keep/drop rule left this die out of the total. */
  kept: boolean;
  /** True when this die is an extra roll caused by an explosion. */
  exploded: boolean;
}

/** The outcome of rolling a dice expression. */
export interface DiceRoll {
  /** The normalized expression, e.g. `4d6kh3+2`. */
  expression: string;
  total: number;
  /** Every die in roll order; an explosion's extra dice follow the die that exploded. */
  dice: RolledDie[];
  /** Each term with its unsigned subtotal; `total` is the sum of `sign * subtotal`. */
  terms: Array<{ sign: 1 | -1; text: string; subtotal: number }>;
}

type ParseResult = { ok: true; expression: DiceExpression } | { ok: false; error: DiceExpressionError };

const SIGNS: Readonly<Record<string, 1 | -1>> = { '+': 1, '-': -1, '\u2212': -1 };

/** Reads an expression left to right; each method either consumes input or leaves `pos` alone. */
class Scanner {
  pos = 0;

  constructor(readonly input: string) {}

  get atEnd(): boolean {
    return this.pos >= this.input.length;
  }

  skipSpaces(): void {
    while (!this.atEnd && /\s/.test(this.input[this.pos])) this.pos += 1;
  }

  /** Consumes `text` (case-insensitively) if it comes next. */
  accept(text: string): boolean {
    if (this.input.slice(this.pos, this.pos + text.length).toLowerCase() !== text) return false;
    this.pos += text.length;
    return true;
  }

  sign(): 1 | -1 | undefined {
    const sign = SIGNS[this.input[this.pos]];
    if (sign !== undefined) this.pos += 1;
    return sign;
  }

  integer(): number | undefined {
    const digits = /^\d+/.exec(this.input.slice(this.pos))?.[0];
    if (digits === undefined) return undefined;
    this.pos += digits.length;
    return Number(digits);
  }

  /** The error for whatever stands at the current position. */
  unexpected(): DiceExpressionError {
    if (this.atEnd) {
      return { message: `the expression ends unexpectedly at ${this.pos}`, position: this.pos, fragment: '' };
    }
    const fragment = this.input[this.pos];
    return { message: `unexpected '${fragment}' at ${this.pos}`, position: this.pos, fragment };
  }
}

/** Parses one term without its sign; limits are checked by the caller, which knows the fragment. */
function parseTerm(scanner: Scanner, sign: 1 | -1): DiceTerm | DiceExpressionError {
  const leading = scanner.integer();
  if (!scanner.accept('d')) {
    return leading === undefined ? scanner.unexpected() : { kind: 'CONSTANT', sign, value: leading };
  }
  const sides = scanner.accept('%') ? 100 : scanner.integer();
  if (sides === undefined) return scanner.unexpected();
  const explode = scanner.accept('!');
  const rule = (['kh', 'kl', 'dh', 'dl', 'k'] as const).find((candidate) => scanner.accept(candidate));
  const term: DiceTerm = { kind: 'DICE', sign, count: leading ?? 1, sides, explode };
  if (rule !== undefined) term.keep = { rule: rule === 'k' ? 'kh' : rule, count: scanner.integer() ?? 1 };
  return term;
}

/** The first limit a term breaks, as a message about `fragment`, or undefined. */
function limitBroken(term: DiceTerm, fragment: string, diceSoFar: number): string | undefined {
  if (term.kind === 'CONSTANT') {
    return term.value > MAX_CONSTANT ? `'${fragment}' is larger than ${MAX_CONSTANT}` : undefined;
  }
  if (term.count < 1) return `'${fragment}' needs at least one die`;
  if (term.sides < MIN_SIDES) return `'${fragment}' needs at least ${MIN_SIDES} sides`;
  if (term.sides > MAX_SIDES) return `'${fragment}' has more than ${MAX_SIDES} sides`;
  if (term.keep !== undefined) {
    const verb = term.keep.rule.startsWith('k') ? 'keeps' : 'drops';
    if (term.keep.count < 1) return `'${fragment}' ${verb} no dice`;
    if (term.keep.count > term.count) return `'${fragment}' ${verb} more dice than it rolls`;
  }
  if (diceSoFar + term.count > MAX_DICE) return `'${fragment}' brings the expression to more than ${MAX_DICE} dice`;
  return undefined;
}

/**
 * Parses a dice expression: terms joined by `+`, `-` or `−`, with spaces allowed around the signs
 * and an optional sign before the first term. A term is a constant (at most 1 000 000) or a group
 * `NdM` (N defaults to 1; M is 2..1000 or `%` for 100), optionally exploding (`!`) and then
 * keeping or dropping dice (`kh`N, `kl`N, `dh`N, `dl`N; N defaults to 1; `k` means `kh`).
 * Letters are case-insensitive. At most 200 characters, 20 terms and 100 dice.
 */
export function parseDiceExpression(input: string): ParseResult {
  const fail = (error: DiceExpressionError): ParseResult => ({ ok: false, error });
  if (input.length > MAX_EXPRESSION_LENGTH) {
    return fail({
      message: `the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`,
      position: MAX_EXPRESSION_LENGTH,
      fragment: input.slice(MAX_EXPRESSION_LENGTH),
    });
  }
  if (input.trim() === '') return fail({ message: 'the expression is empty', position: 0, fragment: input });

  const scanner = new Scanner(input);
  const terms: DiceTerm[] = [];
  let dice = 0;
  scanner.skipSpaces();
  let sign = scanner.sign() ?? 1;
  for (;;) {
    scanner.skipSpaces();
    const start = scanner.pos;
    const term = parseTerm(scanner, sign);
    if ('message' in term) return fail(term);
    const fragment = input.slice(start, scanner.pos);
    if (terms.length === MAX_TERMS) {
      const message = `at ${start}: the expression has more than ${MAX_TERMS} terms`;
      return fail({ message, position: start, fragment });
    }
    const broken = limitBroken(term, fragment, dice);
    if (broken !== undefined) return fail({ message: `at ${start}: ${broken}`, position: start, fragment });
    terms.push(term);
    if (term.kind === 'DICE') dice += term.count;

    scanner.skipSpaces();
    if (scanner.atEnd) return { ok: true, expression: { terms } };
    const next = scanner.sign();
    if (next === undefined) return fail(scanner.unexpected());
    sign = next;
  }
}

/** A term's normalized text without its sign, e.g. `4d6!kh3`, `1d100` for `d%`, `2`. */
function formatTerm(term: DiceTerm): string {
  if (term.kind === 'CONSTANT') return String(term.value);
  const keep = term.keep === undefined ? '' : `${term.keep.rule}${term.keep.count}`;
  return `${term.count}d${term.sides}${term.explode ? '!' : ''}${keep}`;
}

/**
 * The normalized text of an expression: no spaces, lower case, explicit counts (`d%` becomes
 * `1d100`, `4d6k` becomes `4d6kh1`), ASCII signs, and no leading `+`.
 */
export function formatDiceExpression(expression: DiceExpression): string {
  return expression.terms
    .map((term, index) => {
      const text = formatTerm(term);
      if (term.sign === -1) return `-${text}`;
      return index === 0 ? text : `+${text}`;
    })
    .join('');
}

/** Rolls one die of a group and, if the group explodes, its chain of extra dice. */
function rollWithExplosions(sides: number, explode: boolean, rng: Rng): RolledDie[] {
  const rolled = [{ sides, value: rng.die(sides), kept: true, exploded: false }];
  while (explode && rolled.at(-1)?.value === sides && rolled.length <= MAX_EXPLOSIONS_PER_DIE) {
    rolled.push({ sides, value: rng.die(sides), kept: true, exploded: true });
  }
  return rolled;
}

/**
 * Marks which dice of a group count. Dropping the n highest is keeping the rest lowest, and
 * vice versa; among equal values the earlier die is kept first.
 */
function applyKeepRule(dice: RolledDie[], keep: { rule: KeepRule; count: number }): RolledDie[] {
  const keepCount = keep.rule.startsWith('k') ? keep.count : dice.length - keep.count;
  const highest = keep.rule === 'kh' || keep.rule === 'dl';
  const order = dice
    .map((die, index) => ({ value: die.value, index }))
    .sort((a, b) => (highest ? b.value - a.value : a.value - b.value) || a.index - b.index);
  const kept = new Set(order.slice(0, keepCount).map(({ index }) => index));
  return dice.map((die, index) => ({ ...die, kept: kept.has(index) }));
}

/**
 * Rolls a parsed expression. Dice are rolled left to right, each with `rng.die(sides)`; an
 * exploding die's extra rolls come right after it (at most {@link MAX_EXPLOSIONS_PER_DIE} per
 * original die). Keep/drop rules apply after explosions, over all dice of their group.
 */
export function rollDiceExpression(expression: DiceExpression, rng: Rng): DiceRoll {
  const dice: RolledDie[] = [];
  const terms = expression.terms.map((term) => {
    const text = formatTerm(term);
    if (term.kind === 'CONSTANT') return { sign: term.sign, text, subtotal: term.value };
    const rolled = Array.from({ length: term.count }, () => rollWithExplosions(term.sides, term.explode, rng)).flat();
    const group = term.keep === undefined ? rolled : applyKeepRule(rolled, term.keep);
    dice.push(...group);
    const subtotal = group.reduce((sum, die) => (die.kept ? sum + die.value : sum), 0);
    return { sign: term.sign, text, subtotal };
  });
  return {
    expression: formatDiceExpression(expression),
    total: terms.reduce((sum, term) => sum + term.sign * term.subtotal, 0),
    dice,
    terms,
  };
}
