import type { CardDefinition } from '../cards/card.js';
import { BONUSES, type Bonus, bonusesOf, cardTypeOf, forceOf } from './cards.js';

/**
 * Bonuses that stack as scores (enchanted-realms-cards.md, Stacking cards): the attributes, and
 * HEALTH. **Decision**: HEALTH stacks like an attribute, because the number on a card is the
 * character's Health total (10 when no card gives one), not an increment: a HERO of HEALTH 12 on
 * a CREATURE of HEALTH 10 has 12 Health, not 22.
 */
export const STACKED_SCORES = ['STR', 'AGL', 'PRE', 'HEALTH'] as const satisfies readonly Bonus[];

/** Bonuses for special abilities: the skills, the equipment bonuses, ENHANCE and SPECIAL. They add up. */
export const SPECIAL_ABILITIES = [
  'COMBAT',
  'SPELLCASTING',
  'WEAPON',
  'ARMOR',
  'SPELL',
  'ENHANCE',
  'SPECIAL',
] as const satisfies readonly Bonus[];

/** Health when no card gives a HEALTH bonus (enchanted-realms-cards.md, Decision). */
export const DEFAULT_HEALTH = 10;

/** A character's cards combined: every bonus (0 when no card gives it) and its maximum Health. */
export type StackedCharacter = Record<Bonus, number> & { maxHealth: number };

const SCORE_SET: ReadonlySet<Bonus> = new Set(STACKED_SCORES);

/**
 * The bonus that a card listing no bonuses gives: its Force Number (2008 rules: "if a card being
 * stacked has no bonuses listed, the Force Number is used as a bonus"). **Decision**: an
 * ENHANCEMENT's Force counts as ENHANCE, since enhancing is what it is for; any other card's
 * Force counts as SPECIAL, the bonus of actions done with or without a card (a Rope, a Lantern).
 */
export function forceBonusOf(card: CardDefinition): Bonus {
  return cardTypeOf(card) === 'ENHANCEMENT' ? 'ENHANCE' : 'SPECIAL';
}

/** The bonuses of `copies` copies of one card, stacked as the same card. */
function stackCopies(card: CardDefinition, copies: number): Partial<Record<Bonus, number>> {
  const listed = bonusesOf(card);
  if (Object.keys(listed).length === 0) return { [forceBonusOf(card)]: forceOf(card) * copies };
  const stacked: Partial<Record<Bonus, number>> = {};
  for (const [bonus, value] of Object.entries(listed) as Array<[Bonus, number]>) {
    // Same card: each score +1 per extra copy; special-ability bonuses add up.
    stacked[bonus] = SCORE_SET.has(bonus) ? value + copies - 1 : value * copies;
  }
  return stacked;
}

/**
 * Combines a character's cards (its HERO, its CREATURE, its ITEM and ENHANCEMENT cards) into the
 * bonuses its Draws use (enchanted-realms-cards.md, Stacking cards):
 *
 * - copies of the *same* card — the same `code`, under different ids; the first copy's printed
 *   values count — raise each score the card lists by 1 per extra copy, and multiply its
 *   special-ability bonuses (two Fighters: STR 4 → 5, COMBAT +2 → +4; two Daggers: WEAPON +1 → +2);
 * - across *different* cards each bonus is the highest any of them gives ("for each attribute take
 *   the highest value"); a special ability carries forward to the character, so a Long Sword's
 *   WEAPON +4 next to a Dagger's +1 is WEAPON +4, and a bonus only one card lists is kept;
 * - a card that lists no bonuses gives its Force Number as one (see `forceBonusOf`).
 *
 * `maxHealth` is the stacked HEALTH, or `DEFAULT_HEALTH` when no card gives one.
 */
export function stackCharacter(cards: readonly CardDefinition[]): StackedCharacter {
  const copiesByCode = new Map<string, { card: CardDefinition; copies: number }>();
  for (const card of cards) {
    const group = copiesByCode.get(card.code);
    if (group === undefined) copiesByCode.set(card.code, { card, copies: 1 });
    else group.copies += 1;
  }

  const highest: Partial<Record<Bonus, number>> = {};
  for (const { card, copies } of copiesByCode.values()) {
    for (const [bonus, value] of Object.entries(stackCopies(card, copies)) as Array<[Bonus, number]>) {
      highest[bonus] = Math.max(highest[bonus] ?? value, value);
    }
  }
  const stacked = Object.fromEntries(BONUSES.map((bonus) => [bonus, highest[bonus] ?? 0])) as Record<Bonus, number>;
  return { ...stacked, maxHealth: highest.HEALTH ?? DEFAULT_HEALTH };
}
