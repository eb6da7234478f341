import { answerCall, callTerms, pickedAttribute } from './calls.js';
import { markXp } from './experience.js';
import type { Attribute, TenthRealmSheet, VanoriForm } from './sheet.js';
import { isRed, refuse, rule, type Play } from './table.js';

/** tenth-realm.md, Trial roll step 2. */
export const DEFAULT_DR = 12;

export const ROLL_BURN_EFFECTS = ['CALL_THE_GODS', 'AID_AN_ALLY', 'TURN_THE_TABLE', 'VANORI'] as const;
export type RollBurnEffect = (typeof ROLL_BURN_EFFECTS)[number];

/** A card burned for a roll (tenth-realm.md, "Burning cards"). */
export interface RollBurn {
  /** Whose hand the card comes from. */
  characterId: string;
  cardId: string;
  effect: RollBurnEffect;
  /** VANORI (conjuring): by how much the group lowers the DR, the GM having the final say. */
  amount?: number;
  /** VANORI: conjured beside the character (the default) or its form taken (seed 002 line 77). */
  form?: VanoriForm;
}

export interface DrAdjustment {
  amount: number;
  reason: string;
}

export interface TrialInput {
  characterId: string;
  attribute: Attribute;
  dr?: number;
  /** A fate roll: no cards revealed, no card to hand, no XP. */
  fate?: boolean;
  burns?: RollBurn[];
  drAdjustments?: DrAdjustment[];
  /** The risk cards already revealed for this roll (a two-step trial, calls.ts): none are revealed again. */
  preRevealed?: string[];
}

export interface RevealedCard {
  code: string;
  color: 'RED' | 'BLACK';
}

export interface TrialResult {
  d20: number;
  attributeModifier: number;
  /** What the burns added to the score. */
  bonus: number;
  score: number;
  baseDr: number;
  effectiveDr: number;
  revealed: RevealedCard[];
  success: boolean;
  natural20: boolean;
  natural1: boolean;
  turnedTheTable: boolean;
  /** What the character's conjured Vanori lowered the DR by: it lasts until the GM ends it (conjuring.ts). */
  conjured: number;
  /** The DR reduction a natural-20 defence left for this roll (it is used up). */
  drReduction: number;
  /** What allies' aid burned ahead of the roll added to the bonus (used up). */
  allyAid: number;
  /** The revealed card that went to the roller's hand, or null. */
  cardKept: { code: string } | null;
  burned: string[];
  xpMarked: number;
  /** The GM narrates a consequence: after a setback, or after turning the table. */
  consequenceDue: boolean;
  blessingDue: boolean;
}

/** How a player says what a burn does, for refusals. */
const BURN_VERBS: Record<RollBurnEffect, string> = {
  CALL_THE_GODS: 'call the gods',
  AID_AN_ALLY: 'aid an ally',
  TURN_THE_TABLE: 'turn the table',
  VANORI: 'conjure their Vanori',
};

const revealedCard = (cardId: string): RevealedCard => ({ code: cardId, color: isRed(cardId) ? 'RED' : 'BLACK' });

function checkBurns(play: Play, input: TrialInput): void {
  const burns = input.burns ?? [];
  const cards = new Set<string>();
  for (const burn of burns) {
    if (cards.has(burn.cardId)) refuse('INVALID_BURN', 'a card can only be burned once');
    cards.add(burn.cardId);
    const burner = play.activeCharacter(burn.characterId);
    if (!play.holds(burn.characterId, burn.cardId)) refuse('CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand');
    const own = burn.characterId === input.characterId;
    if (burn.effect === 'AID_AN_ALLY' && own) refuse('INVALID_BURN', 'aid an ally is burned by another character than the roller');
    if (burn.effect !== 'AID_AN_ALLY' && !own) refuse('INVALID_BURN', `only the roller can burn a card to ${BURN_VERBS[burn.effect]}`);
    if (burn.effect === 'VANORI') {
      if (!burner.vanori) refuse('INVALID_BURN', 'the character has no Vanori to conjure');
      if (burner.conjuring) refuse('VANORI_ALREADY_CONJURED', 'the Vanori is conjured already: it lowers the DR of each roll until the GM ends it');
      if (!Number.isInteger(burn.amount) || burn.amount! < 1) refuse('INVALID_BURN', 'say by how much conjuring the Vanori lowers the DR (at least 1): the GM gives it in the call (conjuringAmount)');
    }
  }
  if (burns.filter((burn) => burn.effect === 'TURN_THE_TABLE').length > 1) refuse('INVALID_BURN', 'the table can only be turned once per roll');
  if (burns.filter((burn) => burn.effect === 'VANORI').length > 1) refuse('INVALID_BURN', 'the Vanori is conjured with one card');
}

/** What a conjured Vanori lowers the DR of the character's rolls by, while it lasts. */
export const conjuredReduction = (sheet: TenthRealmSheet): number => sheet.conjuring?.amount ?? 0;

/** What a card burned for the roll adds to the score: CALL_THE_GODS +2, AID_AN_ALLY +2 (ELK +3). */
function burnBonus(play: Play, burn: RollBurn): number {
  if (burn.effect === 'CALL_THE_GODS') return 2;
  if (burn.effect === 'AID_AN_ALLY') return play.character(burn.characterId).vanori?.name === 'ELK' ? 3 : 2;
  return 0;
}

/** The current region's risk rating: how many cards a trial reveals (tenth-realm.md, Trial roll step 3). */
export function currentRiskRating(play: Play): number {
  const { world } = play.state;
  return world.currentHex === null ? 0 : (world.regions[world.currentHex]?.riskRating ?? 0);
}

/**
 * A trial or fate roll (tenth-realm.md, "Trial roll", "Fate roll", "Burning cards") on a working
 * copy: burns, reveals, the d20, the card to hand or the XP. Attacks, defences and resilience
 * checks are trial rolls too and call this.
 */
export function resolveTrial(play: Play, input: TrialInput, options: { resilienceCheck?: boolean } = {}): TrialResult {
  const roller = play.activeCharacter(input.characterId);
  if (roller.pending.resilienceCheckDue && !options.resilienceCheck) {
    refuse('RESILIENCE_CHECK_DUE', 'resilience is 0: a resilience check is due first');
  }
  const burns = input.burns ?? [];
  checkBurns(play, input);

  // Turning the table is only burned if the roll would otherwise be a setback.
  const turnTheTable = burns.find((burn) => burn.effect === 'TURN_THE_TABLE');
  const burnedNow = burns.filter((burn) => burn !== turnTheTable);
  for (const burn of burnedNow) play.burn(burn.characterId, burn.cardId);
  // Conjuring lasts "for a short while" (seed 002 line 77): this roll and the next ones, until the GM ends it.
  const conjuring = burnedNow.find((burn) => burn.effect === 'VANORI');
  if (conjuring) roller.conjuring = { amount: conjuring.amount!, form: conjuring.form ?? 'CONJURED' };

  const baseDr = input.dr ?? DEFAULT_DR;
  const revealed = input.fate ? [] : (input.preRevealed ?? play.reveal(currentRiskRating(play)));
  const blackCards = revealed.filter((card) => !isRed(card)).length;
  const conjured = conjuredReduction(roller);
  const adjustments = (input.drAdjustments ?? []).reduce((sum, adjustment) => sum + adjustment.amount, 0);
  const drReduction = roller.pending.nextRollDrReduction;
  const effectiveDr = baseDr + 2 * blackCards + adjustments - conjured - drReduction;
  roller.pending.nextRollDrReduction = 0;

  const d20 = play.roll(20);
  const attributeModifier = roller.attributes[input.attribute];
  // Aid burned for this roll ahead of it, by allies with keys of their own (burns.ts).
  const allyAid = roller.pending.allyAid ?? 0;
  roller.pending.allyAid = 0;
  const bonus = burnedNow.reduce((sum, burn) => sum + burnBonus(play, burn), allyAid);
  const score = d20 + attributeModifier + bonus;
  let success = score > effectiveDr;
  let turnedTheTable = false;
  if (!success && turnTheTable) {
    play.burn(turnTheTable.characterId, turnTheTable.cardId);
    success = true;
    turnedTheTable = true;
  }
  const anyBurned = burnedNow.length > 0 || turnedTheTable || allyAid > 0;

  let cardKept: string | null = null;
  if (success && !input.fate && !anyBurned && revealed.length > 0) {
    cardKept = revealed.find(isRed) ?? revealed[0];
    play.keep(input.characterId, cardKept);
  }
  const xpMarked = !success && !input.fate ? markXp(play, input.characterId) : 0;

  return {
    d20,
    attributeModifier,
    bonus,
    score,
    baseDr,
    effectiveDr,
    revealed: revealed.map(revealedCard),
    success,
    natural20: d20 === 20,
    natural1: d20 === 1,
    turnedTheTable,
    conjured,
    drReduction,
    allyAid,
    cardKept: cardKept === null ? null : { code: cardKept },
    burned: [...burnedNow.map((burn) => burn.cardId), ...(turnedTheTable ? [turnTheTable!.cardId] : [])],
    xpMarked,
    // A fate roll carries no consequential risk (seed 002, "Fate roll").
    consequenceDue: !input.fate && (!success || turnedTheTable),
    blessingDue: play.character(input.characterId).pending.blessingDue,
  };
}

/** A trial or fate roll, as given or answering the GM's call (calls.ts). */
export const trialRoll = rule('tenth-realm.trial-rolled', (play, input: Omit<TrialInput, 'attribute'> & { attribute?: Attribute; callId?: string }) => {
  const trial = answerCall(play, input, { fateAllowed: true });
  return { ...resolveTrial(play, { ...trial, attribute: pickedAttribute(trial.attribute) }), ...callTerms(input, trial) };
});
