/**
 * Replaying Enchanted Realms (cards) events (src/rules/kernel/replay.ts; DESIGN.md, Randomness):
 * each replayer re-derives what its event says it derived — the card a reshuffle put on top,
 * Adjusted Draw Scores, the winner, the margin, the damage and Health, what was overcome and its
 * Force, the creatures' count, a reward's Force limit, the hands a RECONCILE filled — from the
 * event's public payload and the mutation's stream, taking the randomness in the order the rule
 * did, and names every field that does not follow.
 *
 * The only randomness of the ruleset is shuffling: the Adventure Deck at set-up (a `deck.created`
 * event, replayed by the verifier itself) and the scene's discard pile when the deck runs out
 * mid-draw. What a public payload cannot tell: which card a draw took from the top of the draw
 * pile without a reshuffle (its order is secret; it follows from the set-up's shuffle and the
 * events since), a drawn card's Force Number (the deck's data, as recorded), and the cards drawn
 * into a hand (in the event's secret, checked by whoever holds it).
 */
import { differs, type Replayer, nothingToReplay, replayer } from '../kernel/replay.js';
import { shuffle } from '../random/random-stream.js';
import { creatureCount } from './creatures.js';
import { DRAW_MODIFIER_FORMULAS, type DrawAction, type DrawRecord, type ModifierTerm, replayDrawRecord, resolveChallenge, resolveContest } from './draw.js';
import { HAND_SIZE } from './reconcile.js';
import { type DrawResult, type DrawSide, LEGAL_ANSWERS } from './table.js';

/** The piles after a draw of `count` cards onto the discard pile, as `drawCards` leaves them. */
function afterDrawToDiscard(record: DrawRecord, count: number): { drawPileCount: number; discardPileCount: number } {
  if (record.reshuffledFrom === null) return { drawPileCount: record.drawPileCount - count, discardPileCount: record.discardPileCount + count };
  // The discard pile became the draw pile; the cards drawn lie on the emptied discard pile.
  return { drawPileCount: record.drawPileCount + record.discardPileCount - count, discardPileCount: count };
}

/** A side's terms must be its formula's, term by term; its score the card's Force plus their sum. */
function sideProblems(field: string, side: DrawSide): string[] {
  const problems: string[] = [];
  const sum = side.modifiers.reduce((total: number, term: ModifierTerm) => total + term.value, 0);
  if (side.adjusted !== side.force + sum) problems.push(differs(`${field}.adjusted`, side.adjusted, side.force + sum));
  if (side.characterId !== null && side.action !== null) {
    const terms = DRAW_MODIFIER_FORMULAS[side.action].map((term) => (term === 'ATTRIBUTE' ? side.attribute : term));
    const recorded = side.modifiers.map((term) => term.term);
    if (JSON.stringify(recorded) !== JSON.stringify(terms)) problems.push(differs(`${field}.modifiers' terms`, recorded, terms));
  }
  return problems;
}

interface DrawPayload extends DrawResult {
  actorId: string;
  action: DrawAction;
  opponent: { characterId: string } | { forTheGameCardId: string } | { foeId: string } | null;
  targetHealthBefore: number | null;
  reveals: DrawRecord[];
}

/** `enchanted-realms.draw`: each reveal's reshuffle, the scores, the winner, the margin, the damage, what was overcome. */
const replayTheDraw = replayer<DrawPayload>((payload, rng) => {
  const problems: string[] = [];
  const sides = payload.counterDraw === null ? [payload.draw] : [payload.draw, payload.counterDraw];
  if (payload.reveals.length !== sides.length) return [`reveals lists ${payload.reveals.length} draws, but the Draw made ${sides.length}`];
  payload.reveals.forEach((record, index) => {
    if (index > 0) {
      const expected = afterDrawToDiscard(payload.reveals[index - 1], 1);
      if (record.drawPileCount !== expected.drawPileCount || record.discardPileCount !== expected.discardPileCount) {
        problems.push(differs(`reveals[${index}]`, { drawPileCount: record.drawPileCount, discardPileCount: record.discardPileCount }, expected));
      }
    }
    const replayed = replayDrawRecord(record, 1, rng);
    problems.push(...replayed.problems.map((problem) => `reveals[${index}]: ${problem}`));
    const [onTop] = replayed.drawnAfterReshuffle;
    const field = index === 0 ? 'draw' : 'counterDraw';
    if (onTop !== undefined && onTop !== sides[index].cardId) problems.push(differs(`${field}.cardId`, sides[index].cardId, onTop));
  });
  const reshuffled = payload.reveals.some((record) => record.reshuffledFrom !== null);
  if (payload.reshuffled !== reshuffled) problems.push(differs('reshuffled', payload.reshuffled, reshuffled));
  problems.push(...sideProblems('draw', payload.draw));
  if (payload.draw.characterId !== payload.actorId) problems.push(differs('draw.characterId', payload.draw.characterId, payload.actorId));

  if (payload.counterDraw === null) {
    if (payload.challengeNumber === null) return [...problems, 'the Draw has neither a Counter Draw nor a Challenge Number'];
    const challenge = resolveChallenge(payload.draw.adjusted, payload.challengeNumber);
    const derived = { success: challenge.success, margin: challenge.margin, winnerId: challenge.success ? payload.actorId : null, damage: 0, defeated: false };
    for (const [key, value] of Object.entries(derived)) if (payload[key as keyof DrawPayload] !== value) problems.push(differs(key, payload[key as keyof DrawPayload], value));
    if (challenge.success !== (payload.overcome !== null)) problems.push(differs('overcome', payload.overcome, challenge.success ? 'the challenge overcome' : null));
    if (payload.overcome?.from === 'CHALLENGE_NUMBER' && payload.overcome.force !== payload.challengeNumber) {
      problems.push(differs('overcome.force', payload.overcome.force, payload.challengeNumber));
    }
    return problems;
  }

  const counter = payload.counterDraw;
  problems.push(...sideProblems('counterDraw', counter));
  const againstFoes = payload.opponent !== null && 'foeId' in payload.opponent;
  if ((counter.characterId !== null || againstFoes) && counter.action !== null && !LEGAL_ANSWERS[payload.action].includes(counter.action)) {
    problems.push(`counterDraw.action is ${counter.action}, which does not answer ${payload.action}`);
  }
  const contest = resolveContest({ initiatorScore: payload.draw.adjusted, counterScore: counter.adjusted, attack: payload.action === 'ATTACK' });
  const success = contest.winner === 'INITIATOR';
  const derived: Partial<DrawPayload> = { success, margin: contest.margin, damage: contest.damage, winnerId: success ? payload.actorId : counter.characterId };
  if ((counter.characterId !== null || againstFoes) && payload.targetHealthBefore !== null) {
    derived.targetHealth = Math.max(0, payload.targetHealthBefore - contest.damage);
    derived.defeated = contest.damage > 0 && derived.targetHealth === 0;
  }
  for (const [key, value] of Object.entries(derived)) if (payload[key as keyof DrawPayload] !== value) problems.push(differs(key, payload[key as keyof DrawPayload], value));
  const overcame = counter.characterId === null && !againstFoes ? success : payload.defeated;
  if (overcame !== (payload.overcome !== null)) problems.push(differs('overcome', payload.overcome, overcame ? 'the challenge overcome' : null));
  const gameForce = counter.modifiers.length === 1 && counter.modifiers[0].term === 'FORCE' ? counter.modifiers[0].value : undefined;
  if (payload.overcome?.from === 'TARGET_CARD' && gameForce !== undefined && payload.overcome.force !== gameForce) {
    problems.push(differs('overcome.force', payload.overcome.force, gameForce));
  }
  return problems;
});

interface CalledPayload {
  challengeNumber: number | null;
  forTheGameCardId: string | null;
}

/** `enchanted-realms.draw.called`: exactly one of a Challenge Number and a target card. No randomness. */
const replayCalled = replayer<CalledPayload>((payload) =>
  (payload.challengeNumber === null) === (payload.forTheGameCardId === null) ? ['a call names exactly one of a Challenge Number and a target card'] : [],
);

interface CountedPayload extends DrawRecord {
  drawn: string[];
  forces: number[];
  sum: number;
  count: number;
  creatureForce: number;
  reshuffled: boolean;
}

/** `enchanted-realms.creatures.counted`: the reshuffle's cards, the sum, the count. */
const replayCounted = replayer<CountedPayload>((payload, rng) => {
  const replayed = replayDrawRecord(payload, payload.drawn.length, rng);
  const problems = [...replayed.problems];
  const afterReshuffle = payload.drawn.slice(Math.min(payload.drawn.length, payload.drawPileCount));
  if (replayed.drawnAfterReshuffle.length > 0 && JSON.stringify(afterReshuffle) !== JSON.stringify(replayed.drawnAfterReshuffle)) {
    problems.push(differs(`drawn[${payload.drawPileCount}…]`, afterReshuffle, replayed.drawnAfterReshuffle));
  }
  if (payload.forces.length !== payload.drawn.length) problems.push(`forces lists ${payload.forces.length}, but ${payload.drawn.length} cards were drawn`);
  const sum = payload.forces.reduce((total, force) => total + force, 0);
  if (payload.sum !== sum) problems.push(differs('sum', payload.sum, sum));
  const count = creatureCount(payload.forces, payload.creatureForce);
  if (payload.count !== count) problems.push(differs('count', payload.count, count));
  if (payload.reshuffled !== (payload.reshuffledFrom !== null)) problems.push(differs('reshuffled', payload.reshuffled, payload.reshuffledFrom !== null));
  return problems;
});

interface AwardedPayload {
  cardType: string | null;
  force: number;
  challengeForce: number;
  acquiredDuringEncounter: boolean;
}

/** `enchanted-realms.card.awarded`: an ITEM or ENHANCEMENT, of Force at most the challenge's unless an ITEM found in the encounter. */
const replayAwarded = replayer<AwardedPayload>((payload) => {
  const problems: string[] = [];
  if (payload.cardType !== 'ITEM' && payload.cardType !== 'ENHANCEMENT') problems.push(`cardType is ${JSON.stringify(payload.cardType)}: only ITEM and ENHANCEMENT cards are rewards`);
  const exempt = payload.cardType === 'ITEM' && payload.acquiredDuringEncounter;
  if (!exempt && payload.force > payload.challengeForce) problems.push(`a Force ${payload.force} card rewards a Force ${payload.challengeForce} challenge`);
  return problems;
});

interface ReconciledPayload {
  hands: Array<{ characterId: string; count: number; drawn: number; returned: number }>;
  draws: Array<DrawRecord & { characterId: string }>;
  sceneEnded?: boolean;
  shuffledBack?: number | null;
}

/** `enchanted-realms.hands.reconciled`: every player's hand at 5; each hand's draw, reshuffles taken as the rule took them. */
const replayReconciled = replayer<ReconciledPayload>((payload, rng) => {
  const problems: string[] = [];
  if (payload.sceneEnded) {
    // The scene's end shuffled the deck, whose order is secret: its randomness is taken on as many
    // cards, which is all a shuffle's randomness depends on.
    const count = payload.shuffledBack ?? 0;
    shuffle(Array.from({ length: count }, (_, index) => index), rng);
    const first = payload.draws[0];
    if (first && first.discardPileCount !== 0) problems.push(differs('draws[0].discardPileCount', first.discardPileCount, 0));
  }
  for (const hand of payload.hands) {
    if (hand.count !== HAND_SIZE) problems.push(differs(`hands[${hand.characterId}].count`, hand.count, HAND_SIZE));
    if (hand.drawn > 0 && hand.returned > 0) problems.push(`hands[${hand.characterId}] both drew and gave back cards`);
  }
  const drawing = payload.hands.filter((hand) => hand.drawn > 0);
  if (drawing.map((hand) => hand.characterId).join() !== payload.draws.map((draw) => draw.characterId).join()) {
    problems.push(differs('draws', payload.draws.map((draw) => draw.characterId), drawing.map((hand) => hand.characterId)));
    return problems;
  }
  // Hands fill in order, from the same piles: each draw starts where the one before left them.
  let expected: { drawPileCount: number; discardPileCount: number } | undefined;
  drawing.forEach((hand, index) => {
    const record = payload.draws[index];
    if (expected && (record.drawPileCount !== expected.drawPileCount || record.discardPileCount !== expected.discardPileCount)) {
      problems.push(differs(`draws[${index}]`, { drawPileCount: record.drawPileCount, discardPileCount: record.discardPileCount }, expected));
    }
    problems.push(...replayDrawRecord(record, hand.drawn, rng).problems.map((problem) => `draws[${index}]: ${problem}`));
    expected =
      record.reshuffledFrom === null
        ? { drawPileCount: record.drawPileCount - hand.drawn, discardPileCount: record.discardPileCount }
        : { drawPileCount: record.drawPileCount + record.discardPileCount - hand.drawn, discardPileCount: 0 };
  });
  return problems;
});

interface LeadHandPayload {
  count: number;
  drawPileCount?: number;
}

/** `enchanted-realms.lead-hand.dealt`: 5 cards, or a quarter of a small deck. No randomness (a fresh deck needs no reshuffle). */
const replayLeadHand = replayer<LeadHandPayload>((payload) => {
  if (payload.drawPileCount === undefined) return [];
  const expected = Math.min(HAND_SIZE, Math.floor(payload.drawPileCount / 4));
  return payload.count === expected ? [] : [differs('count', payload.count, expected)];
});

interface FoesAddedPayload {
  count: number;
  healthEach: number;
  health: number;
}

/** `enchanted-realms.foes.added`: 1 or more creatures, whose Health together is the group's. No randomness. */
const replayFoesAdded = replayer<FoesAddedPayload>((payload) => {
  const problems: string[] = [];
  if (!Number.isInteger(payload.count) || payload.count < 1) problems.push(`count is ${JSON.stringify(payload.count)}: a group holds 1 creature or more`);
  if (payload.health !== payload.count * payload.healthEach) problems.push(differs('health', payload.health, payload.count * payload.healthEach));
  return problems;
});

interface WorldLaidPayload {
  supportLaid: number;
  supportCount: number;
}

/** `enchanted-realms.world.laid`: the SUPPORT cards under the WORLD card include those just laid. No randomness. */
const replayWorldLaid = replayer<WorldLaidPayload>((payload) =>
  payload.supportCount >= payload.supportLaid ? [] : [`supportCount is ${payload.supportCount}, fewer than the ${payload.supportLaid} just laid`],
);

interface WorldReachedPayload {
  leadHandCount: number;
  leadReturned: number;
}

/** `enchanted-realms.world.reached`: the Lead Player holds at most 5 cards, exactly 5 after giving some back. No randomness. */
const replayWorldReached = replayer<WorldReachedPayload>((payload) => {
  if (payload.leadHandCount > HAND_SIZE) return [`leadHandCount is ${payload.leadHandCount}: the Lead Player holds at most ${HAND_SIZE}`];
  if (payload.leadReturned > 0 && payload.leadHandCount !== HAND_SIZE) return [differs('leadHandCount', payload.leadHandCount, HAND_SIZE)];
  return [];
});

/** A replayer for every event type the Enchanted Realms (cards) rules record. */
export const REPLAYERS: Readonly<Record<string, Replayer>> = {
  'enchanted-realms.lead-hand.dealt': replayLeadHand,
  'enchanted-realms.character.created': nothingToReplay,
  'enchanted-realms.draw.called': replayCalled,
  'enchanted-realms.draw': replayTheDraw,
  'enchanted-realms.creatures.counted': replayCounted,
  'enchanted-realms.foes.added': replayFoesAdded,
  'enchanted-realms.card.awarded': replayAwarded,
  'enchanted-realms.quest.completed': nothingToReplay,
  'enchanted-realms.barter.offered': nothingToReplay,
  'enchanted-realms.barter.traded': nothingToReplay,
  'enchanted-realms.hands.reconciled': replayReconciled,
  'enchanted-realms.hand.dealt': nothingToReplay,
  'enchanted-realms.world.laid': replayWorldLaid,
  'enchanted-realms.world.reached': replayWorldReached,
};
