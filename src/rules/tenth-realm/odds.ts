/**
 * Odds before the roll (issue 39, `tenthRealmTrialOdds`): the chances of a trial roll
 * (tenth-realm.md, "Trial roll", "Fate roll", "Burning cards") from what the asker may see.
 *
 * The asker sees every sheet, their own hands, the discard pile and the face-up table; of the rest
 * — the draw pile and the other players' hands — only how many cards the draw pile holds and,
 * since the deck is the standard 52, which cards are among them all. So the answer is computed
 * from a {@link TenthRealmOddsView}, in which each of those unseen cards is "one of the cards the
 * asker has not seen", equally likely to be anywhere among them: where each one lies and the
 * draw pile's order cannot reach the answer.
 */
import { allCardIds } from '../cards/piles.js';
import { refusal, type Violation } from '../kernel/outcome.js';
import type { TenthRealmSheet } from './sheet.js';
import { isRed, type TenthRealmState } from './table.js';
import { DEFAULT_DR, type RollBurn, type RollBurnEffect, type TrialInput } from './trial-roll.js';

/** A trial roll as the asker sees it. */
export interface TenthRealmOddsView {
  /** The characters whose hands the asker sees: their own (every character, for the GM). */
  viewerIds: string[];
  /** Every character's sheet: sheets are on the table for everyone. */
  characters: Record<string, TenthRealmSheet>;
  /** The hands of `viewerIds`, by character id. */
  hands: Record<string, string[]>;
  /** The discard pile, top first: revealed and burned cards lie face up. */
  discardPile: string[];
  /** Face-up cards on the table. */
  table: string[];
  /** How many cards the draw pile holds; which ones, and in what order, is not in the view. */
  drawPileCount: number;
  /**
   * Every card of the deck the asker has not seen — the draw pile and the hands of the other
   * characters together — in code order, so that where each one is cannot be told.
   */
  unseenCards: string[];
  /** The risk rating of the region the group stands in (0 outside any): how many cards a trial roll reveals. */
  riskRating: number;
}

/**
 * What the characters `viewerIds` (one player's, or every character for the GM) may see of the
 * table: the only way odds read a Tenth Realm state.
 */
export function tenthRealmOddsView(state: TenthRealmState, viewerIds: readonly string[]): TenthRealmOddsView {
  const { piles, world } = state;
  const hands = Object.fromEntries(viewerIds.map((id) => [id, [...(piles.hands[id] ?? [])]]));
  const seen = new Set([...Object.values(hands).flat(), ...piles.discardPile, ...piles.table]);
  return {
    viewerIds: [...viewerIds],
    characters: state.characters,
    hands,
    discardPile: [...piles.discardPile],
    table: [...piles.table],
    drawPileCount: piles.drawPile.length,
    unseenCards: allCardIds(piles)
      .filter((id) => !seen.has(id))
      .sort(),
    riskRating: world.currentHex === null ? 0 : (world.regions[world.currentHex]?.riskRating ?? 0),
  };
}

/** The chance of each number of black cards among those revealed. */
export interface BlackCardsChance {
  black: number;
  probability: number;
}

export interface TrialOdds {
  /** How many cards the roll reveals: the risk rating (0 for a fate roll). */
  revealed: number;
  /** Whether the draw pile runs out during the reveal, so that the discard pile is shuffled back for the rest. */
  reshuffles: boolean;
  attributeModifier: number;
  /** What the burns and allies' aid add to the score. */
  bonus: number;
  baseDr: number;
  /** The DR before black cards: the base, the adjustments, a conjured Vanori and a pending reduction. */
  drBeforeCards: number;
  /** The distribution of black cards revealed, each raising the DR by 2. */
  blackCards: BlackCardsChance[];
  /** P(success), a table turned included. */
  success: number;
  setback: number;
  /** P(the card burned to turn the table is spent): the chance of a setback it turns. 0 without that burn. */
  turnedTheTable: number;
  natural20: number;
  natural1: number;
  /** P(a revealed card goes to the roller's hand): a success with no card burned, after a reveal. */
  cardToHand: number;
  /** P(that card is red): a success after a reveal with at least one red card. */
  redCardToHand: number;
}

const D20 = 20;

/** P(d20 > threshold). */
const d20Above = (threshold: number): number => Math.min(D20, Math.max(0, D20 - threshold)) / D20;

/**
 * The chances of k black cards among `draws` cards drawn without replacement from `cards`, k =
 * 0..draws: card by card, the next is black with the share of black among those left.
 */
function blackAmong(cards: readonly string[], draws: number): number[] {
  const black = cards.filter((id) => !isRed(id)).length;
  let chances = [1];
  for (let drawn = 0; drawn < draws; drawn += 1) {
    const next = new Array<number>(drawn + 2).fill(0);
    const left = cards.length - drawn;
    chances.forEach((p, k) => {
      const blackLeft = (black - k) / left;
      next[k + 1] += p * blackLeft;
      next[k] += p * (1 - blackLeft);
    });
    chances = next;
  }
  return chances;
}

function convolve(a: readonly number[], b: readonly number[]): number[] {
  const sum = new Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((p, i) => b.forEach((q, j) => (sum[i + j] += p * q)));
  return sum;
}

/** How a player says what a burn does, for refusals (as trial-roll.ts says it). */
const BURN_VERBS: Record<RollBurnEffect, string> = {
  CALL_THE_GODS: 'call the gods',
  AID_AN_ALLY: 'aid an ally',
  TURN_THE_TABLE: 'turn the table',
  VANORI: 'conjure their Vanori',
};

/** The first refusal the trial roll would give for these burns, from what the view holds (trial-roll.ts, checkBurns). */
function burnProblem(view: TenthRealmOddsView, input: TrialInput): { ok: false; violation: Violation } | undefined {
  const burns = input.burns ?? [];
  const cards = new Set<string>();
  for (const burn of burns) {
    if (cards.has(burn.cardId)) return refusal('INVALID_BURN', 'a card can only be burned once');
    cards.add(burn.cardId);
    const burner = view.characters[burn.characterId];
    const problem = activeProblem(burner);
    if (problem) return problem;
    // Only a hand the asker sees can be counted on: any other answers alike, whatever it holds.
    if (!(view.hands[burn.characterId] ?? []).includes(burn.cardId)) return refusal('CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand');
    const own = burn.characterId === input.characterId;
    if (burn.effect === 'AID_AN_ALLY' && own) return refusal('INVALID_BURN', 'aid an ally is burned by another character than the roller');
    if (burn.effect !== 'AID_AN_ALLY' && !own) return refusal('INVALID_BURN', `only the roller can burn a card to ${BURN_VERBS[burn.effect]}`);
    if (burn.effect === 'VANORI') {
      if (!burner!.vanori) return refusal('INVALID_BURN', 'the character has no Vanori to conjure');
      if (burner!.conjuring) return refusal('VANORI_ALREADY_CONJURED', 'the Vanori is conjured already: it lowers the DR of each roll until the GM ends it');
      if (!Number.isInteger(burn.amount) || burn.amount! < 1) return refusal('INVALID_BURN', 'say by how much conjuring the Vanori lowers the DR (at least 1): the GM gives it in the call (conjuringAmount)');
    }
  }
  if (burns.filter((burn) => burn.effect === 'TURN_THE_TABLE').length > 1) return refusal('INVALID_BURN', 'the table can only be turned once per roll');
  if (burns.filter((burn) => burn.effect === 'VANORI').length > 1) return refusal('INVALID_BURN', 'the Vanori is conjured with one card');
  return undefined;
}

/** Why a character cannot act (table.ts, activeCharacter), or undefined. */
function activeProblem(sheet: TenthRealmSheet | undefined): { ok: false; violation: Violation } | undefined {
  if (!sheet) return refusal('UNKNOWN_CHARACTER', 'that character is not playing in this campaign');
  if (sheet.status === 'DRAFT') return refusal('NOT_ACTIVE', 'finish creating the character first');
  if (sheet.status === 'INCAPACITATED') return refusal('NOT_ACTIVE', 'the character is incapacitated: tend their wounds first');
  return undefined;
}

/** CALL_THE_GODS +2, AID_AN_ALLY +2 (+3 from an ELK) (trial-roll.ts, burnBonus). */
const burnBonus = (view: TenthRealmOddsView, burn: RollBurn): number => {
  if (burn.effect === 'CALL_THE_GODS') return 2;
  if (burn.effect === 'AID_AN_ALLY') return view.characters[burn.characterId].vanori?.name === 'ELK' ? 3 : 2;
  return 0;
};

/**
 * tenthRealmTrialOdds (issue 39): the chances of a trial (or fate) roll as `resolveTrial`
 * (trial-roll.ts) would roll it now, from the asker's view alone (tenth-realm.md, "Trial roll"):
 * cards burned for it go to the discard pile first; as many cards as the risk rating are revealed
 * from the draw pile, each black one raising the DR by 2; the d20 + attribute + bonuses succeeds
 * iff it beats the DR, and a TURN THE TABLE burn turns a setback into a success.
 *
 * The revealed cards: the draw pile is, for the asker, `drawPileCount` cards taken at random from
 * the unseen ones, in random order, so its top cards are drawn without replacement from all the
 * unseen cards; if the reveal needs more cards than the draw pile holds, the rest come from the
 * discard pile (with this roll's burned cards), shuffled back (cards/piles.ts, drawCards). The
 * d20 is fair. Refused, with the rule's reason, where the roll would be; burns count only from
 * the hands the asker sees.
 */
export function tenthRealmTrialOdds(view: TenthRealmOddsView, input: TrialInput): { ok: true; odds: TrialOdds } | { ok: false; violation: Violation } {
  const roller = view.characters[input.characterId];
  const inactive = activeProblem(roller);
  if (inactive) return inactive;
  if (roller.pending.resilienceCheckDue) return refusal('RESILIENCE_CHECK_DUE', 'resilience is 0: a resilience check is due first');
  const problem = burnProblem(view, input);
  if (problem) return problem;

  const burns = input.burns ?? [];
  const turnTheTable = burns.some((burn) => burn.effect === 'TURN_THE_TABLE');
  const burnedNow = burns.filter((burn) => burn.effect !== 'TURN_THE_TABLE');

  // tenth-realm.md, Trial roll step 3: the reveal, from the draw pile and then the reshuffled discard pile.
  const revealed = input.fate ? 0 : view.riskRating;
  const discardPile = [...burnedNow.map((burn) => burn.cardId), ...view.discardPile];
  const fromDrawPile = Math.min(revealed, view.drawPileCount);
  const fromDiscard = revealed - fromDrawPile;
  if (fromDiscard > discardPile.length) return refusal('DECK_EXHAUSTED', `the deck cannot reveal ${revealed} cards: too many are held in hands`);
  const blackChances = convolve(blackAmong(view.unseenCards, fromDrawPile), blackAmong(discardPile, fromDiscard));

  const baseDr = input.dr ?? DEFAULT_DR;
  // A Vanori conjured earlier, or by this roll's burn: it lasts until the GM ends it (conjuring.ts).
  const conjured = burnedNow.find((burn) => burn.effect === 'VANORI')?.amount ?? roller.conjuring?.amount ?? 0;
  const adjustments = (input.drAdjustments ?? []).reduce((sum, adjustment) => sum + adjustment.amount, 0);
  const drBeforeCards = baseDr + adjustments - conjured - roller.pending.nextRollDrReduction;
  const attributeModifier = roller.attributes[input.attribute];
  const allyAid = roller.pending.allyAid ?? 0;
  const bonus = burnedNow.reduce((sum, burn) => sum + burnBonus(view, burn), allyAid);
  const noBurn = burnedNow.length === 0 && allyAid === 0;

  let beaten = 0;
  let beatenWithRed = 0;
  blackChances.forEach((p, black) => {
    // Success iff d20 + attribute + bonus > DR + 2 per black card.
    const chance = p * d20Above(drBeforeCards + 2 * black - attributeModifier - bonus);
    beaten += chance;
    if (black < revealed) beatenWithRed += chance;
  });
  const success = turnTheTable ? 1 : beaten;
  // A card goes to hand only after a roll nothing was burned for: a turned table is a burn.
  const keeps = noBurn && revealed > 0;
  return {
    ok: true,
    odds: {
      revealed,
      reshuffles: fromDiscard > 0,
      attributeModifier,
      bonus,
      baseDr,
      drBeforeCards,
      blackCards: blackChances.map((probability, black) => ({ black, probability })),
      success,
      setback: 1 - success,
      turnedTheTable: turnTheTable ? 1 - beaten : 0,
      natural20: 1 / D20,
      natural1: 1 / D20,
      cardToHand: keeps ? beaten : 0,
      redCardToHand: keeps ? beatenWithRed : 0,
    },
  };
}
