/**
 * Replaying Ytterdörren's events (DESIGN.md, Randomness; src/rules/kernel/replay.ts): each
 * replayer re-derives an event's dice, totals, hits, counter and loot from the inputs its payload
 * carries and the stream, drawing as the rule drew, and names every field that does not follow.
 */
import { type LoggedEvent, type Replayer, nothingToReplay } from '../kernel/replay.js';
import type { Rng } from '../random/random-stream.js';
import { CAMPAIGN_EVENTS } from './campaign.js';
import { CHARACTER_EVENTS } from './characters.js';
import { attackRoll, ENCOUNTER_EVENTS, foeAttackRoll } from './encounter.js';
import { playRound, rollStrength, SKIRMISH_EVENTS, type RoundCharacter, type RoundSetup } from './skirmish.js';

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

/**
 * The sentences for every leaf of `derived` that `stated` does not match, by path
 * (`creatureAttacks[2].hit says true, but replaying gives false`).
 */
export function differences(path: string, stated: unknown, derived: unknown): string[] {
  if (Array.isArray(derived)) {
    if (!Array.isArray(stated)) return [`${path} says ${show(stated)}, but replaying gives a list of ${derived.length}`];
    const lengths = stated.length === derived.length ? [] : [`${path} lists ${stated.length} entries, but replaying gives ${derived.length}`];
    return [...lengths, ...derived.flatMap((item, index) => (index < stated.length ? differences(`${path}[${index}]`, stated[index], item) : []))];
  }
  if (typeof derived === 'object' && derived !== null) {
    if (typeof stated !== 'object' || stated === null || Array.isArray(stated)) return [`${path} says ${show(stated)}, but replaying gives ${show(derived)}`];
    return Object.entries(derived).flatMap(([key, value]) => differences(path === '' ? key : `${path}.${key}`, (stated as Record<string, unknown>)[key], value));
  }
  return Object.is(stated, derived) ? [] : [`${path} says ${show(stated)}, but replaying gives ${show(derived)}`];
}

/** Runs a derivation on a payload that may have been tampered with: a shape it cannot read is a sentence too. */
function replaying(event: LoggedEvent, derive: () => string[]): string[] {
  try {
    return derive();
  } catch (error) {
    return [`event ${event.seq} (${event.type}) cannot be replayed from its payload: ${(error as Error).message}`];
  }
}

const numberAt = (payload: Record<string, unknown>, field: string): number => {
  const value = payload[field];
  if (typeof value !== 'number') throw new Error(`${field} is not a number`);
  return value;
};

/** ytterdorren.skirmish.started: each strength roll's dice and total, and the counter on their sum. */
const replaySkirmishStarted: Replayer = (event, rng) =>
  replaying(event, () => {
    const stated = event.payload.strength;
    if (!Array.isArray(stated)) throw new Error('strength is not a list');
    const strength = stated.map((roll: { creatureId: string; expression: string }) => rollStrength(roll.creatureId, roll.expression, rng));
    const startingCounter = strength.reduce((sum, roll) => sum + roll.total, 0);
    return differences('', event.payload, { strength, startingCounter, counter: startingCounter });
  });

/** The setup fields of a round's characters, as the payload states them. */
function roundSetupFrom(payload: Record<string, unknown>): RoundSetup {
  if (!Array.isArray(payload.characters) || !Array.isArray(payload.creatures)) throw new Error('characters or creatures is not a list');
  const characters = payload.characters.map(
    (character: RoundCharacter): RoundCharacter => ({
      characterId: character.characterId,
      standing: character.standing,
      stance: character.stance,
      targetCreatureId: character.targetCreatureId,
      defense: character.defense,
      might: character.might,
      vitaBefore: character.vitaBefore,
    }),
  );
  return { round: numberAt(payload, 'round'), counterBefore: numberAt(payload, 'counterBefore'), creatures: payload.creatures, characters };
}

/** ytterdorren.skirmish.round-resolved: every attack, Vita, the counter, the status and the loot. */
const replayRound: Replayer = (event, rng) =>
  replaying(event, () => {
    const outcome = playRound(roundSetupFrom(event.payload), rng);
    const { creatureAttacks, characterAttacks, hits, counterAfter, status, loot, characters } = outcome;
    return differences('', event.payload, { characters, creatureAttacks, characterAttacks, hits, counterAfter, status, loot });
  });

/** ytterdorren.encounter.foe-attacked: both dice, the reading, the total, the hit and the power. */
const replayFoeAttack: Replayer = (event, rng) =>
  replaying(event, () => {
    const table = event.payload.powerTable;
    if (!Array.isArray(table)) throw new Error('powerTable is not a list');
    const roll = foeAttackRoll(numberAt(event.payload, 'might'), numberAt(event.payload, 'defense'), table, rng);
    return differences('', event.payload, roll);
  });

/** ytterdorren.encounter.character-attacked: both dice, the reading, the total and the hit. */
const replayCharacterAttack: Replayer = (event, rng) =>
  replaying(event, () => differences('', event.payload, attackRoll(numberAt(event.payload, 'might'), numberAt(event.payload, 'defense'), rng)));

/** Vita lost follows from the Vita before and the amount: never below 0. */
const replayDamage =
  (extra: (vita: number) => Record<string, unknown>): Replayer =>
  (event) =>
    replaying(event, () => {
      const vita = Math.max(0, numberAt(event.payload, 'vitaBefore') - numberAt(event.payload, 'amount'));
      return differences('', event.payload, { vita, ...extra(vita) });
    });

/** Every event type the ruleset records, with its replayer. */
export const REPLAYERS: Record<string, Replayer> = {
  [CAMPAIGN_EVENTS.creaturesLoaded]: nothingToReplay,
  [CHARACTER_EVENTS.created]: nothingToReplay,
  [CHARACTER_EVENTS.damaged]: replayDamage((vita) => ({ defeated: vita === 0 })),
  [CHARACTER_EVENTS.healed]: nothingToReplay,
  [CHARACTER_EVENTS.itemGained]: nothingToReplay,
  [CHARACTER_EVENTS.itemUsed]: nothingToReplay,
  [CHARACTER_EVENTS.weaponEquipped]: nothingToReplay,
  [CHARACTER_EVENTS.traded]: nothingToReplay,
  [SKIRMISH_EVENTS.started]: replaySkirmishStarted,
  [SKIRMISH_EVENTS.stanceChosen]: nothingToReplay,
  [SKIRMISH_EVENTS.roundResolved]: replayRound,
  [ENCOUNTER_EVENTS.started]: nothingToReplay,
  [ENCOUNTER_EVENTS.foeAttacked]: replayFoeAttack,
  [ENCOUNTER_EVENTS.characterAttacked]: replayCharacterAttack,
  [ENCOUNTER_EVENTS.foeDamaged]: replayDamage((vita) => ({ defeated: vita === 0 })),
  [ENCOUNTER_EVENTS.ended]: nothingToReplay,
};

/** Replays the events of one mutation on its stream, in seq order; the sentences of all of them. */
export function replayEvents(events: readonly LoggedEvent[], rng: Rng): string[] {
  return [...events]
    .sort((a, b) => a.seq - b.seq)
    .flatMap((event) => {
      const replayer = REPLAYERS[event.type];
      return replayer ? replayer(event, rng) : [`event ${event.seq} has type '${event.type}', which Ytterdörren does not record`];
    });
}
