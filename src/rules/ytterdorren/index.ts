/**
 * Ytterdörren (`ytterdorren`, ../shared/rules/ytterdorren.md, seed 001): the pure rules the
 * platform wires to GraphQL and REST. Every rule is `(state, input, rng) → outcome`
 * (src/rules/kernel/outcome.ts) over {@link YtterdorrenState}.
 */
export const RULESET_ID = 'ytterdorren';

export { AUTHORITY } from './authority.js';
export { CAMPAIGN_EVENTS, campaignFromSettings, loadCreatures, type YtterdorrenSettings } from './campaign.js';
export {
  CHARACTER_EVENTS,
  createCharacter,
  damageCharacter,
  equipWeapon,
  gainItem,
  healCharacter,
  trade,
  useItem,
  type CreateCharacterInput,
  type TradeInput,
  type UseItemInput,
} from './characters.js';
export { DEFAULT_DAMAGE, validateCreatureCards, type CreatureCard, type EncounterSide, type Reward, type SkirmishSide } from './creatures.js';
export { readD100, rollD100, type D100Roll } from './d100.js';
export {
  characterAttack,
  damageFoe,
  ENCOUNTER_EVENTS,
  endEncounter,
  foeAttack,
  startEncounter,
  type AttackRoll,
  type FoeAttackRoll,
  type FoeInput,
  type StartEncounterInput,
} from './encounter.js';
export { EXAMPLE_CREATURES, EXAMPLE_PRESET_ID } from './example-creatures.js';
export { SeededGenerator, ytterdorrenSkirmishOdds, type CharacterOdds, type SkirmishOdds, type SkirmishOddsOptions, type SkirmishOutcomeOdds } from './odds.js';
export { differences, REPLAYERS, replayEvents } from './replay.js';
export {
  chooseStance,
  playRound,
  resolveRound,
  SKIRMISH_EVENTS,
  startSkirmish,
  type CharacterAttack,
  type ChooseStanceInput,
  type CreatureAttack,
  type RoundOutcome,
  type RoundSetup,
  type StartSkirmishInput,
} from './skirmish.js';
export type {
  CharacterLoot,
  Foe,
  FoeEncounter,
  Skirmish,
  SkirmishCreature,
  Stance,
  StrengthRoll,
  YtterdorrenCampaign,
  YtterdorrenEncounter,
  YtterdorrenSheet,
  YtterdorrenState,
  YtterdorrenViolationReason,
} from './state.js';
