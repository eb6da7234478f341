/**
 * Using an Ability (yummell.md, A turn step 2: "before or after the encounter"; seed 003,
 * Encounter: the example of Fulmergh and his Cleptomania).
 */
import { refuse } from '../kernel/outcome.js';
import { ABILITY_IDS, type AbilityId, YUMMELL_ABILITIES } from './abilities-catalog.js';
import { actingSheet, cardOf, sheetOf, type YummellPlay, yummellRule } from './state.js';

/** One use of an Ability: Cleptomania names the character robbed and, when it has several, the Artefact. */
export interface AbilityUse {
  ability: AbilityId;
  targetCharacterId: string;
  artefactCardId?: string | null;
}

/** What a use of an Ability did. */
export interface AbilityResult {
  ability: AbilityId;
  when: 'BEFORE_ENCOUNTER' | 'AFTER_ENCOUNTER';
  square: number;
  targetCharacterId: string;
  /** The Artefact that changed hands. */
  artefact: { cardId: string; name: string };
}

/**
 * Cleptomania (seed 003, Encounter): at the end of the movement, take one of the active Artefacts
 * of a character who occupies the same square and place it among your own. **Decision**: it is
 * used once a turn, only after moving, on the square where the movement ended (before the
 * encounter, or after it if the character is still there: "if the character remains in the same
 * square"), never at the start, which is not a square; the thief picks the Artefact when the other
 * character has several.
 */
function cleptomania(play: YummellPlay, characterId: string, use: AbilityUse, when: AbilityResult['when']): AbilityResult {
  const { state } = play;
  const thief = state.characters[characterId];
  const { turn } = state.campaign;
  const name = YUMMELL_ABILITIES.CLEPTOMANIA.name;
  if (turn.action !== 'MOVED') refuse('NOT_AFTER_MOVEMENT', `${name} is used at the end of ${thief.name}'s movement: move first`);
  if (turn.abilitiesUsed.includes('CLEPTOMANIA')) refuse('ABILITY_USED', `${thief.name} has already used ${name} this turn`);
  if (thief.position !== turn.movementEndedAt) {
    refuse('LEFT_THE_SQUARE', `${thief.name} is no longer on the square where the movement ended, where ${name} acts`);
  }
  if (thief.position === 0) refuse('NOT_ON_A_SQUARE', `${thief.name} is still at the start, which is not a square: ${name} needs a companion in the same square`);
  if (use.targetCharacterId === characterId) refuse('TARGET_IS_YOU', `${thief.name} cannot take an Artefact from themself`);
  const target = sheetOf(state, use.targetCharacterId);
  if (target.position !== thief.position) refuse('NOT_IN_YOUR_SQUARE', `${target.name} is not in ${thief.name}'s square`);
  if (target.artefacts.length === 0) refuse('NO_ARTEFACT', `${target.name} has no active Artefact to take`);
  const artefactCardId = use.artefactCardId ?? (target.artefacts.length === 1 ? target.artefacts[0] : null);
  if (artefactCardId === null) refuse('CHOOSE_ARTEFACT', `${target.name} has ${target.artefacts.length} active Artefacts: say which one to take`);
  if (!target.artefacts.includes(artefactCardId)) refuse('NOT_THEIR_ARTEFACT', `card '${artefactCardId}' is not one of ${target.name}'s active Artefacts`);

  target.artefacts = target.artefacts.filter((id) => id !== artefactCardId);
  thief.artefacts.push(artefactCardId);
  turn.abilitiesUsed.push('CLEPTOMANIA');
  const artefact = { cardId: artefactCardId, name: cardOf(state, artefactCardId).name };
  play.record('yummell.ability.used', {
    characterId,
    ability: 'CLEPTOMANIA',
    when,
    square: thief.position,
    targetCharacterId: use.targetCharacterId,
    artefactCardId,
    artefactName: artefact.name,
  });
  return { ability: 'CLEPTOMANIA', when, square: thief.position, targetCharacterId: use.targetCharacterId, artefact };
}

/** Uses one of the acting character's Abilities; `when` is only recorded. */
export function useAbility(play: YummellPlay, characterId: string, use: AbilityUse, when: AbilityResult['when']): AbilityResult {
  const sheet = play.state.characters[characterId];
  if (!ABILITY_IDS.includes(use.ability)) {
    refuse('UNKNOWN_ABILITY', `there is no Ability '${String(use.ability)}': the Abilities are ${ABILITY_IDS.join(', ')}`);
  }
  const name = YUMMELL_ABILITIES[use.ability].name;
  if (!sheet.abilities.includes(use.ability)) refuse('ABILITY_NOT_YOURS', `${sheet.name} does not have the Ability ${name}`);
  return cleptomania(play, characterId, use, when);
}

export interface UseAbilityInput extends AbilityUse {
  characterId: string;
}

/**
 * Uses an Ability after the move's encounter, once any challenge is resolved (yummell.md, A turn
 * step 2; the move's `abilitiesBeforeEncounter` uses one before). Records `yummell.ability.used`.
 */
export const yummellUseAbility = yummellRule((play, input: UseAbilityInput): AbilityResult => {
  actingSheet(play.state, input.characterId);
  return useAbility(play, input.characterId, input, 'AFTER_ENCOUNTER');
});
