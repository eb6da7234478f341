import { Injectable } from '@nestjs/common';
import { BadUserInputError } from '../../common/errors.js';
import { parseDiceExpression, rollDiceExpression, type RolledDie } from '../../rules/random/dice.js';
import { requireCampaignRole } from '../auth/auth.service.js';
import type { Principal } from '../auth/principal.js';
import { GameLedger } from '../events/game-ledger.service.js';

@Injectable()
export class DiceService {
  constructor(private readonly ledger: GameLedger) {}

  /** Any member rolls in the open: the result goes to the campaign's log. */
  async rollDice(
    principal: Principal,
    input: { campaignId: string; expression: string; label?: string },
  ): Promise<{ expression: string; label: string | null; total: number; dice: RolledDie[]; eventSeq: number }> {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const parsed = parseDiceExpression(input.expression);
    if (!parsed.ok) {
      const { message, position, fragment } = parsed.error;
      throw new BadUserInputError(message, 'expression', { position, fragment });
    }
    return this.ledger.act(principal, input.campaignId, async (action) => {
      const roll = rollDiceExpression(parsed.expression, action.rng);
      const label = input.label ?? null;
      const eventSeq = action.record('dice.rolled', { expression: roll.expression, label, total: roll.total, dice: roll.dice });
      return { expression: roll.expression, label, total: roll.total, dice: roll.dice, eventSeq };
    });
  }
}
