import { DIE_STEPS, stepDown, stepUp } from '../die-steps.js';
import type { Combat, CombatStatus, CombatTurn, Enemy, MoraleResult } from './combat-state.js';
import { answerCall, callTerms, pickedAttribute } from './calls.js';
import { clampDamageDie, damageAfterArmor, stepDownOrBreak, type GearSlot } from './gear.js';
import { loseResilience } from './resilience.js';
import { NATURAL_20_DEFENCE_DR_REDUCTION } from './sheet.js';
import { bySuit, isRed, refuse, rule, type Play } from './table.js';
import { resolveTrial, type TrialInput } from './trial-roll.js';

/** tenth-realm.md, "Armor, weapons, damage": armor dice d4–d6, weapon dice d4–d12. */
export const ARMOR_DICE = [4, 6] as const;
export const MAX_ENEMIES = 20;

export interface EnemyInput {
  name: string;
  resilience: number;
  armorDie?: number | null;
  weaponDie: number;
}

function activeCombat(play: Play, encounterId: string): Combat {
  const combat = play.state.combat;
  if (!combat || combat.id !== encounterId) refuse('NO_COMBAT', 'there is no such combat in this campaign');
  if (combat.status !== 'ACTIVE') refuse('NO_COMBAT', 'that combat is over');
  return combat;
}

export function fightingEnemy(combat: Combat, enemyId: string): Enemy {
  const enemy = combat.enemies.find((candidate) => candidate.id === enemyId);
  if (!enemy) refuse('UNKNOWN_ENEMY', `there is no enemy '${enemyId}' in this combat`);
  if (enemy.status !== 'FIGHTING') refuse('ENEMY_OUT_OF_FIGHT', `${enemy.name} is out of the fight`);
  return enemy;
}

function combatant(combat: Combat, characterId: string): void {
  if (!combat.characterIds.includes(characterId)) refuse('NOT_IN_COMBAT', 'the character is not in this combat');
}

function log(combat: Combat, entry: Omit<CombatTurn, 'turn'>): void {
  combat.turns.push({ turn: combat.turns.length + 1, ...entry });
}

/**
 * Combat ends by itself when every player character has run out of resilience (LOST), or no enemy
 * is fighting: WON when every enemy is down, ENEMIES_WITHDREW when some fled or surrendered (seed
 * 002 line 219). A character at 0 is out only once their resilience check failed (tenth-realm.md,
 * "Resilience": a success brings them back to 1), so a check still due keeps the fight going.
 */
export function settleCombat(play: Play, combat: Combat): CombatStatus {
  if (combat.status !== 'ACTIVE') return combat.status;
  const playersDown = combat.characterIds.every((id) => {
    const sheet = play.state.characters[id];
    return !sheet || sheet.status === 'INCAPACITATED' || (sheet.resilience === 0 && !sheet.pending.resilienceCheckDue);
  });
  if (playersDown) combat.status = 'LOST';
  else if (combat.enemies.every((enemy) => enemy.status === 'DOWN')) combat.status = 'WON';
  else if (combat.enemies.every((enemy) => enemy.status !== 'FIGHTING')) combat.status = 'ENEMIES_WITHDREW';
  return combat.status;
}

/** Initiative: reveal a card; red → the players' group goes first, black → the enemies'. */
export const startCombat = rule(
  'tenth-realm.combat.started',
  (play, input: { encounterId: string; characterIds: string[]; enemies: EnemyInput[] }) => {
    if (play.state.combat?.status === 'ACTIVE') refuse('COMBAT_UNDER_WAY', 'a combat is already under way: end it first');
    if (input.characterIds.length === 0) refuse('NOT_IN_COMBAT', 'name the characters who fight');
    if (new Set(input.characterIds).size !== input.characterIds.length) refuse('NOT_IN_COMBAT', 'a character is listed twice');
    for (const id of input.characterIds) play.activeCharacter(id);
    if (input.enemies.length === 0 || input.enemies.length > MAX_ENEMIES) refuse('UNKNOWN_ENEMY', `a combat has 1 to ${MAX_ENEMIES} enemies`);
    const enemies = input.enemies.map((enemy, index): Enemy => {
      if (!(DIE_STEPS as readonly number[]).includes(enemy.weaponDie)) refuse('INVALID_DIE', `${enemy.name}: a weapon die is d4 to d12`);
      if (enemy.armorDie != null && !(ARMOR_DICE as readonly number[]).includes(enemy.armorDie)) {
        refuse('INVALID_DIE', `${enemy.name}: an armor die is d4 or d6`);
      }
      if (!Number.isInteger(enemy.resilience) || enemy.resilience < 1) refuse('INVALID_DIE', `${enemy.name}: resilience is at least 1`);
      return {
        id: `e${index + 1}`,
        name: enemy.name,
        resilience: enemy.resilience,
        maxResilience: enemy.resilience,
        armorDie: enemy.armorDie ?? null,
        weaponDie: enemy.weaponDie,
        damageStepDownPending: false,
        status: 'FIGHTING',
        morale: null,
      };
    });
    const [initiativeCard] = play.reveal(1);
    const combat: Combat = {
      id: input.encounterId,
      characterIds: [...input.characterIds],
      enemies,
      initiative: isRed(initiativeCard) ? 'PLAYERS' : 'ENEMIES',
      initiativeCard,
      status: 'ACTIVE',
      turns: [],
    };
    play.state.combat = combat;
    return { initiativeCard, initiative: combat.initiative, enemies };
  },
);

export type AttackMode = 'WEAPON' | 'FEAT';

export type AttackInput = Omit<TrialInput, 'attribute'> & {
  attribute?: TrialInput['attribute'];
  callId?: string;
  encounterId: string;
  enemyId: string;
  mode: AttackMode;
  featDie?: number;
} & GmRulings;

/**
 * The GM's rulings on a blow: armor ignored (seed 002 line 163: "armor may be ignored or damaged at
 * the GM's discretion"), and a consequence in place of the damage on a setback (lines 237, 256).
 */
export interface GmRulings {
  ignoreArmor?: boolean;
  consequenceInPlaceOfDamage?: string;
}

/**
 * A player's attack: a trial roll, then the damage die — as is on a success, stepped up on a
 * natural 20; stepped down on a setback, twice on a natural 1 — rolled less the target's armor roll.
 */
export const attack = rule('tenth-realm.combat.attack', (play, given: AttackInput) => {
  const answered = answerCall(play, given);
  const input = { ...answered, attribute: pickedAttribute(answered.attribute) };
  const combat = activeCombat(play, input.encounterId);
  combatant(combat, input.characterId);
  const enemy = fightingEnemy(combat, input.enemyId);
  const sheet = play.activeCharacter(input.characterId);
  let baseDie: number;
  if (input.mode === 'WEAPON') {
    if (!sheet.weapon || sheet.weapon.die === null) refuse('GEAR_BROKEN', 'the weapon is broken: attack with a feat or repair it');
    baseDie = sheet.weapon.die;
  } else {
    if (input.featDie === undefined || !(DIE_STEPS as readonly number[]).includes(input.featDie)) {
      refuse('INVALID_DIE', 'a feat needs the damage die the GM assigns, d4 to d12');
    }
    baseDie = input.featDie;
  }

  const roll = resolveTrial(play, input);
  let damageDie = clampDamageDie(baseDie);
  if (roll.success && roll.natural20) damageDie = stepUp(damageDie);
  if (!roll.success) damageDie = roll.natural1 ? stepDown(stepDown(damageDie)) : stepDown(damageDie);
  // On a setback the GM's consequence may take the place of the stepped-down damage: no die is rolled.
  const consequence = !roll.success && input.consequenceInPlaceOfDamage ? input.consequenceInPlaceOfDamage : null;
  const damageRoll = consequence ? 0 : play.roll(damageDie);
  const armorRoll = consequence || input.ignoreArmor || enemy.armorDie === null ? 0 : play.roll(enemy.armorDie);
  const damage = damageAfterArmor(damageRoll, armorRoll);
  enemy.resilience = Math.max(0, enemy.resilience - damage);
  if (enemy.resilience === 0) enemy.status = 'DOWN';
  log(combat, {
    kind: 'ATTACK',
    characterId: input.characterId,
    enemyId: enemy.id,
    summary: consequence
      ? `setback: ${consequence} in place of damage`
      : `${roll.success ? 'success' : 'setback'}: d${damageDie} ${damageRoll} − armor ${armorRoll} = ${damage} damage to ${enemy.name} (${enemy.resilience} left)`,
  });
  const combatStatus = settleCombat(play, combat);
  return { roll, baseDie, damageDie, damageRoll, armorDie: enemy.armorDie, armorRoll, damage, consequence, enemyResilience: enemy.resilience, enemyStatus: enemy.status, combatStatus, ...callTerms(given, answered) };
});

export type DamageEnemyGearInput = Omit<AttackInput, 'mode' | 'featDie' | keyof GmRulings> & { gear: GearSlot };

/**
 * A player's turn spent on the target's armor or weapon (seed 002 line 231: "make a trial roll ...
 * to damage your target's armor/weapon"): on a success its die steps down, and d4 armor breaks
 * (tenth-realm.md, Decision). Decision: an enemy's weapon has no broken state, so a d4 weapon
 * cannot be damaged further and the turn is refused before the roll.
 */
export const damageEnemyGear = rule('tenth-realm.combat.gear-damaged', (play, given: DamageEnemyGearInput) => {
  const answered = answerCall(play, given);
  const input = { ...answered, attribute: pickedAttribute(answered.attribute) };
  const combat = activeCombat(play, input.encounterId);
  combatant(combat, input.characterId);
  const enemy = fightingEnemy(combat, input.enemyId);
  play.activeCharacter(input.characterId);
  if (input.gear === 'ARMOR' && enemy.armorDie === null) refuse('GEAR_BROKEN', `${enemy.name} has no armor to damage`);
  if (input.gear === 'WEAPON' && enemy.weaponDie === DIE_STEPS[0]) refuse('GEAR_BROKEN', `${enemy.name}'s weapon is a d4: it cannot be damaged further`);
  const roll = resolveTrial(play, input);
  const before = input.gear === 'ARMOR' ? enemy.armorDie : enemy.weaponDie;
  let after = before;
  if (roll.success) {
    if (input.gear === 'ARMOR') after = enemy.armorDie = stepDownOrBreak(enemy.armorDie);
    else after = enemy.weaponDie = stepDown(enemy.weaponDie);
  }
  const what = input.gear === 'ARMOR' ? 'armor' : 'weapon';
  log(combat, {
    kind: 'ATTACK',
    characterId: input.characterId,
    enemyId: enemy.id,
    summary: roll.success ? `success: ${enemy.name}'s ${what} d${before} → ${after === null ? 'broken' : `d${after}`}` : `setback: ${enemy.name}'s ${what} holds`,
  });
  return { roll, gear: input.gear, dieBefore: before, dieAfter: after, enemyId: enemy.id, combatStatus: combat.status, ...callTerms(given, answered) };
});

/** The armor roll against incoming damage: the armor die (none when broken or ignored) plus a d4 after a BEAR burn. */
function armorRollOf(play: Play, characterId: string, ignoreArmor = false): { armorRoll: number; armorDice: number[] } {
  const sheet = play.character(characterId);
  const armorDice = [...(sheet.armor?.die && !ignoreArmor ? [sheet.armor.die] : []), ...(sheet.pending.bearArmorD4 ? [4] : [])];
  sheet.pending.bearArmorD4 = false;
  return { armorRoll: armorDice.reduce((sum, sides) => sum + play.roll(sides), 0), armorDice };
}

export type DefendInput = Omit<TrialInput, 'attribute'> & { attribute?: TrialInput['attribute']; callId?: string; encounterId: string; enemyId: string } & GmRulings;

/**
 * An enemy's attack: the targeted player defends with a trial roll. SUCCESS: a miss, and on a
 * natural 20 the next roll's DR is lowered by 2. SETBACK: the enemy's damage die (stepped up on a
 * natural 1, down after a RAVEN burn) less the player's armor roll.
 */
export const defend = rule('tenth-realm.combat.defend', (play, given: DefendInput) => {
  const answered = answerCall(play, given);
  const input = { ...answered, attribute: pickedAttribute(answered.attribute) };
  const combat = activeCombat(play, input.encounterId);
  combatant(combat, input.characterId);
  const enemy = fightingEnemy(combat, input.enemyId);
  const roll = resolveTrial(play, input);
  const sheet = play.character(input.characterId);
  let hit = null;
  // Recorded with the outcome, so that a verifier can re-derive the damage (replay.ts).
  let dice = null;
  const consequence = !roll.success && input.consequenceInPlaceOfDamage ? input.consequenceInPlaceOfDamage : null;
  if (roll.success) {
    if (roll.natural20) sheet.pending.nextRollDrReduction = NATURAL_20_DEFENCE_DR_REDUCTION;
  } else if (consequence) {
    // The GM's consequence in place of the damage dealt (seed 002 line 256): no damage die.
    enemy.damageStepDownPending = false;
  } else {
    let damageDie = clampDamageDie(enemy.weaponDie);
    if (roll.natural1) damageDie = stepUp(damageDie);
    const steppedDown = enemy.damageStepDownPending;
    if (steppedDown) damageDie = stepDown(damageDie);
    enemy.damageStepDownPending = false;
    const damageRoll = play.roll(damageDie);
    const { armorRoll, armorDice } = armorRollOf(play, input.characterId, input.ignoreArmor);
    const damage = damageAfterArmor(damageRoll, armorRoll);
    loseResilience(sheet, damage);
    hit = { damageDie, damageRoll, armorRoll, damage };
    dice = { enemyWeaponDie: enemy.weaponDie, steppedDown, armorDice };
  }
  log(combat, {
    kind: 'DEFEND',
    characterId: input.characterId,
    enemyId: enemy.id,
    summary: hit
      ? `hit by ${enemy.name}: ${hit.damage} damage (${sheet.resilience} left)`
      : consequence
        ? `hit by ${enemy.name}: ${consequence} in place of damage`
        : `${enemy.name} misses`,
  });
  const combatStatus = settleCombat(play, combat);
  return {
    roll,
    hit,
    dice,
    consequence,
    resilience: sheet.resilience,
    resilienceCheckDue: sheet.pending.resilienceCheckDue,
    nextRollDrReduction: sheet.pending.nextRollDrReduction,
    combatStatus,
    ...callTerms(given, answered),
  };
});

/** Morale: ♥ panic and flee, ♦ surrender or negotiate, ♣ stay in the fight, ♠ double down. */
export function moraleCheck(play: Play, combat: Combat, enemies: Enemy[], cause: string) {
  const [card] = play.reveal(1);
  const morale = bySuit<MoraleResult>(card, { H: 'PANIC_AND_FLEE', D: 'SURRENDER_OR_NEGOTIATE', C: 'STAY_IN_THE_FIGHT', S: 'DOUBLE_DOWN' });
  for (const enemy of enemies) {
    enemy.morale = morale;
    if (morale === 'PANIC_AND_FLEE') enemy.status = 'FLED';
    if (morale === 'SURRENDER_OR_NEGOTIATE') enemy.status = 'SURRENDERED';
  }
  log(combat, { kind: 'MORALE', characterId: null, enemyId: enemies.length === 1 ? enemies[0].id : null, summary: `${cause}: ${morale}` });
  const combatStatus = settleCombat(play, combat);
  return { card, morale, enemyIds: enemies.map((enemy) => enemy.id), combatStatus };
}

/** GM: a morale check for one enemy, or for every enemy still fighting (outnumbered, leader fallen). */
export const morale = rule('tenth-realm.combat.morale', (play, input: { encounterId: string; enemyId?: string }) => {
  const combat = activeCombat(play, input.encounterId);
  const enemies = input.enemyId ? [fightingEnemy(combat, input.enemyId)] : combat.enemies.filter((enemy) => enemy.status === 'FIGHTING');
  return moraleCheck(play, combat, enemies, 'morale check');
});

export type CombatEnding = 'PLAYERS_WITHDREW' | 'ENEMIES_WITHDREW' | 'WON' | 'LOST';

/** GM: a side withdraws, or the GM calls the outcome. */
export const endCombat = rule('tenth-realm.combat.ended', (play, input: { encounterId: string; outcome: CombatEnding }) => {
  const combat = activeCombat(play, input.encounterId);
  combat.status = input.outcome;
  log(combat, { kind: 'END', characterId: null, enemyId: null, summary: input.outcome });
  return { combatStatus: combat.status };
});

/**
 * The players' side withdraws (seed 002 line 219: "or if one side decides to withdraw"): a player
 * of a character in the fight speaks for the side, and the combat ends PLAYERS_WITHDREW.
 */
export const withdraw = rule('tenth-realm.combat.withdrew', (play, input: { encounterId: string; characterId: string }) => {
  const combat = activeCombat(play, input.encounterId);
  combatant(combat, input.characterId);
  combat.status = 'PLAYERS_WITHDREW';
  log(combat, { kind: 'END', characterId: input.characterId, enemyId: null, summary: 'PLAYERS_WITHDREW' });
  return { combatStatus: combat.status };
});
