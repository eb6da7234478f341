/**
 * Yummell (`yummell`, yummell.md, seed 003): a race along a track, with an encounter deck of
 * Creatures, Artefacts and Events. The pure rules the platform wires to GraphQL and REST.
 */
export { ABILITY_IDS, type AbilityId, YUMMELL_ABILITIES } from './abilities-catalog.js';
export { type AbilityResult, type AbilityUse, type UseAbilityInput, yummellUseAbility } from './abilities.js';
export { AUTHORITY } from './authority.js';
export { type ResolveChallengeInput, type ResolveChallengeResult, yummellResolveChallenge } from './challenge.js';
export { type CreateCharacterInput, type CreateCharacterResult, yummellCreateCharacter } from './characters.js';
export * from './data.js';
export type { EncounterResult, EventOutcome, NoEffectReason } from './encounter.js';
export { type MoveInput, type MoveResult, yummellMove } from './move.js';
export { type ChallengeOdds, type ChallengeOddsInput, playerView, type YummellPlayerView, yummellChallengeOdds } from './odds.js';
export { YUMMELL_BOARD_PRESETS, YUMMELL_DECK_PRESETS, YUMMELL_EXAMPLE_BOARD, YUMMELL_EXAMPLE_DECK } from './presets.js';
export { REPLAYERS } from './replay.js';
export { type SetUpInput, type SetUpResult, yummellSetUp } from './setup.js';
export {
  campaignView,
  characterView,
  HAND_SIZE,
  unsetYummellState,
  type YummellCampaign,
  type YummellCampaignView,
  type YummellCharacterView,
  type YummellSheet,
  type YummellState,
} from './state.js';
export type { PathStep, StopReason } from './track.js';
export { type EndTurnInput, type EndTurnResult, type RestInput, yummellEndTurn, yummellRest } from './turn.js';
export { type DataError, validateAdvantages, validateYummellBoard, validateYummellDeck } from './validation.js';
