/**
 * The campaign-wide state (ytterdorren.md, Creature cards: "Campaigns load their own creature
 * cards; the server ships a few documented examples").
 */
import { rule } from '../kernel/outcome.js';
import { mergeCreatureCards, validateCreatureCards, type CreatureCard } from './creatures.js';
import { EXAMPLE_CREATURES, EXAMPLE_PRESET_ID } from './example-creatures.js';
import { refuse, type YtterdorrenCampaign, type YtterdorrenPlay } from './state.js';

export const CAMPAIGN_EVENTS = { creaturesLoaded: 'ytterdorren.creatures.loaded' } as const;

/** What `createCampaign` may say about Ytterdörren. */
export interface YtterdorrenSettings {
  /** The preset to start from: the example set (default) or none. */
  creaturePreset?: typeof EXAMPLE_PRESET_ID | 'none';
  /** The campaign's own cards, added to the preset's (replacing a preset card of the same id). */
  creatures?: CreatureCard[];
}

/**
 * The campaign state a new campaign starts with, or the errors of its settings, each naming the
 * setting (and, for a card, the card and the field). **Decision**: a campaign that names no cards
 * plays with the example set, so that a skirmish can start at once.
 */
export function campaignFromSettings(settings: unknown = {}): { ok: true; campaign: YtterdorrenCampaign } | { ok: false; errors: string[] } {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) return { ok: false, errors: ['settings must be an object'] };
  const { creaturePreset = EXAMPLE_PRESET_ID, creatures = [], ...rest } = settings as Record<string, unknown>;
  const errors = Object.keys(rest).map((key) => `settings.${key} is not a Ytterdörren setting (creaturePreset, creatures)`);
  if (creaturePreset !== EXAMPLE_PRESET_ID && creaturePreset !== 'none') errors.push(`settings.creaturePreset must be '${EXAMPLE_PRESET_ID}' or 'none'`);
  errors.push(...validateCreatureCards(creatures));
  if (errors.length > 0) return { ok: false, errors };
  const preset = creaturePreset === 'none' ? [] : EXAMPLE_CREATURES;
  return { ok: true, campaign: { creatures: mergeCreatureCards(structuredClone(preset) as CreatureCard[], creatures as CreatureCard[]) } };
}

/**
 * Loads a campaign's own creature cards: each replaces the card of the same id or is added
 * (ytterdorren.md, Creature cards). Skirmishes and encounters under way keep the cards they
 * started with. Refused with every error of the cards when one is not playable.
 */
export const loadCreatures = rule(CAMPAIGN_EVENTS.creaturesLoaded, (play: YtterdorrenPlay, input: { creatures: CreatureCard[] }) => {
  const errors = validateCreatureCards(input.creatures);
  if (errors.length > 0) refuse('INVALID_CREATURE_CARDS', errors.join('; '));
  const known = new Set(play.state.campaign.creatures.map((card) => card.id));
  play.state.campaign.creatures = mergeCreatureCards(play.state.campaign.creatures, input.creatures);
  const merged = validateCreatureCards(play.state.campaign.creatures);
  if (merged.length > 0) refuse('INVALID_CREATURE_CARDS', merged.join('; '));
  return {
    added: input.creatures.filter((card) => !known.has(card.id)).map((card) => card.id),
    replaced: input.creatures.filter((card) => known.has(card.id)).map((card) => card.id),
  };
});
