import { RandomStream } from '../random/random-stream.js';
import type { LoggedEvent } from '../kernel/replay.js';
import { REPLAYERS } from './replay.js';
import { tableHolder } from './rewards.js';
import { ENCHANTED_REALMS_STARTER as deck } from './starter-deck.js';
import { addFoes, countCreatures, type EnchantedRealmsTable, layWorld, makeDraw, reachWorld, reconcile, type TableOutcome } from './table.js';

const KEY = Buffer.alloc(32, 5);

/**
 * Erik (seed 000) against an Orc of the Lead Player's, with every other card on the scene's
 * discard pile and `drawPile` on the deck: a short deck makes the Draws shuffle the discard pile
 * back, the randomness a replay must follow.
 */
function table(drawPile: string[]): EnchantedRealmsTable {
  const seated = ['hero-erik-1', 'creature-human-1', 'item-long-sword-1', 'hero-fighter-2', 'creature-orc-2'];
  const elsewhere = new Set([...seated, ...drawPile]);
  return {
    deck,
    piles: {
      drawPile,
      discardPile: deck.map((card) => card.id).filter((id) => !elsewhere.has(id)),
      table: [],
      hands: { [tableHolder('erik')]: seated.slice(0, 3), [tableHolder('orc')]: seated.slice(3) },
    },
    characters: {
      erik: { memberId: 'ada', sheet: { heroCardId: 'hero-erik-1', creatureCardId: 'creature-human-1', health: 10 } },
      orc: { memberId: null, sheet: { heroCardId: 'hero-fighter-2', creatureCardId: 'creature-orc-2', health: 3 } },
    },
    offers: [],
    calls: [],
    overcome: [],
    foes: [],
    nextEventSeq: 9,
  };
}

/** The events of a move as the log keeps them, numbered from the table's next seq. */
function logged(outcome: TableOutcome<unknown>, first = 9): LoggedEvent[] {
  if (!outcome.ok) throw new Error(`refused: ${outcome.violation.message}`);
  return outcome.events.map((event, index) => ({ seq: first + index, type: event.type, payload: structuredClone(event.payload) }));
}

/** Replays one move's events on its stream, as the verifier does. */
function replay(events: LoggedEvent[], seq = 9): string[] {
  const stream = new RandomStream(KEY, seq);
  return events.flatMap((event) => REPLAYERS[event.type](event, stream));
}

describe('replaying Enchanted Realms events (kernel/replay.ts)', () => {
  it.each([
    ['an attack, reshuffling for the Counter Draw', { opponent: { characterId: 'orc' } }, ['world-crevice-1']],
    ['a Draw for the game, reshuffling at once', { opponent: { forTheGameCardId: 'world-crevice-1' } }, []],
    ['a Challenge Number', { challengeNumber: 12 }, []],
  ])('finds nothing wrong in honest events: %s', (_name, against, drawPile) => {
    const events = logged(makeDraw(table(drawPile), { actorId: 'erik', action: 'ATTACK', ...against }, new RandomStream(KEY, 9)));
    expect(events[0].payload.reveals).toEqual(expect.arrayContaining([expect.objectContaining({ reshuffledFrom: expect.any(Array) })]));
    expect(replay(events)).toEqual([]);
  });

  it('reports a tampered outcome drawn honestly: the winner, the damage, the card a reshuffle gave', () => {
    const events = logged(makeDraw(table(['world-crevice-1']), { actorId: 'erik', action: 'ATTACK', opponent: { characterId: 'orc' } }, new RandomStream(KEY, 9)));
    const honest = events[0].payload as { damage: number; success: boolean; counterDraw: { cardId: string } };
    const tampered = { ...events[0], payload: { ...events[0].payload, success: !honest.success, damage: honest.damage + 3 } };
    expect(replay([tampered])).toEqual(expect.arrayContaining([expect.stringMatching(/^success is /), expect.stringMatching(/^damage is /)]));
    const otherCard = { ...events[0], payload: { ...events[0].payload, counterDraw: { ...honest.counterDraw, cardId: 'item-rope-1' } } };
    expect(replay([otherCard])).toContain(`counterDraw.cardId is "item-rope-1", but the rules give "${honest.counterDraw.cardId}"`);
  });

  it('replays a group of foes added and attacked, and reports a tampered Health', () => {
    const added = logged(addFoes(table([]), { creatureCardId: 'creature-goblins-1', count: 2 }, new RandomStream(KEY, 9)));
    expect(replay(added)).toEqual([]);
    expect(replay([{ ...added[0], payload: { ...added[0].payload, health: 99 } }])).toEqual(['health is 99, but the rules give 12']);
    const before = addFoes(table(['world-crevice-1']), { creatureCardId: 'creature-goblins-1', count: 2 }, new RandomStream(KEY, 8));
    if (!before.ok) throw new Error(before.violation.message);
    const drawn = logged(makeDraw({ ...before.state, nextEventSeq: 10 }, { actorId: 'erik', action: 'ATTACK', opponent: { foeId: 'foe-9' } }, new RandomStream(KEY, 9)));
    expect(replay(drawn)).toEqual([]);
    const health = drawn[0].payload.targetHealth as number;
    expect(replay([{ ...drawn[0], payload: { ...drawn[0].payload, targetHealth: health + 1 } }])).toEqual([`targetHealth is ${health + 1}, but the rules give ${health}`]);
  });

  it('replays a creature count and a RECONCILE that reshuffle, and reports a wrong count', () => {
    const counted = logged(countCreatures(table(['world-crevice-1']), { creatureCardId: 'creature-goblins-1', draws: 3 }, new RandomStream(KEY, 9)));
    expect(replay(counted)).toEqual([]);
    expect(replay([{ ...counted[0], payload: { ...counted[0].payload, count: 99 } }])).toEqual([expect.stringMatching(/^count is 99, but the rules give \d+$/)]);
    const reconciled = logged(reconcile(table(['world-crevice-1']), {}, new RandomStream(KEY, 9)));
    expect(reconciled[0].payload.draws).toEqual([expect.objectContaining({ characterId: 'erik', drawPileCount: 1, reshuffledFrom: expect.any(Array) })]);
    expect(replay(reconciled)).toEqual([]);
    const ended = logged(reconcile(table(['world-crevice-1']), { endScene: true }, new RandomStream(KEY, 9)));
    expect(ended[0].payload).toMatchObject({ sceneEnded: true, shuffledBack: deck.length - 5 });
    expect(replay(ended)).toEqual([]);
    expect(replay([{ ...ended[0], payload: { ...ended[0].payload, hands: [{ characterId: 'erik', count: 4, drawn: 5, returned: 0 }] } }])).toEqual([
      'hands[erik].count is 4, but the rules give 5',
    ]);
  });

  it('replays a world laid out, kept through the end of a scene that reshuffles, and reached; and reports a Lead Player over 5 cards', () => {
    const start = table(['world-crevice-1', 'support-innkeeper-1']);
    const laid = layWorld(start, { worldCardId: 'world-village-1', supportCardIds: ['support-innkeeper-1'] }, new RandomStream(KEY, 9));
    expect(replay(logged(laid))).toEqual([]);
    if (!laid.ok) throw new Error(laid.violation.message);
    const ended = logged(reconcile({ ...laid.state, nextEventSeq: 10 }, { endScene: true }, new RandomStream(KEY, 10)), 10);
    expect(ended[0].payload).toMatchObject({ sceneEnded: true, worldsKept: ['world-village-1'] });
    expect(replay(ended, 10)).toEqual([]);
    const reached = logged(reachWorld({ ...laid.state, nextEventSeq: 11 }, { worldCardId: 'world-village-1' }, new RandomStream(KEY, 11)), 11);
    expect(replay(reached, 11)).toEqual([]);
    expect(replay([{ ...reached[0], payload: { ...reached[0].payload, leadHandCount: 6 } }], 11)).toEqual(['leadHandCount is 6: the Lead Player holds at most 5']);
  });
});
