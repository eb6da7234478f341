/**
 * The GM's call for a trial (seed 002 lines 123–125, tenth-realm.md "Trial roll" steps 1–3): the
 * GM sets the DR, the group's DR changes (line 141, the GM having the final say, lines 159, 167)
 * and, for a feat, the damage die (line 239); the attribute is named by the call or left to the
 * player (line 123). The called character's player then rolls it with their own burns. The GM
 * reveals the risk before the roll (line 125, then 126), so it may be revealed ahead and the player
 * chooses burns knowing the DR.
 */
import { DIE_STEPS } from '../die-steps.js';
import type { Attribute } from './sheet.js';
import { isRed, refuse, rule, type Play } from './table.js';
import { currentRiskRating, DEFAULT_DR, type DrAdjustment, type RollBurn, type TrialInput } from './trial-roll.js';

/** A call waiting for its roll, kept in the world until it is rolled. */
export interface TrialCall {
  id: string;
  characterId: string;
  /** Null: the player picks it when rolling (seed 002 line 123). */
  attribute: Attribute | null;
  dr: number;
  drAdjustments: DrAdjustment[];
  /** FEAT: the damage die the GM assigns (tenth-realm.md, "Combat"), or null. */
  featDie: number | null;
  /** A fate roll: no risk revealed (tenth-realm.md, "Fate roll"). */
  fate: boolean;
  /** The risk cards revealed ahead of the roll, or null until they are. */
  revealed: string[] | null;
  /** A blow answering the call ignores armor (seed 002 line 163); absent in calls stored before. */
  ignoreArmor?: boolean;
  /** On a setback, this consequence in place of the damage (seed 002 lines 237, 256). */
  consequenceInPlaceOfDamage?: string | null;
  /** If the player conjures their Vanori for the roll (a VANORI burn), by how much it lowers the DR from then on. */
  conjuringAmount?: number | null;
}

export interface CallInput {
  callId: string;
  characterId: string;
  attribute?: Attribute;
  dr?: number;
  drAdjustments?: DrAdjustment[];
  featDie?: number;
  fate?: boolean;
  ignoreArmor?: boolean;
  consequenceInPlaceOfDamage?: string;
  conjuringAmount?: number;
}

/** The DR once the revealed risk and the group's changes are counted, before burns. */
export function drAfterRisk(call: TrialCall): number | null {
  if (call.revealed === null) return null;
  const black = call.revealed.filter((card) => !isRed(card)).length;
  return call.dr + 2 * black + call.drAdjustments.reduce((sum, adjustment) => sum + adjustment.amount, 0);
}

function callOf(play: Play, callId: string, characterId: string): TrialCall {
  const call = play.state.world.calls?.[callId];
  if (!call) refuse('UNKNOWN_CALL', 'there is no such call for a trial: it was rolled already, or never made');
  if (call.characterId !== characterId) refuse('CALL_FOR_ANOTHER_CHARACTER', 'that call is for another character');
  return call;
}

/** GM: a call for a trial (seed 002 lines 123–124, 141; line 239: the GM assigns a feat's damage die). */
export const callTrial = rule('tenth-realm.trial-called', (play, input: CallInput) => {
  play.activeCharacter(input.characterId);
  if (input.conjuringAmount !== undefined && (!Number.isInteger(input.conjuringAmount) || input.conjuringAmount < 1)) {
    refuse('INVALID_CALL', 'conjuring lowers the DR by at least 1');
  }
  if (input.featDie !== undefined && !(DIE_STEPS as readonly number[]).includes(input.featDie)) {
    refuse('INVALID_DIE', 'a feat damage die is d4 to d12');
  }
  const calls = (play.state.world.calls ??= {});
  if (calls[input.callId]) refuse('INVALID_CALL', 'a call with that id exists');
  const call: TrialCall = {
    id: input.callId,
    characterId: input.characterId,
    attribute: input.attribute ?? null,
    dr: input.dr ?? DEFAULT_DR,
    drAdjustments: input.drAdjustments ?? [],
    featDie: input.featDie ?? null,
    fate: input.fate ?? false,
    revealed: null,
    ignoreArmor: input.ignoreArmor ?? false,
    consequenceInPlaceOfDamage: input.consequenceInPlaceOfDamage ?? null,
    conjuringAmount: input.conjuringAmount ?? null,
  };
  calls[input.callId] = call;
  return { call };
});

/**
 * Reveals the current region's risk cards for a call before it is rolled (seed 002 line 125,
 * tenth-realm.md "Trial roll" step 3): each black card raises the DR by 2 when the roll is made.
 */
export const revealRisk = rule('tenth-realm.risk-revealed', (play, input: { callId: string; characterId: string }) => {
  const call = callOf(play, input.callId, input.characterId);
  if (call.fate) refuse('INVALID_CALL', 'a fate roll reveals no risk');
  if (call.revealed !== null) refuse('RISK_ALREADY_REVEALED', 'the risk of this call is revealed already: roll it');
  call.revealed = play.reveal(currentRiskRating(play));
  return { callId: call.id, revealed: call.revealed.map((code) => ({ code, color: isRed(code) ? 'RED' : 'BLACK' })), drAfterRisk: drAfterRisk(call)! };
});

/** What a roll that answers a call is made with. */
export interface Answer {
  characterId: string;
  callId?: string;
  burns?: RollBurn[];
}

/**
 * The trial a roll answering `input.callId` makes (seed 002 lines 123–126): the call's DR, changes
 * and feat die, its attribute or the one the player picks, its risk cards if revealed ahead; the
 * call is used up. Without a call, the input as given.
 */
export function answerCall<I extends Answer & Partial<TrialInput> & { featDie?: number; ignoreArmor?: boolean; consequenceInPlaceOfDamage?: string; conjuringAmount?: number }>(
  play: Play,
  input: I,
  options: { fateAllowed?: boolean } = {},
): I {
  if (input.callId === undefined) return input;
  const call = callOf(play, input.callId, input.characterId);
  if (call.fate && !options.fateAllowed) refuse('INVALID_CALL', 'a call for a fate roll is answered by a trial roll');
  if (call.attribute !== null && input.attribute !== undefined && input.attribute !== call.attribute) {
    refuse('INVALID_CALL', `the GM called for a ${call.attribute.toLowerCase()} roll`);
  }
  delete play.state.world.calls![call.id];
  // A Vanori conjured for the roll lowers the DR by the call's amount: the GM has the final say (seed 002 line 141).
  const burns = input.burns?.map((burn) => (burn.effect === 'VANORI' && burn.amount === undefined ? { ...burn, amount: call.conjuringAmount ?? undefined } : burn));
  return {
    ...input,
    burns,
    attribute: call.attribute ?? input.attribute,
    dr: call.dr,
    drAdjustments: call.drAdjustments,
    fate: call.fate,
    featDie: call.featDie ?? undefined,
    preRevealed: call.revealed ?? undefined,
    ignoreArmor: call.ignoreArmor ?? false,
    consequenceInPlaceOfDamage: call.consequenceInPlaceOfDamage ?? undefined,
    conjuringAmount: call.conjuringAmount ?? undefined,
  };
}

/** The terms a roll took from the call it answered, recorded with it so a verifier reads what was rolled (replay.ts). */
export function callTerms(given: { callId?: string }, answered: Partial<TrialInput> & { featDie?: number; ignoreArmor?: boolean; consequenceInPlaceOfDamage?: string; conjuringAmount?: number }) {
  if (given.callId === undefined) return {};
  const { dr, drAdjustments, fate, featDie, preRevealed, ignoreArmor, consequenceInPlaceOfDamage, conjuringAmount } = answered;
  return {
    call: {
      dr,
      drAdjustments,
      fate,
      featDie: featDie ?? null,
      preRevealed: preRevealed ?? null,
      ignoreArmor: ignoreArmor ?? false,
      consequenceInPlaceOfDamage: consequenceInPlaceOfDamage ?? null,
      conjuringAmount: conjuringAmount ?? null,
    },
  };
}

/** The attribute a trial is rolled with: picked by the player when neither the call nor the input names it. */
export function pickedAttribute(attribute: Attribute | undefined): Attribute {
  if (attribute === undefined) refuse('INVALID_CALL', 'the call leaves the attribute to the player: pick one');
  return attribute;
}
