/**
 * Odds before the Draw (issue 39, `enchantedRealmsDrawOdds`): the chances of a Draw
 * (enchanted-realms-cards.md, "The Draw") from what the asker may see.
 *
 * The asker sees the deck list (decks are data), every character's sheet and the cards on the
 * table in front of it, the scene's discard pile and the face-up table, and their own hands (the
 * Lead Player's too, for the GM). The draw pile's order, the other players' hands and the Lead
 * Player's hand are not in the view: only how many cards the draw pile holds, and which cards are
 * among all those unseen. Each card drawn from the draw pile is therefore "one of the cards the
 * asker has not seen", all equally likely, whatever lies where.
 */
import type { CardDefinition } from '../cards/card.js';
import { refusal, type Violation } from '../kernel/outcome.js';
import { type Attribute, type Bonus, forceOf } from './cards.js';
import { DRAW_MODIFIER_FORMULAS, drawModifiers, type DrawRequest, gameDrawModifiers, type ModifierTerm, modifierTotal, resolveChallenge, resolveContest } from './draw.js';
import { isTableHolder, tableHolder } from './rewards.js';
import { stackCharacter } from './stacking.js';
import { type DrawInput, drawRequest, type EnchantedRealmsSheet, type EnchantedRealmsTable, type FoeGroup, LEGAL_ANSWERS, OPPOSING_ACTION } from './table.js';

/** A Draw as the asker sees the table. */
export interface EnchantedRealmsOddsView {
  /** The holders whose hands the asker sees: their characters (and `LEAD_PLAYER` for the GM). */
  viewerHolderIds: string[];
  /** The Adventure Deck's cards: printed data. */
  deck: readonly CardDefinition[];
  /** Every character: its sheet (null when not of this ruleset) and the cards on the table in front of it. */
  characters: Record<string, { sheet: EnchantedRealmsSheet | null; tableCards: string[] }>;
  /** The hands of `viewerHolderIds`. */
  hands: Record<string, string[]>;
  /** The scene's discard pile, top first: drawn cards lie face up. */
  discardPile: string[];
  /** Face-up cards on the shared table. */
  table: string[];
  /** The groups of foes standing in the scene: on the table for all to see. */
  foes: FoeGroup[];
  /** How many cards the draw pile holds; which ones, and in what order, is not in the view. */
  drawPileCount: number;
  /**
   * Every card the asker has not seen — the draw pile, the other players' hands, the Lead
   * Player's hand — in id order, so that where each one is cannot be told.
   */
  unseenCards: string[];
}

/**
 * What the holders `viewerHolderIds` (a player's characters; with `LEAD_PLAYER`, or every holder,
 * for the GM) may see of the table: the only way odds read an Enchanted Realms table.
 */
export function enchantedRealmsOddsView(table: EnchantedRealmsTable, viewerHolderIds: readonly string[]): EnchantedRealmsOddsView {
  const { piles } = table;
  const hands = Object.fromEntries(viewerHolderIds.map((id) => [id, [...(piles.hands[id] ?? [])]]));
  const characters = Object.fromEntries(
    Object.entries(table.characters).map(([id, character]) => [id, { sheet: character.sheet, tableCards: [...(piles.hands[tableHolder(id)] ?? [])] }]),
  );
  const faceUp = Object.entries(piles.hands)
    .filter(([holder]) => isTableHolder(holder))
    .flatMap(([, cards]) => cards);
  const seen = new Set([...Object.values(hands).flat(), ...faceUp, ...piles.discardPile, ...piles.table]);
  return {
    viewerHolderIds: [...viewerHolderIds],
    deck: table.deck,
    characters,
    hands,
    discardPile: [...piles.discardPile],
    table: [...piles.table],
    foes: table.foes.map((foe) => ({ ...foe })),
    drawPileCount: piles.drawPile.length,
    unseenCards: table.deck
      .map((card) => card.id)
      .filter((id) => !seen.has(id))
      .sort(),
  };
}

/** The chance of each amount of damage. */
export interface DamageChance {
  damage: number;
  probability: number;
}

export interface DrawOdds {
  /** The initiator's modifier, term by term, and its total. */
  modifiers: ModifierTerm[];
  modifier: number;
  /** The Counter Draw's modifier, or null against a Challenge Number. */
  counterModifiers: ModifierTerm[] | null;
  counterModifier: number | null;
  challengeNumber: number | null;
  /** P(the initiator wins): a higher score, a tie, or a Challenge Number met. */
  win: number;
  /** P(the scores are equal, so the initiator wins on the tie); against a Challenge Number, P(score = the number). */
  tieWonByInitiator: number;
  /**
   * The expected damage, as the Draw reports it: a won ATTACK deals the difference of the scores
   * (0 on a tie), which an opposing character loses from its Health; nothing else deals damage.
   */
  expectedDamage: number;
  /** The distribution of that damage, 0 included. */
  damage: DamageChance[];
  /** P(the opponent falls to 0 Health with this Draw). */
  defeatsOpponent: number;
  /** Whether a card drawn may come from the discard pile shuffled back, the draw pile being too short. */
  reshuffles: boolean;
}

/** The draw pile as the asker sees it: how many cards, drawn from which unseen cards; and the discard pile. */
interface DeckState {
  pool: readonly number[];
  drawPileCount: number;
  discard: readonly number[];
}

/**
 * The Force of the next card revealed (draw.ts, revealDraw), with its chance and the deck after:
 * the top card of the draw pile is any of the pool's cards alike, and an empty draw pile is the
 * discard pile shuffled back first (cards/piles.ts, drawCards). The card goes onto the discard pile.
 */
function reveals(deck: DeckState): Array<{ force: number; chance: number; after: DeckState }> {
  const from = deck.drawPileCount === 0 ? { pool: deck.discard, drawPileCount: deck.discard.length, discard: [] } : deck;
  const forces = new Map<number, number>();
  for (const force of from.pool) forces.set(force, (forces.get(force) ?? 0) + 1);
  return [...forces].map(([force, copies]) => {
    const pool = [...from.pool];
    pool.splice(pool.indexOf(force), 1);
    return { force, chance: copies / from.pool.length, after: { pool, drawPileCount: from.drawPileCount - 1, discard: [force, ...from.discard] } };
  });
}

/** The bonuses the formula of a Draw adds: what is "relevant" on a target card (as table.ts reads them). */
function relevantBonuses(request: DrawRequest): Bonus[] {
  return DRAW_MODIFIER_FORMULAS[request.action].map((term) => (term === 'ATTRIBUTE' ? (request as { attribute: Attribute }).attribute : term));
}

/**
 * enchantedRealmsDrawOdds (issue 39): the chances of the Draw `input` as `makeDraw` (table.ts)
 * would make it now, from the asker's view alone (enchanted-realms-cards.md, "The Draw"): the
 * initiator draws first, then the Counter Draw; the higher Adjusted Draw Score wins and a tie goes
 * to the initiator; a won ATTACK against a character or a group of foes deals the difference (a
 * group draws as one creature of its card, and falls when the damage takes all its Health); a
 * Challenge Number is met by a score at least as high.
 *
 * Both cards come from the draw pile, which is, for the asker, `drawPileCount` cards taken at
 * random from the unseen ones, in random order: the two cards are drawn without replacement from
 * all the unseen cards. When the draw pile is too short, the scene's discard pile (with the card
 * just drawn) is shuffled back, as the rule does. Refused, with the rule's reason, where the Draw
 * would be.
 *
 * @throws Error when neither or both of an opponent and a Challenge Number are given, or an action
 * that tests an attribute has none (the service checks both first, as for the Draw).
 */
export function enchantedRealmsDrawOdds(view: EnchantedRealmsOddsView, input: DrawInput): { ok: true; odds: DrawOdds } | { ok: false; violation: Violation } {
  if ((input.opponent === undefined) === (input.challengeNumber === undefined)) throw new Error('a Draw is against exactly one of an opponent and a Challenge Number');
  const notAdventurer = () => refusal('NOT_AN_ADVENTURER', 'that character has no HERO and CREATURE cards: create it with enchantedRealmsCreateCharacter');
  const actor = view.characters[input.actorId]?.sheet;
  if (!actor) return notAdventurer();
  if (actor.health <= 0) return refusal('CHARACTER_DEFEATED', 'that character is defeated (0 Health) and cannot act');

  const opponentId = input.opponent && 'characterId' in input.opponent ? input.opponent.characterId : null;
  const targetCardId = input.opponent && 'forTheGameCardId' in input.opponent ? input.opponent.forTheGameCardId : null;
  const foeId = input.opponent && 'foeId' in input.opponent ? input.opponent.foeId : null;
  const opponent = opponentId === null ? null : view.characters[opponentId]?.sheet;
  const foe = foeId === null ? undefined : view.foes.find((group) => group.id === foeId);
  if (foeId !== null) {
    if (!foe) return refusal('NO_SUCH_FOE', `there is no group of foes '${foeId}' standing in the scene`);
    if (input.opposingAction !== undefined && !LEGAL_ANSWERS[input.action].includes(input.opposingAction)) {
      return refusal('NOT_AN_ANSWER', `${input.action} is answered by ${LEGAL_ANSWERS[input.action].join(' or ')}, not ${input.opposingAction}`);
    }
  }
  if (opponentId !== null) {
    if (opponentId === input.actorId) return refusal('SAME_CHARACTER', 'a character cannot oppose itself');
    if (!opponent) return notAdventurer();
    if (opponent.health <= 0) return refusal('TARGET_DEFEATED', 'the opposing character is already defeated (0 Health)');
  }
  const targetCard = targetCardId === null ? undefined : view.deck.find((card) => card.id === targetCardId);
  if (targetCardId !== null && !targetCard) return refusal('UNKNOWN_CARD', `there is no card '${targetCardId}' in the Adventure Deck`);
  if (view.drawPileCount + view.discardPile.length === 0) return refusal('NOT_ENOUGH_CARDS', 'the Adventure Deck has no card left to draw: no cards are left to draw');

  const byId = new Map(view.deck.map((card) => [card.id, card]));
  const stacked = (characterId: string) => stackCharacter(view.characters[characterId].tableCards.map((id) => byId.get(id)!));
  const modifiers = drawModifiers(stacked(input.actorId), drawRequest(input.action, input.attribute));
  let counterModifiers: ModifierTerm[] | null = null;
  if (opponentId !== null) {
    const opposingAction = input.opposingAction ?? OPPOSING_ACTION[input.action];
    counterModifiers = drawModifiers(stacked(opponentId), drawRequest(opposingAction, input.opposingAttribute ?? input.attribute));
  } else if (foe) {
    // The group draws as one creature of its card would (table.ts, makeDraw).
    const opposingAction = input.opposingAction ?? OPPOSING_ACTION[input.action];
    counterModifiers = drawModifiers(stackCharacter([byId.get(foe.creatureCardId)!]), drawRequest(opposingAction, input.opposingAttribute ?? input.attribute));
  } else if (targetCard) {
    const opposing = drawRequest(input.opposingAction ?? OPPOSING_ACTION[input.action], input.opposingAttribute ?? input.attribute);
    counterModifiers = gameDrawModifiers(targetCard, relevantBonuses(opposing));
  }
  const modifier = modifierTotal(modifiers);
  const counterModifier = counterModifiers && modifierTotal(counterModifiers);

  const forceOfId = (id: string) => forceOf(byId.get(id)!);
  const deck: DeckState = { pool: view.unseenCards.map(forceOfId), drawPileCount: view.drawPileCount, discard: view.discardPile.map(forceOfId) };
  let win = 0;
  let tie = 0;
  const damage = new Map<number, number>();
  const attack = input.action === 'ATTACK';
  for (const first of reveals(deck)) {
    const score = first.force + modifier;
    if (input.challengeNumber !== undefined) {
      if (resolveChallenge(score, input.challengeNumber).success) win += first.chance;
      if (score === input.challengeNumber) tie += first.chance;
      continue;
    }
    for (const second of reveals(first.after)) {
      const chance = first.chance * second.chance;
      const contest = resolveContest({ initiatorScore: score, counterScore: second.force + counterModifier!, attack });
      if (contest.winner === 'INITIATOR') win += chance;
      if (contest.winner === 'INITIATOR' && contest.margin === 0) tie += chance;
      damage.set(contest.damage, (damage.get(contest.damage) ?? 0) + chance);
    }
  }
  if (damage.size === 0) damage.set(0, 1);
  const damages = [...damage].sort(([a], [b]) => a - b).map(([amount, probability]) => ({ damage: amount, probability }));
  return {
    ok: true,
    odds: {
      modifiers,
      modifier,
      counterModifiers,
      counterModifier,
      challengeNumber: input.challengeNumber ?? null,
      win,
      tieWonByInitiator: tie,
      expectedDamage: damages.reduce((sum, entry) => sum + entry.damage * entry.probability, 0),
      damage: damages,
      // A group of foes falls when its last creature does: when the damage takes all its Health.
      defeatsOpponent: opponent || foe ? damages.filter((entry) => entry.damage > 0 && entry.damage >= (opponent ?? foe)!.health).reduce((sum, entry) => sum + entry.probability, 0) : 0,
      reshuffles: view.drawPileCount < (input.challengeNumber === undefined ? 2 : 1),
    },
  };
}
