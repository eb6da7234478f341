import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { BadUserInputError } from '../../common/errors.js';
import { formatDiceExpression, parseDiceExpression, rollDiceExpression, type DiceExpression, type RolledDie } from '../../rules/random/dice.js';
import { rollOdds, RollOddsTooLargeError, type RollOdds } from '../../rules/random/odds.js';
import { requireCampaignRole } from '../auth/auth.service.js';
import type { Principal } from '../auth/principal.js';
import { GameLedger } from '../events/game-ledger.service.js';

/** How many totals the computed odds kept may hold in all (each answer counts its distribution's length). */
export const ODDS_CACHE_TOTALS = 200_000;

@Injectable()
export class DiceService {
  /**
   * Odds already computed, by normalized expression and `atLeast`: an expression's odds never
   * change, and the common ones (4d6kh3, 3d10!) are asked again and again.
   */
  private readonly computed = new LRUCache<string, RollOdds>({ maxSize: ODDS_CACHE_TOTALS, sizeCalculation: (odds) => odds.distribution.length + 1 });

  constructor(private readonly ledger: GameLedger) {}

  /**
   * The exact odds of an expression's total before it is rolled: reads and writes nothing, takes
   * nothing from any stream. Too large an expression is BAD_USER_INPUT naming the limit.
   */
  rollOdds(input: { expression: string; atLeast?: number | null }): RollOdds {
    const parsed = this.parsed(input.expression);
    const atLeast = input.atLeast ?? undefined;
    const key = `${formatDiceExpression(parsed)} ${atLeast ?? ''}`;
    const known = this.computed.get(key);
    if (known) return known;
    try {
      const odds = rollOdds(parsed, atLeast === undefined ? {} : { atLeast });
      // Kept as computed: callers copy what they answer, never change it.
      if (odds.distribution.length < ODDS_CACHE_TOTALS) this.computed.set(key, Object.freeze(odds));
      return odds;
    } catch (error) {
      if (!(error instanceof RollOddsTooLargeError)) throw error;
      throw new BadUserInputError(error.message, 'expression', { limit: error.limit, maximum: error.maximum, required: error.required });
    }
  }

  private parsed(expression: string): DiceExpression {
    const parsed = parseDiceExpression(expression);
    if (!parsed.ok) {
      const { message, position, fragment } = parsed.error;
      throw new BadUserInputError(message, 'expression', { position, fragment });
    }
    return parsed.expression;
  }

  /** Any member rolls in the open: the result goes to the campaign's log. */
  async rollDice(
    principal: Principal,
    input: { campaignId: string; expression: string; label?: string },
  ): Promise<{ expression: string; label: string | null; total: number; dice: RolledDie[]; eventSeq: number }> {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const parsed = this.parsed(input.expression);
    return this.ledger.act(principal, input.campaignId, async (action) => {
      const roll = rollDiceExpression(parsed, action.rng);
      const label = input.label ?? null;
      const eventSeq = action.record('dice.rolled', { expression: roll.expression, label, total: roll.total, dice: roll.dice });
      return { expression: roll.expression, label, total: roll.total, dice: roll.dice, eventSeq };
    });
  }
}
