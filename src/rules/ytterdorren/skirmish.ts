/**
 * Skirmishes (ytterdorren.md, Skirmish; seed 001 lines 3–51): quick abstract combat in which the
 * characters wear a Skirmish Counter down to 0 while the creatures attack every one of them.
 */
import { rule } from '../kernel/outcome.js';
import { formatDiceExpression, parseDiceExpression, rollDiceExpression } from '../random/dice.js';
import type { Rng } from '../random/random-stream.js';
import { damageOf, type CreatureCard } from './creatures.js';
import { rollD100 } from './d100.js';
import {
  assertNewEncounterId,
  assertParticipants,
  refuse,
  runningSkirmishOf,
  sheetOf,
  skirmishOf,
  type CharacterLoot,
  type Skirmish,
  type SkirmishCreature,
  type SkirmishStatus,
  type Stance,
  type StrengthRoll,
  type YtterdorrenPlay,
  type YtterdorrenState,
} from './state.js';

/** ytterdorren.md, Skirmish 3: DEFEND gives +10 Defense and −10 Attack for the round. */
export const DEFEND_DEFENSE_BONUS = 10;
export const DEFEND_ATTACK_PENALTY = 10;
/** ytterdorren.md, Skirmish 8: a d10 showing 10 finds an item. */
export const ITEM_SEARCH_DIE = 10;
export const ITEM_FOUND_ON = 10;
/** Most creatures one skirmish holds. */
export const MAX_SKIRMISH_CREATURES = 10;

export const SKIRMISH_EVENTS = {
  started: 'ytterdorren.skirmish.started',
  stanceChosen: 'ytterdorren.skirmish.stance-chosen',
  roundResolved: 'ytterdorren.skirmish.round-resolved',
} as const;

/** The name of the item a successful search adds. **Decision**: the item deck stays with the GM, who says what it is. */
export const foundItemName = (creatureName: string): string => `Item from ${creatureName}`;

/**
 * Rolls a strength expression (ytterdorren.md, Skirmish 1): each die with `rng.die`, left to right.
 *
 * @throws Error when the expression does not parse: validated cards' always do.
 */
export function rollStrength(creatureId: string, expression: string, rng: Rng): StrengthRoll {
  const parsed = parseDiceExpression(expression);
  if (!parsed.ok) throw new Error(`strength '${expression}' of ${creatureId}: ${parsed.error.message}`);
  const roll = rollDiceExpression(parsed.expression, rng);
  return { creatureId, expression: formatDiceExpression(parsed.expression), dice: roll.dice.map((die) => die.value), total: roll.total };
}

/** The skirmish side of a card as a skirmish keeps it. */
function skirmishCreatureOf(card: CreatureCard): SkirmishCreature {
  const { defense, attackModifier, reward } = card.skirmish;
  return { creatureId: card.id, name: card.name, defense, attackModifier, damage: damageOf(card), reward: { ...reward } };
}

export interface StartSkirmishInput {
  /** Made by the service (the encounter row's id). */
  skirmishId: string;
  characterIds: string[];
  /** A creature listed twice fights twice. */
  creatureIds: string[];
}

/**
 * ytterdorren.md, Skirmish 1–2: rolls each creature's strength dice for the number of players and
 * places the Skirmish Counter on the sum (**Decision** for several creatures). **Decision**: the
 * number of players is the number of characters in the skirmish, and a character fights in one
 * skirmish at a time.
 */
export const startSkirmish = rule(SKIRMISH_EVENTS.started, (play: YtterdorrenPlay, input: StartSkirmishInput) => {
  assertNewEncounterId(play, input.skirmishId);
  assertParticipants(play, input.characterIds);
  for (const id of input.characterIds) {
    if (runningSkirmishOf(play.state, id)) refuse('ALREADY_IN_SKIRMISH', `character '${id}' is already in a skirmish`);
  }
  if (!Array.isArray(input.creatureIds) || input.creatureIds.length < 1 || input.creatureIds.length > MAX_SKIRMISH_CREATURES) {
    refuse('INVALID_PARTICIPANTS', `a skirmish has 1 to ${MAX_SKIRMISH_CREATURES} creatures`);
  }
  const players = String(input.characterIds.length);
  const cards = input.creatureIds.map((id) => {
    const card = play.state.campaign.creatures.find((candidate) => candidate.id === id);
    if (!card) refuse('UNKNOWN_CREATURE', `the campaign has no creature card '${id}'`);
    if (card.skirmish.strength[players] === undefined) {
      refuse('NO_STRENGTH_FOR_PLAYERS', `${card.name} has no strength for ${players} player${players === '1' ? '' : 's'}`);
    }
    return card;
  });
  const strength = cards.map((card) => rollStrength(card.id, card.skirmish.strength[players]!, play.rng));
  const startingCounter = strength.reduce((sum, roll) => sum + roll.total, 0);
  const skirmish: Skirmish = {
    id: input.skirmishId,
    kind: 'ytterdorren.skirmish',
    status: 'ONGOING',
    round: 1,
    characterIds: [...input.characterIds],
    creatures: cards.map(skirmishCreatureOf),
    strength,
    startingCounter,
    counter: startingCounter,
    stances: {},
    defeatedCharacterIds: [],
    loot: null,
  };
  play.state.encounters[skirmish.id] = skirmish;
  return { players: input.characterIds.length, strength, startingCounter, counter: startingCounter, status: skirmish.status, round: skirmish.round, creatures: skirmish.creatures };
});

/** The creatures of a skirmish, each once, in the order they first appear. */
export function uniqueCreatures(creatures: readonly SkirmishCreature[]): SkirmishCreature[] {
  return creatures.filter((creature, index) => creatures.findIndex((other) => other.creatureId === creature.creatureId) === index);
}

/** Whether a character still takes turns: not defeated in this skirmish, and with Vita left. */
export function isStanding(skirmish: Skirmish, state: YtterdorrenState, characterId: string): boolean {
  return !skirmish.defeatedCharacterIds.includes(characterId) && (state.characters[characterId]?.vita ?? 0) > 0;
}

/** The standing characters who have not chosen for the round under way. */
export function waitingForStance(skirmish: Skirmish, state: YtterdorrenState): string[] {
  return skirmish.characterIds.filter((id) => isStanding(skirmish, state, id) && skirmish.stances[id] === undefined);
}

export interface ChooseStanceInput {
  skirmishId: string;
  characterId: string;
  stance: Stance;
  /**
   * The creature whose Defense the attack roll must meet. **Decision**: with creatures of more than
   * one card the character names one; with one card it is that one.
   */
  targetCreatureId?: string;
}

/**
 * ytterdorren.md, Skirmish 3: a standing character chooses ATTACK or DEFEND for the round (and may
 * change its mind until the round is resolved).
 */
export const chooseStance = rule(SKIRMISH_EVENTS.stanceChosen, (play: YtterdorrenPlay, input: ChooseStanceInput) => {
  const skirmish = skirmishOf(play, input.skirmishId);
  if (skirmish.status !== 'ONGOING') refuse('SKIRMISH_OVER', 'that skirmish is over');
  if (!skirmish.characterIds.includes(input.characterId)) refuse('NOT_IN_SKIRMISH', `character '${input.characterId}' is not in this skirmish`);
  if (!isStanding(skirmish, play.state, input.characterId)) refuse('CHARACTER_DEFEATED', 'a defeated character takes no more turns');
  if (input.stance !== 'ATTACK' && input.stance !== 'DEFEND') refuse('INVALID_STANCE', 'choose ATTACK or DEFEND');
  const kinds = uniqueCreatures(skirmish.creatures);
  let target = input.targetCreatureId;
  if (target === undefined || target === null) {
    if (kinds.length > 1) refuse('TARGET_NEEDED', `name the creature to attack: ${kinds.map((creature) => creature.name).join(' or ')}`);
    target = kinds[0].creatureId;
  }
  if (!kinds.some((creature) => creature.creatureId === target)) refuse('UNKNOWN_TARGET', `there is no creature '${target}' in this skirmish`);
  skirmish.stances[input.characterId] = { stance: input.stance, targetCreatureId: target };
  return { round: skirmish.round, stance: input.stance, targetCreatureId: target, waitingFor: waitingForStance(skirmish, play.state) };
});

/** A character as a round starts: what the round's rolls are compared with. */
export interface RoundCharacter {
  characterId: string;
  /** False for a defeated character: it is not attacked and does not attack. */
  standing: boolean;
  /** Null for a character who is not standing. */
  stance: Stance | null;
  targetCreatureId: string | null;
  /** The sheet's Defense, before the stance. */
  defense: number;
  might: number;
  vitaBefore: number;
}

/** Everything a round's outcome follows from, besides the dice. */
export interface RoundSetup {
  round: number;
  counterBefore: number;
  creatures: SkirmishCreature[];
  characters: RoundCharacter[];
}

/** ytterdorren.md, Skirmish 4: one creature's attack on one character. */
export interface CreatureAttack {
  creatureId: string;
  characterId: string;
  black: number;
  white: number;
  d100: number;
  modifier: number;
  total: number;
  /** The Defense it faced: the character's, +10 when defending. */
  defense: number;
  hit: boolean;
  damage: number;
  vitaAfter: number;
}

/** ytterdorren.md, Skirmish 5: one character's attack roll. */
export interface CharacterAttack {
  characterId: string;
  stance: Stance;
  targetCreatureId: string;
  black: number;
  white: number;
  d100: number;
  might: number;
  /** −10 when defending, else 0. */
  stanceModifier: number;
  total: number;
  /** The target creature's Defense. */
  defense: number;
  hit: boolean;
}

export type RoundOutcome = Omit<RoundSetup, 'characters'> & {
  characters: Array<RoundCharacter & { vitaAfter: number; defeated: boolean }>;
  creatureAttacks: CreatureAttack[];
  characterAttacks: CharacterAttack[];
  hits: number;
  counterAfter: number;
  status: SkirmishStatus;
  loot: CharacterLoot[] | null;
};

/**
 * One round, from the setup and the dice (ytterdorren.md, Skirmish 4–8). Draws, in this order:
 * each creature (as listed) on each character still standing (as listed), a black then a white
 * die; then each standing character's black and white die; on a victory, each character's d10 for
 * each unique creature. Shared by the rule and its replayer, so both draw alike.
 * **Decision**: a character brought to 0 Vita is not attacked again and does not attack; every
 * character of the skirmish, standing or not, gets the loot ("All characters", seed 001 line 51),
 * and the reward of each unique creature's card once.
 *
 * @throws Error when a standing character has no stance or targets a creature not in the setup.
 */
export function playRound(setup: RoundSetup, rng: Rng): RoundOutcome {
  const vita = new Map(setup.characters.map((character) => [character.characterId, character.vitaBefore]));
  const standing = (character: RoundCharacter) => character.standing && vita.get(character.characterId)! > 0;

  const creatureAttacks: CreatureAttack[] = [];
  for (const creature of setup.creatures) {
    for (const character of setup.characters) {
      if (!standing(character)) continue;
      const roll = rollD100(rng);
      const total = roll.d100 + creature.attackModifier;
      const defense = character.defense + (character.stance === 'DEFEND' ? DEFEND_DEFENSE_BONUS : 0);
      const hit = total >= defense;
      const vitaAfter = hit ? Math.max(0, vita.get(character.characterId)! - creature.damage) : vita.get(character.characterId)!;
      vita.set(character.characterId, vitaAfter);
      creatureAttacks.push(
        { ...roll, creatureId: creature.creatureId, characterId: character.characterId, modifier: creature.attackModifier, total, defense, hit, damage: hit ? creature.damage : 0, vitaAfter },
      );
    }
  }

  const characterAttacks: CharacterAttack[] = [];
  for (const character of setup.characters) {
    if (!standing(character)) continue;
    if (character.stance === null || character.targetCreatureId === null) throw new Error(`character '${character.characterId}' has no stance`);
    const target = setup.creatures.find((creature) => creature.creatureId === character.targetCreatureId);
    if (!target) throw new Error(`character '${character.characterId}' targets '${character.targetCreatureId}', not in the skirmish`);
    const roll = rollD100(rng);
    const stanceModifier = character.stance === 'DEFEND' ? -DEFEND_ATTACK_PENALTY : 0;
    const total = roll.d100 + character.might + stanceModifier;
    characterAttacks.push(
      { ...roll, characterId: character.characterId,
        stance: character.stance,
        targetCreatureId: target.creatureId,
        might: character.might,
        stanceModifier,
        total,
        defense: target.defense,
        hit: total >= target.defense, },
    );
  }

  // ytterdorren.md, Skirmish 6–7: the counter falls by the hits, never below 0.
  const hits = characterAttacks.filter((attack) => attack.hit).length;
  const counterAfter = Math.max(0, setup.counterBefore - hits);
  const anyoneStanding = setup.characters.some(standing);
  const status: SkirmishStatus = counterAfter === 0 ? 'VICTORY' : anyoneStanding ? 'ONGOING' : 'DEFEAT';
  const loot = status === 'VICTORY' ? searchForLoot(setup, rng) : null;
  const characters = setup.characters.map((character) => ({
    ...character,
    vitaAfter: vita.get(character.characterId)!,
    defeated: vita.get(character.characterId)! === 0,
  }));
  return { round: setup.round, counterBefore: setup.counterBefore, creatures: setup.creatures, characters, creatureAttacks, characterAttacks, hits, counterAfter, status, loot };
}

/** ytterdorren.md, Skirmish 8: each character's rewards and one d10 search per unique creature. */
function searchForLoot(setup: RoundSetup, rng: Rng): CharacterLoot[] {
  const kinds = uniqueCreatures(setup.creatures);
  return setup.characters.map(({ characterId }) => {
    const rewards = kinds.map(({ creatureId, reward }) => ({ creatureId, coins: reward.coins, lore: reward.lore, text: reward.text }));
    const searches = kinds.map(({ creatureId }) => {
      const d10 = rng.die(ITEM_SEARCH_DIE);
      return { creatureId, d10, found: d10 === ITEM_FOUND_ON };
    });
    return {
      characterId,
      coins: rewards.reduce((sum, reward) => sum + reward.coins, 0),
      lore: rewards.reduce((sum, reward) => sum + reward.lore, 0),
      rewards,
      searches,
      itemsFound: searches.filter((search) => search.found).map((search) => foundItemName(kinds.find((kind) => kind.creatureId === search.creatureId)!.name)),
    };
  });
}

/** The setup of the round under way of a skirmish, from the sheets as they are now. */
export function roundSetupOf(skirmish: Skirmish, state: YtterdorrenState): RoundSetup {
  return {
    round: skirmish.round,
    counterBefore: skirmish.counter,
    creatures: skirmish.creatures,
    characters: skirmish.characterIds.map((characterId) => {
      const sheet = state.characters[characterId];
      if (!sheet) throw new Error(`the sheet of '${characterId}' was not loaded`);
      const standing = isStanding(skirmish, state, characterId);
      const choice = standing ? skirmish.stances[characterId] : undefined;
      return {
        characterId,
        standing,
        stance: choice?.stance ?? null,
        targetCreatureId: choice?.targetCreatureId ?? null,
        defense: sheet.defense,
        might: sheet.might,
        vitaBefore: sheet.vita,
      };
    }),
  };
}

/**
 * ytterdorren.md, Skirmish 4–8: the creatures' turn, the characters' turn, the counter, and the
 * end: VICTORY at 0 (with the loot), DEFEAT when no character stands, else the next round.
 * Refused until every standing character has chosen a stance.
 */
export const resolveRound = rule(SKIRMISH_EVENTS.roundResolved, (play: YtterdorrenPlay, input: { skirmishId: string }) => {
  const skirmish = skirmishOf(play, input.skirmishId);
  if (skirmish.status !== 'ONGOING') refuse('SKIRMISH_OVER', 'that skirmish is over');
  for (const id of skirmish.characterIds) sheetOf(play, id);
  const waiting = waitingForStance(skirmish, play.state);
  if (waiting.length > 0) {
    refuse('STANCE_MISSING', `every standing character chooses to attack or defend first: ${waiting.map((id) => `'${id}'`).join(', ')} ${waiting.length === 1 ? 'has' : 'have'} not`);
  }
  const outcome = playRound(roundSetupOf(skirmish, play.state), play.rng);

  for (const character of outcome.characters) {
    const sheet = play.state.characters[character.characterId];
    sheet.vita = character.vitaAfter;
    if (character.defeated && !skirmish.defeatedCharacterIds.includes(character.characterId)) skirmish.defeatedCharacterIds.push(character.characterId);
  }
  for (const spoils of outcome.loot ?? []) {
    const sheet = play.state.characters[spoils.characterId];
    sheet.coins += spoils.coins;
    sheet.lore += spoils.lore;
    sheet.items.push(...spoils.itemsFound);
  }
  skirmish.counter = outcome.counterAfter;
  skirmish.status = outcome.status;
  skirmish.stances = {};
  skirmish.loot = outcome.loot;
  if (outcome.status === 'ONGOING') skirmish.round += 1;
  return outcome;
});
