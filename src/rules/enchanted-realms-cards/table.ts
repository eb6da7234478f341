/**
 * The Enchanted Realms table: the pure rules of `src/rules/enchanted-realms-cards/` put together
 * into the moves of a campaign, `(table, input, rng) → outcome | violation`. Nothing here touches
 * the framework, the database or the clock; the service loads a table, applies one of these and
 * writes back what changed.
 */
import type { CardDefinition } from '../cards/card.js';
import { drawCards, type DeckPiles, moveCards } from '../cards/piles.js';
import { copyData } from '../plain-data.js';
import type { Outcome, Rule, RuleEvent } from '../kernel/outcome.js';
import type { Rng } from '../random/random-stream.js';
import { barterBetweenCharacters, barterWithLeadPlayer, itemWorth } from './barter.js';
import { type Attribute, type Bonus, cardTypeOf, forceOf } from './cards.js';
import { CREATURE_COUNT_DRAWS, revealCreatureCount } from './creatures.js';
import {
  adjustedScore,
  DRAW_MODIFIER_FORMULAS,
  type DrawAction,
  drawModifiers,
  type DrawRequest,
  gameDrawModifiers,
  type ModifierTerm,
  resolveChallenge,
  resolveContest,
  revealDraw,
  type DrawRecord,
  drawRecord,
} from './draw.js';
import { endScene, HAND_SIZE, reconcileHands } from './reconcile.js';
import { asideHolder, awardCard, characterCards, tableHolder } from './rewards.js';
import { moveCheckedCards } from './outcome.js';
import { stackCharacter, type StackedCharacter } from './stacking.js';

/**
 * The Lead Player's hand in the Adventure Deck's piles. **Decision**: the campaign's GM is the
 * Lead Player, and holds one hand under this holder id (a character's hand is under its id).
 */
export const LEAD_PLAYER = 'lead';

/** What a character of this ruleset keeps in `characters.sheet.enchantedRealms`. */
export interface EnchantedRealmsSheet {
  heroCardId: string;
  creatureCardId: string;
  /** Current Health: the stacked maximum at creation, down by damage, never below 0 (0 = defeated). */
  health: number;
}

/** A character at the table: its player (null for an NPC of the GM's) and its sheet (null when not of this ruleset). */
export interface TableCharacter {
  memberId: string | null;
  sheet: EnchantedRealmsSheet | null;
}

/** A trade between two characters that one side has accepted and the other has not yet. */
export interface BarterOffer {
  /** The two characters, in id order, and what each gives. */
  first: string;
  second: string;
  firstGives: string[];
  secondGives: string[];
  acceptedBy: string[];
}

/**
 * A Draw the Lead Player called for (enchanted-realms-cards.md, The Draw, step 3: the Challenge
 * Number is set by the Lead Player; a Draw with no direct opponent is the Lead Player's "for the
 * game"): the character's player then makes it, on these terms and no others.
 */
export interface CalledDraw {
  /** The seq of the event that called it: what the player's Draw names. */
  seq: number;
  actorId: string;
  action: DrawAction;
  attribute: Attribute | null;
  /** Exactly one of a Challenge Number and a target card the game draws against. */
  challengeNumber: number | null;
  forTheGameCardId: string | null;
  /** The formula of the game's Draw against the target card: its relevant bonuses. */
  opposingAction: DrawAction | null;
  opposingAttribute: Attribute | null;
  /** The Force a reward for meeting a Challenge Number may reach; the Challenge Number when null. */
  challengeForce: number | null;
}

/**
 * A creature or challenge the server saw overcome (enchanted-realms-cards.md, Rewards): the seq of
 * the Draw's event, the Force its rewards may reach, who may take one, and who has.
 */
export interface OvercomeChallenge {
  seq: number;
  force: number;
  characterIds: string[];
  rewarded: string[];
}

/**
 * A group of foes the Lead Player put in the scene from one CREATURE card (enchanted-realms-cards.md,
 * How many creatures appear): `count` creatures of that card, each with the card's Health.
 * **Decision**: damage is taken by the front creature and what is left over carries to the next,
 * so the group is a pool of `count × healthEach` Health; a creature falls when its Health is gone.
 */
export interface FoeGroup {
  /** `foe-<seq>`, the seq of the event that added it. */
  id: string;
  creatureCardId: string;
  /** How many creatures of the group still stand. */
  count: number;
  /** Each creature's full Health: its card's HEALTH, or 10. */
  healthEach: number;
  /** The group's Health left: the standing creatures' Health together. */
  health: number;
}

/** How many foes one group may hold: a bound on bad input, far above what a count draw gives. */
export const MAX_FOES_IN_GROUP = 1000;

/** How many overcome challenges waiting for rewards a campaign keeps: the oldest lapse first. */
export const MAX_OVERCOME = 50;

/** Everything an Enchanted Realms move may read or change. */
export interface EnchantedRealmsTable {
  /** The Adventure Deck's cards. */
  deck: readonly CardDefinition[];
  /** Where they are: hands by character id, the Lead Player's under `LEAD_PLAYER`, characters' cards under `tableHolder`. */
  piles: DeckPiles;
  /** By character id, in the order they were created. */
  characters: Record<string, TableCharacter>;
  offers: BarterOffer[];
  /** The Draws the Lead Player called for and the players have not made yet, one per character. */
  calls: CalledDraw[];
  /** The challenges overcome whose rewards are not all given (the latest MAX_OVERCOME). */
  overcome: OvercomeChallenge[];
  /** The groups of foes in the scene that still stand. */
  foes: FoeGroup[];
  /** The seq the move's first event gets: what its calls and challenges are named by. */
  nextEventSeq: number;
}

export type TableViolationReason =
  | 'UNKNOWN_CARD'
  | 'NOT_A_HERO'
  | 'NOT_A_CREATURE'
  | 'CARD_NOT_AVAILABLE'
  | 'NOT_AN_ADVENTURER'
  | 'SAME_CHARACTER'
  | 'CHARACTER_DEFEATED'
  | 'TARGET_DEFEATED'
  | 'NOT_ENOUGH_CARDS'
  | 'ALREADY_ACCEPTED'
  | 'NO_SUCH_CALL'
  | 'NOT_AN_ANSWER'
  | 'NOT_OVERCOME'
  | 'NOT_INVOLVED'
  | 'ALREADY_REWARDED'
  | 'NOTHING_SET_ASIDE'
  | 'NO_SUCH_FOE'
  | 'NOT_A_WORLD'
  | 'NOT_A_SUPPORT'
  | 'WORLD_NOT_LAID'
  | 'NOTHING_LAID'
  // from the pure rules
  | 'CARD_NOT_IN_YOUR_HAND'
  | 'NOT_AWARDABLE'
  | 'FORCE_TOO_HIGH'
  | 'NOTHING_TRADED'
  | 'SAME_HOLDER'
  | 'DUPLICATE_CARD'
  | 'CARD_NOT_THEIRS'
  | 'NOT_AN_ITEM'
  | 'OFFER_TOO_LOW'
  | 'NOT_ACCEPTED'
  | 'INVALID_HOLDERS'
  | 'WRONG_RETURN'
  | 'INVALID_COUNT';

export interface TableViolation {
  reason: TableViolationReason;
  message: string;
}

/** One event to append: public payload, and what only the GM and the player of the character `secretFor` may read. */
export type TableEvent = RuleEvent;

export type TableOutcome<R> = Outcome<EnchantedRealmsTable, R>;

export type TableRule<I, R> = Rule<EnchantedRealmsTable, I, R>;

const refuse = (reason: string, message: string): { ok: false; violation: TableViolation } => ({
  ok: false,
  violation: { reason: reason as TableViolationReason, message },
});

/** A working copy: the deck is shared (never changed), everything else is copied. */
const copyTable = (table: EnchantedRealmsTable): EnchantedRealmsTable => ({
  deck: table.deck,
  piles: copyData(table.piles),
  characters: copyData(table.characters),
  offers: copyData(table.offers),
  calls: copyData(table.calls),
  overcome: copyData(table.overcome),
  foes: copyData(table.foes),
  nextEventSeq: table.nextEventSeq,
});

const cardOf = (table: EnchantedRealmsTable, id: string): CardDefinition | undefined => table.deck.find((card) => card.id === id);

const nameOf = (card: CardDefinition): string => card.name ?? card.id;

/** "an ITEM card", "a HERO card". */
const aCardOfType = (type: string | undefined): string => (type === undefined ? 'an untyped card' : `${/^[AEIOU]/.test(type) ? 'an' : 'a'} ${type} card`);

/** The character's sheet, or why it cannot play. */
function adventurer(
  table: EnchantedRealmsTable,
  characterId: string,
): { ok: true; sheet: EnchantedRealmsSheet } | { ok: false; violation: TableViolation } {
  const sheet = table.characters[characterId]?.sheet;
  if (!sheet) {
    return refuse('NOT_AN_ADVENTURER', 'that character has no HERO and CREATURE cards: create it with enchantedRealmsCreateCharacter');
  }
  return { ok: true, sheet };
}

/** A character's cards combined by the stacking rules. */
export function stackedCharacter(piles: DeckPiles, deck: readonly CardDefinition[], characterId: string): StackedCharacter {
  return stackCharacter(characterCards(piles, deck, characterId));
}

// ---- characters -----------------------------------------------------------------------------

export interface CreateAdventurerInput {
  characterId: string;
  memberId: string | null;
  name: string;
  heroCardId: string;
  creatureCardId: string;
}

/**
 * A character is a HERO card plus a CREATURE card (enchanted-realms-cards.md, Characters).
 * **Decision**: the player names the two cards; each is taken from wherever it lies face down or
 * face up but unclaimed — the draw pile, the scene's discard pile or the shared table — and put
 * on the table in front of the character. A card in someone's hand or on another character is
 * not available. Health starts at the stacked maximum.
 */
export const createAdventurer: TableRule<CreateAdventurerInput, { sheet: EnchantedRealmsSheet; maxHealth: number }> = (table, input) => {
  const wanted: Array<[id: string, type: 'HERO' | 'CREATURE']> = [
    [input.heroCardId, 'HERO'],
    [input.creatureCardId, 'CREATURE'],
  ];
  // What everyone can see is checked first, for both cards (the deck list, the cards in front of
  // characters); whether a card is in a hand last. Otherwise naming a card held in a hidden hand
  // next to a card that fails a public check would tell, without taking anything, whether that
  // hand holds it.
  const cards: CardDefinition[] = [];
  for (const [id, type] of wanted) {
    const card = cardOf(table, id);
    if (!card) return refuse('UNKNOWN_CARD', `there is no card '${id}' in the Adventure Deck`);
    if (cardTypeOf(card) !== type) {
      return refuse(type === 'HERO' ? 'NOT_A_HERO' : 'NOT_A_CREATURE', `${nameOf(card)} is ${aCardOfType(card.type)}, not ${aCardOfType(type)}`);
    }
    cards.push(card);
  }
  const lying = table.piles;
  const notAvailable = (card: CardDefinition) =>
    refuse('CARD_NOT_AVAILABLE', `${nameOf(card)} ('${card.id}') is already held or in play: choose another card`);
  const inFrontOfACharacter = (holder: string) => holder.startsWith(tableHolder(''));
  const inPlay = cards.find((card) => Object.entries(lying.hands).some(([holder, hand]) => inFrontOfACharacter(holder) && hand.includes(card.id)));
  if (inPlay) return notAvailable(inPlay);
  const held = cards.find((card) => !lying.drawPile.includes(card.id) && !lying.discardPile.includes(card.id) && !lying.table.includes(card.id));
  if (held) return notAvailable(held);
  const next = copyTable(table);
  const taking = new Set([input.heroCardId, input.creatureCardId]);
  const { piles } = next;
  piles.drawPile = piles.drawPile.filter((id) => !taking.has(id));
  piles.discardPile = piles.discardPile.filter((id) => !taking.has(id));
  piles.table = piles.table.filter((id) => !taking.has(id));
  piles.hands[tableHolder(input.characterId)] = [input.heroCardId, input.creatureCardId];
  const { maxHealth } = stackedCharacter(piles, next.deck, input.characterId);
  const sheet: EnchantedRealmsSheet = { heroCardId: input.heroCardId, creatureCardId: input.creatureCardId, health: maxHealth };
  next.characters[input.characterId] = { memberId: input.memberId, sheet };
  return {
    ok: true,
    state: next,
    events: [
      {
        type: 'enchanted-realms.character.created',
        payload: {
          characterId: input.characterId,
          name: input.name,
          memberId: input.memberId,
          heroCardId: input.heroCardId,
          creatureCardId: input.creatureCardId,
          maxHealth,
        },
      },
    ],
    result: { sheet, maxHealth },
  };
};

// ---- the Draw -------------------------------------------------------------------------------

export interface DrawInput {
  actorId: string;
  action: DrawAction;
  /** The attribute of ACTION_WITH_CARD and ACTION_WITHOUT_CARD. */
  attribute?: Attribute;
  /** Exactly one of `opponent` and `challengeNumber` (the service checks). */
  opponent?: { characterId: string } | { forTheGameCardId: string } | { foeId: string };
  opposingAction?: DrawAction;
  opposingAttribute?: Attribute;
  challengeNumber?: number;
  /** With a Challenge Number: the Force a reward for meeting it may reach (the Challenge Number when left out). */
  challengeForce?: number;
}

/** One side's Draw. */
export interface DrawSide {
  /** Who drew: a character, or null for the Lead Player's Draw "for the game" or for a group of foes. */
  characterId: string | null;
  /** The group of foes that drew, for the Lead Player's Counter Draw for foes. */
  foeId?: string | null;
  /** The card the game drew against, for a Draw for the game. */
  forTheGameCardId: string | null;
  action: DrawAction | null;
  attribute: Attribute | null;
  cardId: string;
  force: number;
  modifiers: ModifierTerm[];
  adjusted: number;
}

export interface DrawResult {
  draw: DrawSide;
  counterDraw: DrawSide | null;
  challengeNumber: number | null;
  /** Whether the character who drew (the initiator) succeeded. */
  success: boolean;
  /** The winning character; null when the game or the Challenge Number won. */
  winnerId: string | null;
  /** Contest: the winner's score minus the loser's. Challenge: the score minus the number. */
  margin: number;
  damage: number;
  /** The opposing character's (or group of foes') Health after the Draw; null without either. */
  targetHealth: number | null;
  /** Whether the opposing character, or the group's last creature, fell to 0 Health with this Draw. */
  defeated: boolean;
  /** Against a group of foes: how many still stand after the Draw; null otherwise. */
  foesLeft?: number | null;
  reshuffled: boolean;
  /**
   * What was overcome, when the Draw overcame a creature or a challenge: the Force a reward for it
   * may reach (enchanted-realms-cards.md, Rewards), and where that Force comes from. Null otherwise.
   */
  overcome: { force: number; from: OvercomeSource; cardId: string | null } | null;
}

/**
 * Where an overcome challenge's Force comes from: the Challenge Number (or the Force the Lead
 * Player gave it), the target card drawn against for the game, or the defeated character's
 * CREATURE card.
 */
export type OvercomeSource = 'CHALLENGE_NUMBER' | 'CHALLENGE_FORCE' | 'TARGET_CARD' | 'CREATURE_CARD';

/**
 * The action an opponent's Counter Draw makes when the caller does not say. **Decision**: an attack
 * is met by defending, a spell by defending from spells (and back); an action with or without a
 * card is met by the same action.
 */
export const OPPOSING_ACTION: Readonly<Record<DrawAction, DrawAction>> = {
  ATTACK: 'DEFEND',
  DEFEND: 'ATTACK',
  SPELL: 'DEFEND_SPELL',
  DEFEND_SPELL: 'SPELL',
  ACTION_WITH_CARD: 'ACTION_WITH_CARD',
  ACTION_WITHOUT_CARD: 'ACTION_WITHOUT_CARD',
};

/**
 * The actions a Counter Draw may answer an action with: the defender's own choice among these
 * (enchanted-realms-cards.md, The Draw: "the opposing side draws the same way"). **Decision**: an
 * attack is met by a defence and a spell by a defence from spells (and back); an action with or
 * without a card by an action with or without a card, on the attribute the defender chooses.
 */
export const LEGAL_ANSWERS: Readonly<Record<DrawAction, readonly DrawAction[]>> = {
  ATTACK: ['DEFEND'],
  DEFEND: ['ATTACK'],
  SPELL: ['DEFEND_SPELL'],
  DEFEND_SPELL: ['SPELL'],
  ACTION_WITH_CARD: ['ACTION_WITH_CARD', 'ACTION_WITHOUT_CARD'],
  ACTION_WITHOUT_CARD: ['ACTION_WITHOUT_CARD', 'ACTION_WITH_CARD'],
};

/** The request of a Draw: the formula of its action, with the attribute it tests. */
export function drawRequest(action: DrawAction, attribute: Attribute | undefined): DrawRequest {
  if (action === 'ACTION_WITH_CARD' || action === 'ACTION_WITHOUT_CARD') {
    if (attribute === undefined) throw new Error(`${action} needs an attribute`);
    return { action, attribute };
  }
  return { action };
}

/** The bonuses the formula of a Draw adds: what is "relevant" on a target card. */
function relevantBonuses(request: DrawRequest): Bonus[] {
  return DRAW_MODIFIER_FORMULAS[request.action].map((term) => (term === 'ATTRIBUTE' ? (request as { attribute: Attribute }).attribute : term));
}

/**
 * A Draw (enchanted-realms-cards.md, The Draw): the character draws the top card of the Adventure
 * Deck face up (it goes to the scene's discard pile) and adds the modifiers of its action, then
 * the score is compared
 * - with the Counter Draw of an opposing character (higher wins, a tie goes to the initiator; a
 *   successful ATTACK deals the difference as damage to the opponent's Health); the defender
 *   draws with the formula that answers the action (`OPPOSING_ACTION`), or with its own choice of
 *   one of `LEGAL_ANSWERS`;
 * - with the Lead Player's Draw "for the game" against a target card, adding "any relevant
 *   bonuses" of the card — those of the formula that answers the action (`OPPOSING_ACTION`, or
 *   the Lead Player's `opposingAction`) — or its Force Number when it lists none;
 * - or with a Challenge Number, met by a score at least as high.
 * A success against a Challenge Number or the game, and a Counter Draw that defeats the opposing
 * character, overcome a challenge (Rewards): it is kept under the Draw's event seq, with its
 * Force, until its rewards are given (**Decision**: a campaign keeps its latest `MAX_OVERCOME`).
 * **Decisions**: only ATTACK deals damage (the rules speak of attacks; what a spell does is the
 * Lead Player's call); Health stops at 0, and a character at 0 is defeated: it can no longer draw
 * nor be the target of a Draw. The initiator always draws first. A defeated character's Force, for
 * its rewards, is its CREATURE card's (its people's).
 */
export const makeDraw: TableRule<DrawInput, DrawResult> = (table, input, rng) => {
  const actor = adventurer(table, input.actorId);
  if (!actor.ok) return actor;
  if (actor.sheet.health <= 0) return refuse('CHARACTER_DEFEATED', 'that character is defeated (0 Health) and cannot act');

  const opponentId = input.opponent && 'characterId' in input.opponent ? input.opponent.characterId : null;
  const targetCardId = input.opponent && 'forTheGameCardId' in input.opponent ? input.opponent.forTheGameCardId : null;
  const foeId = input.opponent && 'foeId' in input.opponent ? input.opponent.foeId : null;
  const foe = foeId === null ? undefined : table.foes.find((group) => group.id === foeId);
  if (foeId !== null) {
    if (!foe) return refuse('NO_SUCH_FOE', `there is no group of foes '${foeId}' standing in the scene`);
    if (input.opposingAction !== undefined && !LEGAL_ANSWERS[input.action].includes(input.opposingAction)) {
      return refuse('NOT_AN_ANSWER', `${input.action} is answered by ${LEGAL_ANSWERS[input.action].join(' or ')}, not ${input.opposingAction}`);
    }
  }
  if (opponentId !== null) {
    if (opponentId === input.actorId) return refuse('SAME_CHARACTER', 'a character cannot oppose itself');
    const opponent = adventurer(table, opponentId);
    if (!opponent.ok) return opponent;
    if (opponent.sheet.health <= 0) return refuse('TARGET_DEFEATED', 'the opposing character is already defeated (0 Health)');
    if (input.opposingAction !== undefined && !LEGAL_ANSWERS[input.action].includes(input.opposingAction)) {
      return refuse('NOT_AN_ANSWER', `${input.action} is answered by ${LEGAL_ANSWERS[input.action].join(' or ')}, not ${input.opposingAction}`);
    }
  }
  const targetCard = targetCardId === null ? undefined : cardOf(table, targetCardId);
  if (targetCardId !== null && !targetCard) return refuse('UNKNOWN_CARD', `there is no card '${targetCardId}' in the Adventure Deck`);

  const next = copyTable(table);
  let reshuffled = false;
  const reveals: DrawRecord[] = [];
  const reveal = (): { ok: true; cardId: string } | { ok: false; violation: TableViolation } => {
    const record = drawRecord(next.piles, 1);
    const outcome = revealDraw(next.piles, rng);
    if (!outcome.ok) return refuse('NOT_ENOUGH_CARDS', `the Adventure Deck has no card left to draw: ${outcome.violation.message}`);
    reveals.push(record);
    next.piles = outcome.piles;
    reshuffled ||= outcome.reshuffled;
    return { ok: true, cardId: outcome.cardId };
  };
  const side = (
    who: { characterId: string | null; forTheGameCardId: string | null; foeId?: string | null },
    action: DrawAction | null,
    attribute: Attribute | null,
    cardId: string,
    modifiers: ModifierTerm[],
  ): DrawSide => {
    const card = cardOf(next, cardId)!;
    return { ...who, action, attribute, cardId, force: forceOf(card), modifiers, adjusted: adjustedScore(card, modifiers) };
  };
  const finish = (result: DrawResult): TableOutcome<DrawResult> => {
    if (result.overcome !== null) {
      next.overcome.push({ seq: table.nextEventSeq, force: result.overcome.force, characterIds: [input.actorId], rewarded: [] });
      // Kept until rewarded; a campaign remembers its latest challenges only.
      next.overcome = next.overcome.slice(-MAX_OVERCOME);
    }
    return { ok: true, state: next, events: [drawEvent(input, result, reveals)], result };
  };

  // The Draw, step 1 and 2: the initiator's card and modifiers (stacked before anything moves).
  const request = drawRequest(input.action, input.attribute);
  const actorModifiers = drawModifiers(stackedCharacter(table.piles, table.deck, input.actorId), request);
  const drawn = reveal();
  if (!drawn.ok) return drawn;
  const draw = side(
    { characterId: input.actorId, forTheGameCardId: null },
    input.action,
    'attribute' in request ? request.attribute : null,
    drawn.cardId,
    actorModifiers,
  );

  // Step 3: a Challenge Number, or a Counter Draw.
  if (input.challengeNumber !== undefined) {
    const challenge = resolveChallenge(draw.adjusted, input.challengeNumber);
    const given = input.challengeForce !== undefined;
    return finish({
      draw,
      counterDraw: null,
      challengeNumber: input.challengeNumber,
      success: challenge.success,
      winnerId: challenge.success ? input.actorId : null,
      margin: challenge.margin,
      damage: 0,
      targetHealth: null,
      defeated: false,
      foesLeft: null,
      reshuffled,
      overcome: challenge.success
        ? { force: given ? input.challengeForce! : input.challengeNumber, from: given ? 'CHALLENGE_FORCE' : 'CHALLENGE_NUMBER', cardId: null }
        : null,
    });
  }

  let counterDraw: DrawSide;
  if (opponentId !== null) {
    const opposingAction = input.opposingAction ?? OPPOSING_ACTION[input.action];
    const opposing = drawRequest(opposingAction, input.opposingAttribute ?? input.attribute);
    const modifiers = drawModifiers(stackedCharacter(table.piles, table.deck, opponentId), opposing);
    const counter = reveal();
    if (!counter.ok) return counter;
    counterDraw = side(
      { characterId: opponentId, forTheGameCardId: null },
      opposingAction,
      'attribute' in opposing ? opposing.attribute : null,
      counter.cardId,
      modifiers,
    );
  } else if (foe) {
    // The group draws as one creature of its card would: "the opposing side draws the same way".
    const opposingAction = input.opposingAction ?? OPPOSING_ACTION[input.action];
    const opposing = drawRequest(opposingAction, input.opposingAttribute ?? input.attribute);
    const modifiers = drawModifiers(stackCharacter([cardOf(table, foe.creatureCardId)!]), opposing);
    const counter = reveal();
    if (!counter.ok) return counter;
    counterDraw = side(
      { characterId: null, forTheGameCardId: null, foeId: foe.id },
      opposingAction,
      'attribute' in opposing ? opposing.attribute : null,
      counter.cardId,
      modifiers,
    );
  } else {
    // "Adding any relevant bonuses": those of the formula that answers the action.
    const opposingAction = input.opposingAction ?? OPPOSING_ACTION[input.action];
    const opposing = drawRequest(opposingAction, input.opposingAttribute ?? input.attribute);
    const modifiers = gameDrawModifiers(targetCard!, relevantBonuses(opposing));
    const counter = reveal();
    if (!counter.ok) return counter;
    counterDraw = side(
      { characterId: null, forTheGameCardId: targetCardId },
      opposingAction,
      'attribute' in opposing ? opposing.attribute : null,
      counter.cardId,
      modifiers,
    );
  }

  const contest = resolveContest({ initiatorScore: draw.adjusted, counterScore: counterDraw.adjusted, attack: input.action === 'ATTACK' });
  const success = contest.winner === 'INITIATOR';
  let targetHealth: number | null = null;
  let defeated = false;
  let overcome: DrawResult['overcome'] = null;
  let foesLeft: number | null = null;
  if (foe) {
    const group = next.foes.find((each) => each.id === foe.id)!;
    group.health = Math.max(0, group.health - contest.damage);
    group.count = Math.ceil(group.health / group.healthEach);
    targetHealth = group.health;
    foesLeft = group.count;
    defeated = contest.damage > 0 && group.count === 0;
    // A group whose last creature fell leaves the scene; it is overcome (Rewards) with its card's Force.
    if (defeated) {
      next.foes = next.foes.filter((each) => each.id !== foe.id);
      overcome = { force: forceOf(cardOf(table, group.creatureCardId)!), from: 'CREATURE_CARD', cardId: group.creatureCardId };
    }
  } else if (opponentId !== null) {
    const sheet = next.characters[opponentId].sheet!;
    sheet.health = Math.max(0, sheet.health - contest.damage);
    targetHealth = sheet.health;
    defeated = contest.damage > 0 && sheet.health === 0;
    if (defeated) overcome = { force: forceOf(cardOf(table, sheet.creatureCardId)!), from: 'CREATURE_CARD', cardId: sheet.creatureCardId };
  } else if (success) {
    overcome = { force: forceOf(targetCard!), from: 'TARGET_CARD', cardId: targetCardId };
  }
  return finish({
    draw,
    counterDraw,
    challengeNumber: null,
    success,
    winnerId: success ? input.actorId : opponentId,
    margin: contest.margin,
    damage: contest.damage,
    targetHealth,
    defeated,
    foesLeft,
    reshuffled,
    overcome,
  });
};

/**
 * The Draw's event: what it drew and derived, with what a verifier needs to re-derive it
 * (replay.ts): each reveal's pile counts (and the discard pile it shuffled back, face up already),
 * and the opposing character's Health before the Draw.
 */
function drawEvent(input: DrawInput, result: DrawResult, reveals: DrawRecord[]): TableEvent {
  const targetHealthBefore = result.targetHealth === null ? null : result.targetHealth + result.damage;
  return {
    type: 'enchanted-realms.draw',
    payload: {
      actorId: input.actorId,
      action: input.action,
      opponent: input.opponent ?? null,
      ...result,
      targetHealthBefore,
      reveals,
    },
  };
}

export interface CallDrawInput {
  actorId: string;
  action: DrawAction;
  attribute?: Attribute;
  challengeNumber?: number;
  forTheGameCardId?: string;
  opposingAction?: DrawAction;
  opposingAttribute?: Attribute;
  challengeForce?: number;
}

/**
 * The Lead Player calls for a Draw (enchanted-realms-cards.md, The Draw, step 3: "a Challenge
 * Number set by the Lead Player"; "the Lead Player draws for the game"): the character, its
 * action, and a Challenge Number or the target card the game draws against. The character's
 * player then makes the Draw (`answerCall`) on these terms. **Decision**: one call waits per
 * character; a new call replaces the one before.
 */
export const callDraw: TableRule<CallDrawInput, { call: CalledDraw }> = (table, input) => {
  const actor = adventurer(table, input.actorId);
  if (!actor.ok) return actor;
  if (actor.sheet.health <= 0) return refuse('CHARACTER_DEFEATED', 'that character is defeated (0 Health) and cannot act');
  if ((input.challengeNumber === undefined) === (input.forTheGameCardId === undefined)) {
    return refuse('NO_SUCH_CALL', 'a call names either a Challenge Number or a target card to draw against for the game');
  }
  if (input.forTheGameCardId !== undefined && !cardOf(table, input.forTheGameCardId)) {
    return refuse('UNKNOWN_CARD', `there is no card '${input.forTheGameCardId}' in the Adventure Deck`);
  }
  const call: CalledDraw = {
    seq: table.nextEventSeq,
    actorId: input.actorId,
    action: input.action,
    attribute: input.attribute ?? null,
    challengeNumber: input.challengeNumber ?? null,
    forTheGameCardId: input.forTheGameCardId ?? null,
    opposingAction: input.opposingAction ?? null,
    opposingAttribute: input.opposingAttribute ?? null,
    challengeForce: input.challengeForce ?? null,
  };
  const next = copyTable(table);
  next.calls = [...next.calls.filter((each) => each.actorId !== input.actorId), call];
  return { ok: true, state: next, events: [{ type: 'enchanted-realms.draw.called', payload: { ...call } }], result: { call } };
};

/**
 * A player makes the Draw the Lead Player called for (`callDraw`), on the call's terms; the call
 * is then spent.
 */
export const answerCall: TableRule<{ actorId: string; callSeq: number }, DrawResult & { callSeq: number }> = (table, input, rng) => {
  const call = table.calls.find((each) => each.seq === input.callSeq);
  if (!call || call.actorId !== input.actorId) {
    return refuse('NO_SUCH_CALL', `no Draw was called for this character at event #${input.callSeq}: ask the Lead Player`);
  }
  const drawInput: DrawInput = {
    actorId: call.actorId,
    action: call.action,
    ...(call.attribute === null ? {} : { attribute: call.attribute }),
    ...(call.challengeNumber === null
      ? {
          opponent: { forTheGameCardId: call.forTheGameCardId! },
          ...(call.opposingAction === null ? {} : { opposingAction: call.opposingAction }),
          ...(call.opposingAttribute === null ? {} : { opposingAttribute: call.opposingAttribute }),
        }
      : { challengeNumber: call.challengeNumber, ...(call.challengeForce === null ? {} : { challengeForce: call.challengeForce }) }),
  };
  const outcome = makeDraw({ ...table, calls: table.calls.filter((each) => each !== call) }, drawInput, rng);
  if (!outcome.ok) return outcome;
  const [event] = outcome.events;
  return {
    ok: true,
    state: outcome.state,
    events: [{ ...event, payload: { ...event.payload, callSeq: call.seq } }],
    result: { ...outcome.result, callSeq: call.seq },
  };
};

// ---- how many creatures -----------------------------------------------------------------------

export interface CountCreaturesInput {
  creatureCardId: string;
  draws?: number;
}

export interface CountCreaturesResult {
  creatureCardId: string;
  drawn: string[];
  forces: number[];
  sum: number;
  count: number;
  reshuffled: boolean;
}

/**
 * How many creatures appear (enchanted-realms-cards.md): `draws` cards (3 by default) drawn face
 * up onto the scene's discard pile, their Force Numbers added, divided by the creature card's
 * Force and rounded up, at least 1. The creature card itself stays where it is.
 */
export const countCreatures: TableRule<CountCreaturesInput, CountCreaturesResult> = (table, input, rng) => {
  const creature = cardOf(table, input.creatureCardId);
  if (!creature) return refuse('UNKNOWN_CARD', `there is no card '${input.creatureCardId}' in the Adventure Deck`);
  if (cardTypeOf(creature) !== 'CREATURE') {
    return refuse('NOT_A_CREATURE', `${nameOf(creature)} is ${aCardOfType(creature.type)}, not a CREATURE card`);
  }
  const draws = input.draws ?? CREATURE_COUNT_DRAWS;
  const before = table.piles.discardPile.length;
  const record = drawRecord(table.piles, draws);
  const outcome = revealCreatureCount(table.piles, table.deck, { creature, draws }, rng);
  if (!outcome.ok) return refuse(outcome.violation.reason, outcome.violation.message);
  const next = copyTable(table);
  next.piles = outcome.piles;
  const result: CountCreaturesResult = {
    creatureCardId: input.creatureCardId,
    drawn: outcome.drawn,
    forces: outcome.forces,
    sum: outcome.forces.reduce((sum, force) => sum + force, 0),
    count: outcome.count,
    // The discard pile only shrinks when it was shuffled back into an empty deck.
    reshuffled: outcome.piles.discardPile.length < before + draws,
  };
  return {
    ok: true,
    state: next,
    events: [{ type: 'enchanted-realms.creatures.counted', payload: { ...result, creatureForce: forceOf(creature), ...record } }],
    result,
  };
};

export interface AddFoesInput {
  creatureCardId: string;
  count: number;
}

/**
 * The Lead Player puts a group of foes in the scene (enchanted-realms-cards.md, How many creatures
 * appear): `count` creatures of one CREATURE card — the count `countCreatures` gave, or the Lead
 * Player's own — each with the card's Health (its HEALTH, or 10: Characters, Decision). A Draw
 * may then target the group (`opponent: { foeId }`). The card stays where it is in the deck: a
 * foe group names the card, as a count does.
 */
export const addFoes: TableRule<AddFoesInput, { foe: FoeGroup }> = (table, input) => {
  const creature = cardOf(table, input.creatureCardId);
  if (!creature) return refuse('UNKNOWN_CARD', `there is no card '${input.creatureCardId}' in the Adventure Deck`);
  if (cardTypeOf(creature) !== 'CREATURE') {
    return refuse('NOT_A_CREATURE', `${nameOf(creature)} is ${aCardOfType(creature.type)}, not a CREATURE card`);
  }
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_FOES_IN_GROUP) {
    return refuse('INVALID_COUNT', `a group of foes holds 1 to ${MAX_FOES_IN_GROUP} creatures, not ${input.count}`);
  }
  const healthEach = stackCharacter([creature]).maxHealth;
  const foe: FoeGroup = {
    id: `foe-${table.nextEventSeq}`,
    creatureCardId: creature.id,
    count: input.count,
    healthEach,
    health: healthEach * input.count,
  };
  const next = copyTable(table);
  next.foes = [...next.foes, foe];
  return { ok: true, state: next, events: [{ type: 'enchanted-realms.foes.added', payload: { ...foe } }], result: { foe } };
};

// ---- rewards --------------------------------------------------------------------------------

export interface AwardInput {
  characterId: string;
  cardId: string;
  /** The seq of the Draw's event that overcame the challenge (`DrawResult.overcome`). */
  challengeSeq: number;
  acquiredDuringEncounter: boolean;
  /** Set the card aside until the character's quest completes (`completeQuest`), instead of onto the character. */
  setAside?: boolean;
}

/**
 * A reward (enchanted-realms-cards.md, Rewards): when a creature or challenge is overcome, each
 * player involved may move one ITEM or ENHANCEMENT card from hand onto the character, of Force at
 * most the challenge's unless it is an ITEM found during the encounter. The challenge is one the
 * server saw overcome (`makeDraw` keeps it under its event's seq), with the Force it recorded;
 * one reward per character per challenge. **Decisions**: the hand is the character's own (each
 * character holds its hand, as on the platform); a card that raises maximum Health does not heal,
 * and one that lowers it caps the current Health.
 */
export const awardReward: TableRule<AwardInput, { cardId: string; maxHealth: number; challengeForce: number }> = (table, input) => {
  const character = adventurer(table, input.characterId);
  if (!character.ok) return character;
  const challenge = table.overcome.find((each) => each.seq === input.challengeSeq);
  if (!challenge) {
    return refuse('NOT_OVERCOME', `no challenge overcome at event #${input.challengeSeq} is waiting for its rewards`);
  }
  if (!challenge.characterIds.includes(input.characterId)) {
    return refuse('NOT_INVOLVED', `that character was not involved in the challenge overcome at event #${input.challengeSeq}`);
  }
  if (challenge.rewarded.includes(input.characterId)) {
    return refuse('ALREADY_REWARDED', `that character already took its reward for the challenge overcome at event #${input.challengeSeq}`);
  }
  const outcome = awardCard(table.piles, table.deck, {
    holderId: input.characterId,
    characterId: input.characterId,
    cardId: input.cardId,
    challengeForce: challenge.force,
    acquiredDuringEncounter: input.acquiredDuringEncounter,
    setAside: input.setAside === true,
  });
  if (!outcome.ok) return refuse(outcome.violation.reason, outcome.violation.message);
  const next = copyTable(table);
  next.piles = outcome.piles;
  const rewarded = [...challenge.rewarded, input.characterId];
  next.overcome = next.overcome.flatMap((each) => {
    if (each.seq !== challenge.seq) return [each];
    // Once everyone involved has their reward the challenge is done with.
    return rewarded.length >= each.characterIds.length ? [] : [{ ...each, rewarded }];
  });
  const { maxHealth } = stackedCharacter(next.piles, next.deck, input.characterId);
  const sheet = next.characters[input.characterId].sheet!;
  sheet.health = Math.min(sheet.health, maxHealth);
  const card = cardOf(table, input.cardId)!;
  return {
    ok: true,
    state: next,
    events: [
      {
        type: 'enchanted-realms.card.awarded',
        payload: {
          characterId: input.characterId,
          cardId: input.cardId,
          cardType: cardTypeOf(card) ?? null,
          force: forceOf(card),
          challengeSeq: challenge.seq,
          challengeForce: challenge.force,
          acquiredDuringEncounter: input.acquiredDuringEncounter,
          setAside: input.setAside === true,
          maxHealth,
        },
      },
    ],
    result: { cardId: input.cardId, maxHealth, challengeForce: challenge.force },
  };
};

/**
 * A quest completes (enchanted-realms-cards.md, Rewards: "cards may be set aside and awarded when
 * the quest completes"): the character's rewards set aside go onto it, in the order they were
 * set aside. Health is capped at the new maximum, as with any reward.
 */
export const completeQuest: TableRule<{ characterId: string }, { cardIds: string[]; maxHealth: number }> = (table, input) => {
  const character = adventurer(table, input.characterId);
  if (!character.ok) return character;
  const cardIds = table.piles.hands[asideHolder(input.characterId)] ?? [];
  if (cardIds.length === 0) return refuse('NOTHING_SET_ASIDE', 'no reward was set aside for that character');
  const next = copyTable(table);
  next.piles = moveCheckedCards(next.piles, cardIds, tableHolder(input.characterId));
  delete next.piles.hands[asideHolder(input.characterId)];
  const { maxHealth } = stackedCharacter(next.piles, next.deck, input.characterId);
  const sheet = next.characters[input.characterId].sheet!;
  sheet.health = Math.min(sheet.health, maxHealth);
  return {
    ok: true,
    state: next,
    events: [{ type: 'enchanted-realms.quest.completed', payload: { characterId: input.characterId, cardIds: [...cardIds], maxHealth } }],
    result: { cardIds: [...cardIds], maxHealth },
  };
};

// ---- barter ---------------------------------------------------------------------------------

export interface BarterInput {
  /** The character whose hand gives `give` and receives `take`. */
  from: string;
  /** The other character, or null for the Lead Player. */
  to: string | null;
  give: string[];
  take: string[];
  /** The sides (character ids) the caller accepts the trade for: the GM speaks for both. */
  acceptedBy: string[];
}

export interface BarterResult {
  completed: boolean;
  withLeadPlayer: boolean;
  /** The Force of what `from` gives, and of what it receives. */
  giveWorth: number;
  takeWorth: number;
  /** giveWorth − takeWorth. */
  balance: number;
  /** The character whose player has yet to accept, while the trade waits. */
  awaitingCharacterId: string | null;
}

const sameCards = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && [...a].sort().every((id, index) => id === [...b].sort()[index]);

/**
 * The first reason an offer between characters cannot stand, checking the hands only of the sides
 * that accept it now: the cards a side is asked for are checked when that side accepts, so that
 * an offer never tells a player what another player holds.
 */
function offerProblem(
  table: EnchantedRealmsTable,
  sides: ReadonlyArray<{ characterId: string; gives: readonly string[]; accepts: boolean; caller: boolean }>,
): { ok: false; violation: TableViolation } | undefined {
  const all = sides.flatMap((side) => side.gives);
  if (all.length === 0) return refuse('NOTHING_TRADED', 'at least one item has to change hands');
  const duplicate = all.find((id, index) => all.indexOf(id) !== index);
  if (duplicate !== undefined) return refuse('DUPLICATE_CARD', `card '${duplicate}' is listed more than once`);
  for (const id of all) {
    const card = cardOf(table, id);
    if (!card) return refuse('UNKNOWN_CARD', `there is no card '${id}' in the Adventure Deck`);
    if (cardTypeOf(card) !== 'ITEM') return refuse('NOT_AN_ITEM', `only ITEM cards can be bartered: ${nameOf(card)} is not an item`);
  }
  for (const side of sides.filter((candidate) => candidate.accepts)) {
    const notHeld = side.gives.find((id) => !(table.piles.hands[side.characterId] ?? []).includes(id));
    if (notHeld === undefined) continue;
    return side.caller
      ? refuse('CARD_NOT_IN_YOUR_HAND', `card '${notHeld}' is not in your hand to trade`)
      : refuse('CARD_NOT_THEIRS', `card '${notHeld}' is no longer in the other character's hand`);
  }
  return undefined;
}

/**
 * Barter (enchanted-realms-cards.md, Barter): ITEM cards change hands, their Force Number being
 * their worth.
 * - With the Lead Player (`to` null): it goes through when the Force offered is at least the Force
 *   asked. The Lead Player's hand is the GM's (the service lets only the GM make these trades, as
 *   the Lead Player's side of them).
 * - Between two characters: it needs both sides to accept. **Decision**: a side accepts by calling
 *   with the same terms (either way round); the GM accepts for both, and a player who plays both
 *   characters for both. Until then the offer waits, one per pair of characters; new terms
 *   replace the old and need both acceptances again. The balance is reported to both.
 * Only cards in hands trade: cards on a character's table are in play.
 */
export const barter: TableRule<BarterInput, BarterResult> = (table, input) => {
  const from = adventurer(table, input.from);
  if (!from.ok) return from;
  const worth = (ids: readonly string[]) => itemWorth(ids.flatMap((id) => cardOf(table, id) ?? []));

  if (input.to === null) {
    const outcome = barterWithLeadPlayer(table.piles, table.deck, {
      holderId: input.from,
      leadHolderId: LEAD_PLAYER,
      offered: input.give,
      asked: input.take,
    });
    if (!outcome.ok) return refuse(outcome.violation.reason, outcome.violation.message);
    const next = copyTable(table);
    next.piles = outcome.piles;
    const result: BarterResult = {
      completed: true,
      withLeadPlayer: true,
      giveWorth: outcome.offeredWorth,
      takeWorth: outcome.askedWorth,
      balance: outcome.offeredWorth - outcome.askedWorth,
      awaitingCharacterId: null,
    };
    return { ok: true, state: next, events: [tradedEvent(table, input, result)], result };
  }

  if (input.to === input.from) return refuse('SAME_HOLDER', 'a trade needs two different sides');
  const to = adventurer(table, input.to);
  if (!to.ok) return to;

  const [first, second] = [input.from, input.to].sort();
  const gives: Record<string, string[]> = { [input.from]: input.give, [input.to]: input.take };
  const pending = table.offers.find((offer) => offer.first === first && offer.second === second);
  const sameTerms = pending !== undefined && sameCards(pending.firstGives, gives[first]) && sameCards(pending.secondGives, gives[second]);
  const acceptedBefore = sameTerms ? pending.acceptedBy : [];
  const newlyAccepted = input.acceptedBy.filter((side) => !acceptedBefore.includes(side));
  const acceptedBy = [...acceptedBefore, ...newlyAccepted];
  const problem = offerProblem(table, [
    { characterId: input.from, gives: input.give, accepts: acceptedBy.includes(input.from), caller: input.acceptedBy.includes(input.from) },
    { characterId: input.to, gives: input.take, accepts: acceptedBy.includes(input.to), caller: input.acceptedBy.includes(input.to) },
  ]);
  if (problem) return problem;
  if (sameTerms && newlyAccepted.length === 0) {
    return refuse('ALREADY_ACCEPTED', 'you already accepted this trade: it waits for the other player');
  }

  const next = copyTable(table);
  next.offers = next.offers.filter((offer) => !(offer.first === first && offer.second === second));
  const base = { withLeadPlayer: false, giveWorth: worth(input.give), takeWorth: worth(input.take) };
  const balance = base.giveWorth - base.takeWorth;

  if (acceptedBy.includes(input.from) && acceptedBy.includes(input.to)) {
    const traded = barterBetweenCharacters(table.piles, table.deck, {
      first: { holderId: input.from, gives: input.give, accepts: true },
      second: { holderId: input.to, gives: input.take, accepts: true },
    });
    if (!traded.ok) return refuse(traded.violation.reason, traded.violation.message);
    next.piles = traded.piles;
    const result: BarterResult = { ...base, completed: true, balance, awaitingCharacterId: null };
    return { ok: true, state: next, events: [tradedEvent(table, input, result)], result };
  }
  next.offers.push({ first, second, firstGives: [...gives[first]], secondGives: [...gives[second]], acceptedBy });
  const awaiting = acceptedBy.includes(input.from) ? input.to : input.from;
  const result: BarterResult = { ...base, completed: false, balance, awaitingCharacterId: awaiting };
  return {
    ok: true,
    state: next,
    events: [
      {
        type: 'enchanted-realms.barter.offered',
        payload: { from: input.from, to: input.to, giveCount: input.give.length, takeCount: input.take.length, awaitingCharacterId: awaiting },
        // The cards are in hands: only the player who has to decide (and the GM) sees them.
        secret: { give: input.give, take: input.take, giveWorth: base.giveWorth, takeWorth: base.takeWorth, balance },
        secretFor: awaiting,
      },
    ],
    result,
  };
};

function tradedEvent(table: EnchantedRealmsTable, input: BarterInput, result: BarterResult): TableEvent {
  // Cards went into hands: their ids are secret. `from`'s player learns them from the log; the
  // other side (the accepting player, or the Lead Player) knows them from their own call.
  const secretFor = input.acceptedBy.includes(input.from) && input.to !== null && !input.acceptedBy.includes(input.to) ? input.to : input.from;
  return {
    type: 'enchanted-realms.barter.traded',
    payload: { from: input.from, to: input.to, withLeadPlayer: result.withLeadPlayer, giveCount: input.give.length, takeCount: input.take.length },
    secret: { give: input.give, take: input.take, giveWorth: result.giveWorth, takeWorth: result.takeWorth, balance: result.balance },
    secretFor,
  };
}

// ---- worlds ---------------------------------------------------------------------------------

const UNDER_HOLDER_PREFIX = 'under:';

/**
 * The pile holder of the SUPPORT cards under a WORLD card on the table: face down, so only the
 * Lead Player (the GM) sees which cards they are; how many is public, as under a real card.
 */
export function supportHolder(worldCardId: string): string {
  return `${UNDER_HOLDER_PREFIX}${worldCardId}`;
}

/** The WORLD cards on the shared table with SUPPORT cards still under them. */
export function worldsWithSupport(piles: DeckPiles): string[] {
  return piles.table.filter((id) => (piles.hands[supportHolder(id)] ?? []).length > 0);
}

export interface LayWorldInput {
  worldCardId: string;
  /** SUPPORT cards to put under the WORLD card, face down. */
  supportCardIds: string[];
}

export interface LayWorldResult {
  worldCardId: string;
  /** How many SUPPORT cards this move put under it, and how many lie under it now. */
  supportLaid: number;
  supportCount: number;
}

/**
 * The Lead Player lays out the world (enchanted-realms-cards.md, Hands: "When the characters move
 * to a WORLD card, SUPPORT cards under it go to the Lead Player's hand"; Cards: WORLD and SUPPORT
 * are card types). **Decisions**: the WORLD card goes face up onto the shared table and the SUPPORT
 * cards face down under it (`supportHolder`); both come from the Lead Player's hand or from
 * wherever a card lies unclaimed (the draw pile, the scene's discard pile, the shared table), as a
 * new character's cards do. Naming a WORLD card already on the table puts more SUPPORT cards under
 * it. The SUPPORT cards' ids are the GM's secret; their count is public.
 */
export const layWorld: TableRule<LayWorldInput, LayWorldResult> = (table, input) => {
  const world = cardOf(table, input.worldCardId);
  if (!world) return refuse('UNKNOWN_CARD', `there is no card '${input.worldCardId}' in the Adventure Deck`);
  if (cardTypeOf(world) !== 'WORLD') return refuse('NOT_A_WORLD', `${nameOf(world)} is ${aCardOfType(world.type)}, not a WORLD card`);
  const duplicate = input.supportCardIds.find((id, index) => input.supportCardIds.indexOf(id) !== index);
  if (duplicate !== undefined) return refuse('DUPLICATE_CARD', `card '${duplicate}' is listed more than once`);
  for (const id of input.supportCardIds) {
    const card = cardOf(table, id);
    if (!card) return refuse('UNKNOWN_CARD', `there is no card '${id}' in the Adventure Deck`);
    if (cardTypeOf(card) !== 'SUPPORT') return refuse('NOT_A_SUPPORT', `${nameOf(card)} is ${aCardOfType(card.type)}, not a SUPPORT card`);
  }
  const { piles } = table;
  const laid = piles.table.includes(world.id);
  if (laid && input.supportCardIds.length === 0) return refuse('NOTHING_LAID', `${nameOf(world)} is on the table already: name the SUPPORT cards to put under it`);
  const lead = piles.hands[LEAD_PLAYER] ?? [];
  const unclaimed = (id: string) => lead.includes(id) || piles.drawPile.includes(id) || piles.discardPile.includes(id) || piles.table.includes(id);
  const notAvailable = [...(laid ? [] : [world.id]), ...input.supportCardIds].find((id) => !unclaimed(id));
  if (notAvailable !== undefined) {
    return refuse('CARD_NOT_AVAILABLE', `'${notAvailable}' is held by a player, on a character or under another WORLD card: choose another card`);
  }
  const next = copyTable(table);
  const taking = new Set([...(laid ? [] : [world.id]), ...input.supportCardIds]);
  const without = (ids: string[]) => ids.filter((id) => !taking.has(id));
  const after = next.piles;
  after.drawPile = without(after.drawPile);
  after.discardPile = without(after.discardPile);
  after.table = laid ? without(after.table) : [...without(after.table), world.id];
  if (after.hands[LEAD_PLAYER]) after.hands[LEAD_PLAYER] = without(after.hands[LEAD_PLAYER]);
  const under = [...(after.hands[supportHolder(world.id)] ?? []), ...input.supportCardIds];
  if (under.length > 0) after.hands[supportHolder(world.id)] = under;
  const result: LayWorldResult = { worldCardId: world.id, supportLaid: input.supportCardIds.length, supportCount: under.length };
  return {
    ok: true,
    state: next,
    events: [
      {
        type: 'enchanted-realms.world.laid',
        payload: { ...result },
        // Face down: which SUPPORT cards lie under the WORLD card is the Lead Player's.
        secret: { supportCardIds: [...input.supportCardIds] },
        secretFor: null,
      },
    ],
    result,
  };
};

export interface ReachWorldInput {
  worldCardId: string;
  /** The cards the Lead Player gives back when the hand goes over 5: exactly the excess; the newest by default. */
  returns?: string[];
}

export interface ReachWorldResult {
  worldCardId: string;
  /** The SUPPORT cards that went to the Lead Player's hand: the GM's to read, never in the event's payload. */
  supportCardIds: string[];
  /** How many SUPPORT cards went from under the WORLD card to the Lead Player's hand. */
  supportCount: number;
  leadHandCount: number;
  /** How many cards the Lead Player gave back to the bottom of the Adventure Deck to hold 5. */
  leadReturned: number;
}

/**
 * The characters move to a WORLD card (enchanted-realms-cards.md, Hands): the SUPPORT cards under
 * it go to the Lead Player's hand. **Decisions**: the WORLD card stays on the table, where the
 * characters now are. "The Lead Player holds at most 5 cards" is a standing limit: a hand the
 * SUPPORT cards take over 5 gives back the excess in the same move — the cards the Lead Player
 * names, or the newest — to the bottom of the Adventure Deck, as a RECONCILE does. One event, whose
 * card ids only the GM reads.
 */
export const reachWorld: TableRule<ReachWorldInput, ReachWorldResult> = (table, input) => {
  const world = cardOf(table, input.worldCardId);
  if (!world) return refuse('UNKNOWN_CARD', `there is no card '${input.worldCardId}' in the Adventure Deck`);
  if (cardTypeOf(world) !== 'WORLD') return refuse('NOT_A_WORLD', `${nameOf(world)} is ${aCardOfType(world.type)}, not a WORLD card`);
  if (!table.piles.table.includes(world.id)) {
    return refuse('WORLD_NOT_LAID', `${nameOf(world)} is not on the table: lay it with enchantedRealmsLayWorld first`);
  }
  const support = table.piles.hands[supportHolder(world.id)] ?? [];
  const hand = [...(table.piles.hands[LEAD_PLAYER] ?? []), ...support];
  const excess = Math.max(0, hand.length - HAND_SIZE);
  let returned = hand.slice(hand.length - excess);
  if (input.returns !== undefined) {
    if (input.returns.length !== excess || new Set(input.returns).size !== input.returns.length) {
      return refuse('WRONG_RETURN', `the Lead Player's hand will hold ${hand.length} cards and gives back exactly ${excess}`);
    }
    const notHeld = input.returns.find((id) => !hand.includes(id));
    if (notHeld !== undefined) return refuse('CARD_NOT_IN_YOUR_HAND', `card '${notHeld}' is not in the Lead Player's hand, nor under ${nameOf(world)}`);
    returned = [...input.returns];
  }
  const next = copyTable(table);
  if (support.length > 0) next.piles = moveCheckedCards(next.piles, support, LEAD_PLAYER);
  delete next.piles.hands[supportHolder(world.id)];
  if (returned.length > 0) {
    const moved = moveCards(next.piles, returned, { kind: 'DRAW_PILE_BOTTOM' });
    if (!moved.ok) throw new Error(`a checked return was refused: ${moved.violation.message}`);
    next.piles = moved.piles;
  }
  const counts = { supportCount: support.length, leadHandCount: next.piles.hands[LEAD_PLAYER]?.length ?? 0, leadReturned: returned.length };
  return {
    ok: true,
    state: next,
    events: [{ type: 'enchanted-realms.world.reached', payload: { worldCardId: world.id, ...counts }, secret: { cardIds: [...support], returned }, secretFor: null }],
    result: { worldCardId: world.id, supportCardIds: [...support], ...counts },
  };
};

// ---- reconcile ------------------------------------------------------------------------------

export interface ReconcileInput {
  /** Cards given back by hands over 5, by holder (a character id, or `LEAD_PLAYER`); the newest go back by default. */
  returns?: Record<string, string[]>;
  /** The scene ends first: its discard pile and the shared table are shuffled back into the Adventure Deck. */
  endScene?: boolean;
}

export interface ReconciledHand {
  characterId: string;
  count: number;
  drawn: number;
  returned: number;
}

export interface ReconcileResult {
  /** Whether the scene ended first (its discard pile and table shuffled back into the deck). */
  sceneEnded: boolean;
  hands: ReconciledHand[];
  leadHandCount: number;
  leadReturned: number;
  /** With the scene's end: the groups of foes that left the scene with it. */
  foesCleared: string[];
  /** With the scene's end: the WORLD cards that stay laid out, SUPPORT cards still under them. */
  worldsKept: string[];
}

/**
 * RECONCILE (enchanted-realms-cards.md, Hands): every player's hand back to exactly 5 cards, the
 * Lead Player's to at most 5. **Decision**: the players' hands are those of the player characters
 * of this ruleset (one hand per character, the platform's model), in the order they were created;
 * NPCs are the Lead Player's and hold no hand of their own. Each hand that draws gets its own
 * event, whose card ids only its player (and the GM) can read. With `endScene` the scene ends
 * first, in the same move (The Draw, Temporary discard pile: the scene's cards are shuffled back
 * when it ends), then the hands are reconciled from the shuffled deck. **Decisions** for the end
 * of a scene: the groups of foes standing leave with it (they appeared in the scene: How many
 * creatures appear), without being overcome, so they give no reward; a WORLD card with SUPPORT
 * cards still under it stays laid out on the table (`layWorld`: the characters have yet to move
 * there), while the rest of the table goes back into the deck.
 */
export const reconcile: TableRule<ReconcileInput, ReconcileResult> = (table, input, rng) => {
  const players = Object.entries(table.characters)
    .filter(([, character]) => character.sheet !== null && character.memberId !== null)
    .map(([id]) => id);
  const request = { players, leadPlayer: LEAD_PLAYER, returns: input.returns };
  // The WORLD cards the characters have yet to reach stay laid out, their SUPPORT cards under them.
  const worldsKept = input.endScene ? worldsWithSupport(table.piles) : [];
  const scenePiles = { ...table.piles, table: table.piles.table.filter((id) => !worldsKept.includes(id)) };
  const outcome = input.endScene ? endScene(scenePiles, request, rng) : reconcileHands(table.piles, request, rng);
  if (!outcome.ok) return refuse(outcome.violation.reason, outcome.violation.message);
  // The cards a scene's end shuffled back: the draw pile, the scene's discard pile and the table.
  const shuffledBack = input.endScene ? scenePiles.drawPile.length + scenePiles.discardPile.length + scenePiles.table.length : null;
  const next = copyTable(table);
  next.piles = input.endScene ? { ...outcome.piles, table: [...worldsKept, ...outcome.piles.table] } : outcome.piles;
  // The foes appeared in the scene (How many creatures appear): they leave with it, not overcome.
  const foesCleared = input.endScene ? table.foes.map((foe) => foe.id) : [];
  if (input.endScene) next.foes = [];
  const count = (holder: string) => (outcome.drawn[holder] ?? []).length;
  const hands = players.map((characterId) => ({
    characterId,
    count: next.piles.hands[characterId]?.length ?? 0,
    drawn: count(characterId),
    returned: (outcome.returned[characterId] ?? []).length,
  }));
  const result: ReconcileResult = {
    sceneEnded: shuffledBack !== null,
    hands,
    leadHandCount: next.piles.hands[LEAD_PLAYER]?.length ?? 0,
    leadReturned: (outcome.returned[LEAD_PLAYER] ?? []).length,
    foesCleared,
    worldsKept,
  };
  const events: TableEvent[] = [
    {
      type: 'enchanted-realms.hands.reconciled',
      payload: {
        hands,
        leadHandCount: result.leadHandCount,
        leadReturned: result.leadReturned,
        sceneEnded: shuffledBack !== null,
        shuffledBack,
        worldsKept,
        foesCleared,
        // Each hand's draw, for a verifier: the piles before it (the discard pile is face up).
        draws: players.filter((characterId) => outcome.records[characterId]).map((characterId) => ({ characterId, ...outcome.records[characterId] })),
      },
      secret: { drawn: outcome.drawn, returned: outcome.returned },
      secretFor: null,
    },
    ...players
      .filter((characterId) => count(characterId) > 0)
      .map((characterId) => ({
        type: 'enchanted-realms.hand.dealt',
        payload: { characterId, count: count(characterId) },
        secret: { cardIds: outcome.drawn[characterId] },
        secretFor: characterId,
      })),
  ];
  return { ok: true, state: next, events, result };
};

// ---- the campaign's start -------------------------------------------------------------------

/**
 * The Lead Player's starting hand: the top 5 cards of the new Adventure Deck (**Decision**: the
 * Lead Player holds at most 5 and never draws at a RECONCILE, so they are dealt at the start; a
 * deck of fewer than 20 cards deals a quarter of itself, so that there is still a deck to play).
 */
export function dealLeadHand(piles: DeckPiles, rng: Rng): { piles: DeckPiles; cardIds: string[] } {
  const count = Math.min(HAND_SIZE, Math.floor(piles.drawPile.length / 4));
  if (count === 0) return { piles, cardIds: [] };
  const outcome = drawCards(piles, { count, from: 'TOP', to: { kind: 'HAND', holderId: LEAD_PLAYER } }, rng);
  if (!outcome.ok) throw new Error(`the Lead Player's hand could not be dealt: ${outcome.violation.message}`);
  return { piles: outcome.piles, cardIds: outcome.drawn };
}
