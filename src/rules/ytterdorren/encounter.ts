/**
 * Encounters (ytterdorren.md, Encounters; seed 001 lines 55–75): full tactical combat whose map and
 * movement stay with the client; the server keeps the foes and resolves the numbers.
 */
import { rule } from '../kernel/outcome.js';
import type { Rng } from '../random/random-stream.js';
import { rollD100, type D100Roll } from './d100.js';
import { assertNewEncounterId, assertParticipants, encounterOf, isIntegerIn, refuse, sheetOf, type Foe, type FoeEncounter, type YtterdorrenPlay } from './state.js';

/** Most foes one encounter holds. */
export const MAX_FOES = 20;
/** Most Vita one damage request removes. */
export const MAX_FOE_DAMAGE = 100_000;

export const ENCOUNTER_EVENTS = {
  started: 'ytterdorren.encounter.started',
  foeAttacked: 'ytterdorren.encounter.foe-attacked',
  characterAttacked: 'ytterdorren.encounter.character-attacked',
  foeDamaged: 'ytterdorren.encounter.foe-damaged',
  ended: 'ytterdorren.encounter.ended',
} as const;

export interface FoeInput {
  /** Made by the service. */
  foeId: string;
  creatureId: string;
  /** One of the difficulties the card gives a Might for, e.g. NORMAL. */
  difficulty: string;
}

export interface StartEncounterInput {
  /** Made by the service (the encounter row's id). */
  encounterId: string;
  characterIds: string[];
  foes: FoeInput[];
}

/**
 * ytterdorren.md, Encounters: each foe takes the Vita its card gives for the number of players and
 * the Might it gives for the chosen difficulty. **Decision**: the number of players is the number
 * of characters in the encounter.
 */
export const startEncounter = rule(ENCOUNTER_EVENTS.started, (play: YtterdorrenPlay, input: StartEncounterInput) => {
  assertNewEncounterId(play, input.encounterId);
  assertParticipants(play, input.characterIds);
  if (!Array.isArray(input.foes) || input.foes.length < 1 || input.foes.length > MAX_FOES) refuse('INVALID_PARTICIPANTS', `an encounter has 1 to ${MAX_FOES} foes`);
  const foeIds = input.foes.map((foe) => foe.foeId);
  if (foeIds.some((id) => typeof id !== 'string' || id === '') || new Set(foeIds).size !== foeIds.length) {
    refuse('UNKNOWN_FOE', 'every foe needs an id of its own');
  }
  const players = String(input.characterIds.length);
  const foes = input.foes.map((request): Foe => {
    const card = play.state.campaign.creatures.find((candidate) => candidate.id === request.creatureId);
    if (!card) refuse('UNKNOWN_CREATURE', `the campaign has no creature card '${request.creatureId}'`);
    const side = card.encounter;
    const vita = side.vita[players];
    if (vita === undefined) refuse('NO_VITA_FOR_PLAYERS', `${card.name} has no Vita for ${players} player${players === '1' ? '' : 's'}`);
    if (typeof request.difficulty !== 'string' || !Object.hasOwn(side.might, request.difficulty)) {
      refuse('UNKNOWN_DIFFICULTY', `${card.name} has no Might for difficulty '${request.difficulty}' (it has ${Object.keys(side.might).join(', ')})`);
    }
    return {
      id: request.foeId,
      creatureId: card.id,
      name: card.name,
      difficulty: request.difficulty,
      vita,
      maxVita: vita,
      might: side.might[request.difficulty],
      combatType: side.combatType,
      defense: side.defense,
      stride: side.stride,
      awards: { lore: side.awards.lore, coins: side.awards.coins },
      specialPower: side.specialPower,
      powers: [...side.powers],
      type: side.type,
      status: 'ACTIVE',
    };
  });
  const encounter: FoeEncounter = { id: input.encounterId, kind: 'ytterdorren.encounter', status: 'ONGOING', characterIds: [...input.characterIds], foes };
  play.state.encounters[encounter.id] = encounter;
  return { players: input.characterIds.length, status: encounter.status, foes };
});

function ongoingEncounter(play: YtterdorrenPlay, encounterId: string): FoeEncounter {
  const encounter = encounterOf(play, encounterId);
  if (encounter.status !== 'ONGOING') refuse('ENCOUNTER_OVER', 'that encounter is over');
  return encounter;
}

function activeFoe(encounter: FoeEncounter, foeId: string): Foe {
  const foe = encounter.foes.find((candidate) => candidate.id === foeId);
  if (!foe) refuse('UNKNOWN_FOE', `there is no foe '${foeId}' in this encounter`);
  if (foe.status === 'DEFEATED') refuse('FOE_DEFEATED', `${foe.name} is already defeated`);
  return foe;
}

function standingParticipant(play: YtterdorrenPlay, encounter: FoeEncounter, characterId: string): void {
  if (!encounter.characterIds.includes(characterId)) refuse('NOT_IN_ENCOUNTER', `character '${characterId}' is not in this encounter`);
  if (sheetOf(play, characterId).vita === 0) refuse('CHARACTER_DEFEATED', `character '${characterId}' has no Vita left`);
}

/** A d100 attack roll with its modifier, against a Defense. */
export type AttackRoll = D100Roll & { might: number; total: number; defense: number; hit: boolean };

/** d100 + Might ≥ Defense is a hit (ytterdorren.md, Skirmish 5; used alike in encounters). */
export function attackRoll(might: number, defense: number, rng: Rng): AttackRoll {
  const roll = rollD100(rng);
  const total = roll.d100 + might;
  return { ...roll, might, total, defense, hit: total >= defense };
}

/** What a foe's attack shows: the roll and the power its white die picks. */
export type FoeAttackRoll = AttackRoll & { power: string };

/** A foe's attack roll, and the power the white die picks from its table. */
export function foeAttackRoll(might: number, defense: number, powers: readonly string[], rng: Rng): FoeAttackRoll {
  const roll = attackRoll(might, defense, rng);
  return { ...roll, power: powers[roll.white] };
}

/**
 * ytterdorren.md, Encounters, foe attack roll (seed 001 line 75): the black die (00–90) and the
 * white die (0–9) read as a d100 (00 + 0 reads 100); the white die picks the power from the foe's
 * table (black 70 + white 4 = 74, power 4). **Decision**: like a character's Might, the foe's Might
 * is added to the roll, and d100 + Might ≥ the target's Defense hits. What a hit does is the
 * power's text: the server applies no damage by itself (see damageCharacter).
 */
export const foeAttack = rule(ENCOUNTER_EVENTS.foeAttacked, (play: YtterdorrenPlay, input: { encounterId: string; foeId: string; targetCharacterId: string }) => {
  const encounter = ongoingEncounter(play, input.encounterId);
  const foe = activeFoe(encounter, input.foeId);
  standingParticipant(play, encounter, input.targetCharacterId);
  const roll = foeAttackRoll(foe.might, sheetOf(play, input.targetCharacterId).defense, foe.powers, play.rng);
  // The table travels with the event, so that anyone can check which power the white die picked.
  return { ...roll, powerTable: foe.powers };
});

/**
 * A character's attack on a foe: d100 + Might ≥ the foe's Defense hits (ytterdorren.md, Skirmish 5;
 * **Decision**: the same roll in encounters). The damage is the GM's to apply (damageFoe).
 */
export const characterAttack = rule(ENCOUNTER_EVENTS.characterAttacked, (play: YtterdorrenPlay, input: { encounterId: string; characterId: string; foeId: string }) => {
  const encounter = ongoingEncounter(play, input.encounterId);
  standingParticipant(play, encounter, input.characterId);
  const foe = activeFoe(encounter, input.foeId);
  return attackRoll(sheetOf(play, input.characterId).might, foe.defense, play.rng);
});

/**
 * Damage to a foe. At 0 Vita the foe is defeated and each player character of the encounter
 * receives its Lore and Coins (ytterdorren.md, Encounters: "A defeated foe awards each player its
 * Lore and Coins"). When no foe is left the encounter ends in VICTORY. **Decision**: every
 * character of the encounter is awarded, whatever its Vita.
 */
export const damageFoe = rule(ENCOUNTER_EVENTS.foeDamaged, (play: YtterdorrenPlay, input: { encounterId: string; foeId: string; amount: number }) => {
  const encounter = ongoingEncounter(play, input.encounterId);
  const foe = activeFoe(encounter, input.foeId);
  if (!isIntegerIn(input.amount, 1, MAX_FOE_DAMAGE)) refuse('INVALID_AMOUNT', `the damage must be a whole number from 1 to ${MAX_FOE_DAMAGE}`);
  const vitaBefore = foe.vita;
  foe.vita = Math.max(0, foe.vita - input.amount);
  const awards: Array<{ characterId: string; lore: number; coins: number }> = [];
  if (foe.vita === 0) {
    foe.status = 'DEFEATED';
    for (const characterId of encounter.characterIds) {
      const sheet = sheetOf(play, characterId);
      sheet.lore += foe.awards.lore;
      sheet.coins += foe.awards.coins;
      awards.push({ characterId, lore: foe.awards.lore, coins: foe.awards.coins });
    }
    if (encounter.foes.every((other) => other.status === 'DEFEATED')) encounter.status = 'VICTORY';
  }
  return { vitaBefore, vita: foe.vita, defeated: foe.status === 'DEFEATED', awards, status: encounter.status };
});

/**
 * The GM ends an encounter the map decided (an objective reached, a retreat, a defeat):
 * ytterdorren.md, Encounters, "the map and movement stay with the client".
 */
export const endEncounter = rule(ENCOUNTER_EVENTS.ended, (play: YtterdorrenPlay, input: { encounterId: string }) => {
  const encounter = ongoingEncounter(play, input.encounterId);
  encounter.status = 'ENDED';
  return { status: encounter.status };
});
