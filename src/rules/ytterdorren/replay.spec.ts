import type { Outcome } from '../kernel/outcome.js';
import type { LoggedEvent } from '../kernel/replay.js';
import { RandomStream } from '../random/random-stream.js';
import { loadCreatures } from './campaign.js';
import { createCharacter, damageCharacter, equipWeapon, gainItem, healCharacter, trade, useItem } from './characters.js';
import { characterAttack, damageFoe, endEncounter, foeAttack, startEncounter } from './encounter.js';
import { differences, REPLAYERS, replayEvents } from './replay.js';
import { chooseStance, resolveRound, startSkirmish } from './skirmish.js';
import type { YtterdorrenState } from './state.js';
import { creature, tableWith } from './testing.js';

const SEED = Buffer.alloc(32, 7);

/** Plays every rule of the ruleset on the campaign's stream, as the platform would: one stream per mutation, by its event's seq. */
function playCampaign() {
  let state: YtterdorrenState = tableWith({ characters: {}, creatures: [creature('wolf')] });
  const log: Array<LoggedEvent & { wordsUsed: number }> = [];
  const play = <I, R>(rule: (state: YtterdorrenState, input: I, rng: RandomStream) => Outcome<YtterdorrenState, R>, input: I): R => {
    const rng = new RandomStream(SEED, log.length + 1);
    const outcome = rule(state, input, rng);
    if (!outcome.ok) throw new Error(outcome.violation.message);
    state = outcome.state;
    for (const event of outcome.events) log.push({ seq: log.length + 1, type: event.type, payload: event.payload, wordsUsed: rng.wordsUsed });
    return outcome.result;
  };

  play(loadCreatures, { creatures: [creature('bat', { name: 'Bat', skirmish: { defense: 30, damage: 2 } })] });
  // Might 60 always hits a Defense of 50 or less, and 100 Vita outlast the rounds: the skirmish is won.
  play(createCharacter, { characterId: 'ana', vita: 100, defense: 50, might: 60 });
  play(createCharacter, { characterId: 'bo', vita: 100, defense: 60, might: 60 });
  play(gainItem, { characterId: 'ana', item: 'Axe' });
  play(gainItem, { characterId: 'ana', item: 'Potion' });
  play(equipWeapon, { characterId: 'ana', weapon: 'Axe' });
  play(trade, { fromCharacterId: 'ana', toCharacterId: 'bo', items: ['Potion'] });
  play(startSkirmish, { skirmishId: 's1', characterIds: ['ana', 'bo'], creatureIds: ['wolf', 'bat'] });
  for (let round = 0; state.encounters.s1.status === 'ONGOING'; round += 1) {
    if (round > 40) throw new Error('the skirmish should have ended');
    play(chooseStance, { skirmishId: 's1', characterId: 'ana', stance: 'ATTACK', targetCreatureId: 'wolf' });
    play(chooseStance, { skirmishId: 's1', characterId: 'bo', stance: round % 2 === 0 ? 'DEFEND' : 'ATTACK', targetCreatureId: 'bat' });
    play(resolveRound, { skirmishId: 's1' });
  }
  play(useItem, { characterId: 'bo', item: 'Potion', vitaGained: 2 });
  play(startEncounter, { encounterId: 'e1', characterIds: ['ana', 'bo'], foes: [{ foeId: 'f1', creatureId: 'wolf', difficulty: 'HARD' }] });
  for (let attack = 0; attack < 12; attack += 1) play(foeAttack, { encounterId: 'e1', foeId: 'f1', targetCharacterId: attack % 2 === 0 ? 'ana' : 'bo' });
  play(characterAttack, { encounterId: 'e1', characterId: 'ana', foeId: 'f1' });
  play(damageCharacter, { characterId: 'bo', amount: 3 });
  play(healCharacter, { characterId: 'bo', amount: 1 });
  play(damageFoe, { encounterId: 'e1', foeId: 'f1', amount: 2 });
  play(startEncounter, { encounterId: 'e2', characterIds: ['ana'], foes: [{ foeId: 'f1', creatureId: 'bat', difficulty: 'EASY' }] });
  play(endEncounter, { encounterId: 'e2' });
  play(damageFoe, { encounterId: 'e1', foeId: 'f1', amount: 20 });
  return { state, log };
}

const { state: finalState, log } = playCampaign();
const eventOf = (type: string, which: (event: LoggedEvent) => boolean = () => true): LoggedEvent => {
  const found = log.find((event) => event.type === type && which(event));
  if (!found) throw new Error(`no ${type} event`);
  return structuredClone({ seq: found.seq, type: found.type, payload: found.payload });
};
const replay = (event: LoggedEvent) => {
  const rng = new RandomStream(SEED, event.seq);
  return { sentences: REPLAYERS[event.type](event, rng), wordsUsed: rng.wordsUsed };
};

describe('REPLAYERS: every event re-derived from its payload and the stream', () => {
  it('the campaign played out: won the skirmish with loot, and defeated the foe', () => {
    expect(finalState.encounters.s1).toMatchObject({ status: 'VICTORY', counter: 0 });
    expect(finalState.encounters.e1.status).toBe('VICTORY');
  });

  it('covers every event type the rules recorded, and no other', () => {
    expect(new Set(log.map((event) => event.type))).toEqual(new Set(Object.keys(REPLAYERS)));
  });

  it('finds nothing wrong with an honest log, drawing exactly the words each rule drew', () => {
    for (const event of log) {
      const { sentences, wordsUsed } = replay({ seq: event.seq, type: event.type, payload: event.payload });
      expect({ seq: event.seq, type: event.type, sentences, wordsUsed }).toEqual({ seq: event.seq, type: event.type, sentences: [], wordsUsed: event.wordsUsed });
    }
  });

  it('replayEvents runs the whole log, one stream per event', () => {
    const perEvent = log.flatMap((event) => replayEvents([event], new RandomStream(SEED, event.seq)));
    expect(perEvent).toEqual([]);
    expect(replayEvents([{ seq: 1, type: 'ytterdorren.unknown', payload: {} }], new RandomStream(SEED, 1))).toEqual(["event 1 has type 'ytterdorren.unknown', which Ytterdörren does not record"]);
  });

  const won = (event: LoggedEvent) => event.payload.status === 'VICTORY';
  it.each<[string, string, (event: LoggedEvent) => boolean, (payload: any) => void, string | RegExp]>([
    ['a strength die', 'ytterdorren.skirmish.started', () => true, (p) => (p.strength[0].dice[0] = p.strength[0].dice[0] === 6 ? 5 : 6), /^strength\[0\]\.dice\[0\] says \d, but replaying gives \d$/],
    ['a strength total', 'ytterdorren.skirmish.started', () => true, (p) => (p.strength[1].total += 1), /^strength\[1\]\.total says/],
    ['the starting counter', 'ytterdorren.skirmish.started', () => true, (p) => (p.startingCounter += 2), /^startingCounter says/],
    ["a creature's white die", 'ytterdorren.skirmish.round-resolved', () => true, (p) => (p.creatureAttacks[0].white = (p.creatureAttacks[0].white + 1) % 10), /^creatureAttacks\[0\]\.white says/],
    ["a creature's total", 'ytterdorren.skirmish.round-resolved', () => true, (p) => (p.creatureAttacks[1].total -= 1), /^creatureAttacks\[1\]\.total says/],
    ['a hit flag', 'ytterdorren.skirmish.round-resolved', () => true, (p) => (p.creatureAttacks[2].hit = !p.creatureAttacks[2].hit), /^creatureAttacks\[2\]\.hit says (true|false), but replaying gives (true|false)$/],
    ["a character's d100", 'ytterdorren.skirmish.round-resolved', () => true, (p) => (p.characterAttacks[0].d100 = 100), /^characterAttacks\[0\]\.d100 says 100/],
    ['Vita after', 'ytterdorren.skirmish.round-resolved', () => true, (p) => (p.characters[1].vitaAfter += 1), /^characters\[1\]\.vitaAfter says/],
    ['the counter', 'ytterdorren.skirmish.round-resolved', () => true, (p) => (p.counterAfter += 1), /^counterAfter says/],
    ['a victory claimed early', 'ytterdorren.skirmish.round-resolved', (e) => !won(e), (p) => (p.status = 'VICTORY'), /^status says "VICTORY", but replaying gives "ONGOING"$/],
    ['a search die', 'ytterdorren.skirmish.round-resolved', won, (p) => (p.loot[0].searches[0].d10 = p.loot[0].searches[0].d10 === 10 ? 9 : 10), /^loot\[0\]\.searches\[0\]\.d10 says/],
    ['an item found', 'ytterdorren.skirmish.round-resolved', won, (p) => p.loot[1].itemsFound.push('Crown'), /^loot\[1\]\.itemsFound lists \d entries, but replaying gives \d$/],
    ['an attack left out', 'ytterdorren.skirmish.round-resolved', () => true, (p) => p.creatureAttacks.pop(), /^creatureAttacks lists \d+ entries, but replaying gives \d+$/],
    ["a foe's black die", 'ytterdorren.encounter.foe-attacked', () => true, (p) => (p.black = (p.black + 10) % 100), /^black says/],
    ["a foe's power", 'ytterdorren.encounter.foe-attacked', () => true, (p) => (p.power = 'Rage'), /^power says "Rage", but replaying gives "power \d"$/],
    ["a foe's hit", 'ytterdorren.encounter.foe-attacked', () => true, (p) => (p.hit = !p.hit), /^hit says/],
    ["a character's hit in an encounter", 'ytterdorren.encounter.character-attacked', () => true, (p) => (p.hit = !p.hit), /^hit says/],
    ["a foe's Vita after damage", 'ytterdorren.encounter.foe-damaged', () => true, (p) => (p.vita += 1), /^vita says/],
    ["a character's Vita after damage", 'ytterdorren.character.damaged', () => true, (p) => (p.defeated = true), /^defeated says true, but replaying gives false$/],
  ])('catches a tampered %s', (_, type, which, tamper, sentence) => {
    const event = eventOf(type, which);
    tamper(event.payload);
    const { sentences } = replay(event);
    expect(sentences.length).toBeGreaterThan(0);
    expect(sentences[0]).toMatch(sentence);
  });

  it('names a payload it cannot read instead of throwing', () => {
    const event = eventOf('ytterdorren.encounter.foe-attacked');
    delete event.payload.powerTable;
    expect(replay(event).sentences).toEqual([`event ${event.seq} (ytterdorren.encounter.foe-attacked) cannot be replayed from its payload: powerTable is not a list`]);
  });
});

describe('differences', () => {
  it.each<[unknown, unknown, string[]]>([
    [{ a: 1, b: [1, 2] }, { a: 1, b: [1, 2] }, []],
    [{ a: 2 }, { a: 1 }, ['a says 2, but replaying gives 1']],
    [{ a: [1] }, { a: [1, 2] }, ['a lists 1 entries, but replaying gives 2']],
    [{ a: null }, { a: { b: 1 } }, ['a says null, but replaying gives {"b":1}']],
    [{}, { a: 1 }, ['a says nothing, but replaying gives 1']],
    [{ extra: 1 }, {}, []],
  ])('%j against %j', (stated, derived, sentences) => {
    expect(differences('', stated, derived)).toEqual(sentences);
  });
});
