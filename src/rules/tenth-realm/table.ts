import { drawCards, moveCards, type DeckPiles } from '../cards/piles.js';
import { Play as KernelPlay, refuse as refuseRule, rule as kernelRule, type Outcome, type Rule } from '../kernel/outcome.js';
import type { TrialCall } from './calls.js';
import type { Combat } from './combat-state.js';
import type { TenthRealmSheet } from './sheet.js';

/** The risk rating and descriptor of a hex (tenth-realm.md, "Regions"). */
export interface Region {
  hex: string;
  riskRating: number;
  descriptor: string;
  /** The card revealed on the first visit. */
  riskCard: string;
  notes: string[];
}

/** What a Tenth Realm campaign holds beyond its characters' sheets. */
export interface World {
  /** Sessions are counted so that once-per-session abilities (OWL) can be checked. */
  session: number;
  currentHex: string | null;
  regions: Record<string, Region>;
  /** The GM's calls for a trial not yet rolled, by id (absent in campaigns stored before calls existed). */
  calls?: Record<string, TrialCall>;
}

/** Everything a Tenth Realm rule may read or change. */
export interface TenthRealmState {
  /** The campaign's one shared standard-52 deck. */
  piles: DeckPiles;
  /** Sheets by character id; a character's hand is `piles.hands[characterId]`. */
  characters: Record<string, TenthRealmSheet>;
  world: World;
  /** The combat under way, if any. */
  combat: Combat | null;
  settings: { inventorySlots: number };
}

export type ViolationReason =
  | 'CARD_NOT_IN_YOUR_HAND'
  | 'DECK_EXHAUSTED'
  | 'NOT_IN_DRAFT'
  | 'NOT_ACTIVE'
  | 'UNKNOWN_CHARACTER'
  | 'ATTRIBUTE_ALREADY_REDRAWN'
  | 'TOO_MANY_REDRAWS'
  | 'VANORI_ALREADY_CHOSEN'
  | 'VANORI_NOT_CHOSEN'
  | 'RESILIENCE_ALREADY_REROLLED'
  | 'INVALID_CUSTOM_VANORI'
  | 'INVALID_BURN'
  | 'ONCE_PER_SESSION'
  | 'NO_FREE_SLOT'
  | 'UNKNOWN_CONDITION'
  | 'UNKNOWN_ITEM'
  | 'UNKNOWN_GEAR'
  | 'XP_TRACK_NOT_FULL'
  | 'RESILIENCE_CHECK_DUE'
  | 'NO_RESILIENCE_CHECK_DUE'
  | 'NO_WOUNDS_TO_TEND'
  | 'NOTHING_TO_REPAIR'
  | 'GEAR_BROKEN'
  | 'INVALID_RISK_RATING'
  | 'UNKNOWN_REGION'
  | 'COMBAT_UNDER_WAY'
  | 'NO_COMBAT'
  | 'NOT_IN_COMBAT'
  | 'UNKNOWN_ENEMY'
  | 'ENEMY_OUT_OF_FIGHT'
  | 'INVALID_DIE'
  | 'INVALID_FACTORS'
  | 'INVALID_AMOUNT'
  | 'CHARACTER_EXISTS'
  | 'UNKNOWN_CALL'
  | 'CALL_FOR_ANOTHER_CHARACTER'
  | 'RISK_ALREADY_REVEALED'
  | 'INVALID_CALL'
  | 'VANORI_ALREADY_CONJURED'
  | 'NOT_CONJURED'
  | 'INVALID_ROUTE'
  | 'TOO_FAR_FOR_A_DAY'
  | 'NO_FAVOURABLE_WINDS';

export interface Violation {
  reason: ViolationReason;
  message: string;
}

/** A Tenth Realm rule's outcome: the kernel's, with one event per rule. */
export type RuleOutcome<R> = Outcome<TenthRealmState, R>;

export function refuse(reason: ViolationReason, message: string): never {
  return refuseRule(reason, message);
}

/** A reshuffle during a rule's reveal, as its event records it. */
export interface Reshuffle {
  /** Which reveal of the rule (0 = its first). */
  reveal: number;
  /** How many cards of that reveal came from the draw pile before it ran out. */
  drawnBefore: number;
  /**
   * How many cards of the discard pile were shuffled into the new draw pile. Their list is not
   * recorded: with the seed revealed it would give the new draw pile's order, and so the cards
   * dealt from it since.
   */
  discardCount: number;
}

/**
 * One rule's working copy of the table, with the deck's moves the rules use. A rule changes its
 * copy step by step; `rule()` hands the copy back only when the rule finished, so a refusal
 * changes nothing.
 */
export class Play extends KernelPlay<TenthRealmState> {
  /** Whether the discard pile was shuffled back into an empty deck during this rule. */
  reshuffled = false;

  /**
   * Each reshuffle of this rule: which of its reveals (0 = the first), after how many cards of
   * that reveal, and how many cards it shuffled, so that a verifier takes the shuffle's draws from
   * the stream as the rule did and checks what follows it (replay.ts).
   */
  readonly reshuffles: Reshuffle[] = [];

  private reveals = 0;

  character(id: string): TenthRealmSheet {
    const sheet = this.state.characters[id];
    if (!sheet) refuse('UNKNOWN_CHARACTER', 'that character is not playing in this campaign');
    return sheet;
  }

  /** A character that can act: created and not incapacitated. */
  activeCharacter(id: string): TenthRealmSheet {
    const sheet = this.character(id);
    if (sheet.status === 'DRAFT') refuse('NOT_ACTIVE', 'finish creating the character first');
    if (sheet.status === 'INCAPACITATED') refuse('NOT_ACTIVE', 'the character is incapacitated: tend their wounds first');
    return sheet;
  }

  /**
   * Reveals the top `count` cards onto the discard pile (tenth-realm.md, "The deck"), shuffling the
   * discard pile back in when the deck runs out. Returns them in reveal order.
   */
  reveal(count: number): string[] {
    if (count === 0) return [];
    const reveal = this.reveals++;
    const { drawPile, discardPile } = this.state.piles;
    // drawCards shuffles the discard pile as it stands when the draw pile runs out: at most once per draw.
    const reshuffle = count > drawPile.length ? { reveal, drawnBefore: drawPile.length, discardCount: discardPile.length } : null;
    const outcome = drawCards(this.state.piles, { count, from: 'TOP', to: { kind: 'DISCARD' } }, this.rng);
    if (!outcome.ok) refuse('DECK_EXHAUSTED', `the deck cannot reveal ${count} cards: too many are held in hands`);
    this.state.piles = outcome.piles;
    this.reshuffled ||= outcome.reshuffled;
    if (reshuffle && outcome.reshuffled) this.reshuffles.push(reshuffle);
    return outcome.drawn;
  }

  /** A revealed card goes from the discard pile to a character's hand. */
  keep(characterId: string, cardId: string): void {
    const outcome = moveCards(this.state.piles, [cardId], { kind: 'HAND', holderId: characterId });
    if (!outcome.ok) throw new Error(`card ${cardId} cannot be kept: ${outcome.violation.message}`);
    this.state.piles = outcome.piles;
  }

  /** A burned card goes from the burner's hand to the discard pile (tenth-realm.md, "The deck"). */
  burn(characterId: string, cardId: string): void {
    const outcome = moveCards(this.state.piles, [cardId], { kind: 'DISCARD' }, { onlyFromHolders: [characterId] });
    if (!outcome.ok) refuse('CARD_NOT_IN_YOUR_HAND', 'that card is not in your hand');
    this.state.piles = outcome.piles;
  }

  /** Whether the card is in the character's hand, without moving it. */
  holds(characterId: string, cardId: string): boolean {
    return (this.state.piles.hands[characterId] ?? []).includes(cardId);
  }

  roll(sides: number): number {
    return this.rng.die(sides);
  }
}

/**
 * Makes a rule out of a function over a working copy: the result, the new state and one public
 * event (the input, the result and whether the deck was reshuffled), or the violation that
 * stopped it with nothing changed.
 */
export function rule<I, R extends object>(type: string, body: (play: Play, input: I) => R): Rule<TenthRealmState, I, R> {
  return kernelRule<TenthRealmState, I, R, Play>(
    null,
    (play, input) => {
      const result = body(play, input);
      // The reshuffles only when there were any: most events have none, and keep their shape.
      const reshuffles = play.reshuffles.length > 0 ? { reshuffles: play.reshuffles } : {};
      play.record(type, { ...(input as object), ...result, reshuffled: play.reshuffled, ...reshuffles });
      return result;
    },
    (state, rng) => new Play(state, rng),
  );
}

/** A standard-52 card's suit: the last letter of its id (`QH`, `10S`). */
export function suitOf(cardId: string): 'C' | 'D' | 'H' | 'S' {
  return cardId.slice(-1) as 'C' | 'D' | 'H' | 'S';
}

export function isRed(cardId: string): boolean {
  const suit = suitOf(cardId);
  return suit === 'H' || suit === 'D';
}

/** Picks the entry of a ♥ ♦ ♣ ♠ table for a card. */
export function bySuit<T>(cardId: string, table: { H: T; D: T; C: T; S: T }): T {
  return table[suitOf(cardId)];
}
