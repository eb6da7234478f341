/**
 * Checking creature cards and campaign settings at the API's edge (ytterdorren.md, Creature cards:
 * "Campaigns load their own creature cards"): a card that cannot be played is malformed input,
 * refused with BAD_USER_INPUT naming the card and the field before anything is written.
 */
import { BadUserInputError } from '../../common/errors.js';
import { campaignFromSettings, type YtterdorrenSettings } from '../../rules/ytterdorren/campaign.js';
import { validateCreatureCards, type CreatureCard } from '../../rules/ytterdorren/creatures.js';
import { EXAMPLE_PRESET_ID } from '../../rules/ytterdorren/example-creatures.js';

/**
 * The BAD_USER_INPUT for the errors of a list of creature cards (src/rules/ytterdorren/creatures.ts),
 * each of which names the card and its field. `field` is the card (`creatures[2]`, under `prefix`);
 * the extensions carry its `index`, its `cardId` when it has one, and every problem found.
 */
export function creatureCardsError(errors: readonly string[], cards: unknown, prefix = ''): BadUserInputError {
  const problems = errors.map((error) => (error.startsWith('creatures') ? `${prefix}${error}` : error));
  const [first] = problems;
  const more = problems.length - 1;
  const message = more === 0 ? first : `${first} (and ${more} more ${more === 1 ? 'problem' : 'problems'})`;
  const index = /^(?:settings\.)?creatures\[(\d+)\]/.exec(first)?.[1];
  if (index === undefined) {
    const field = /^(settings\.\w+|(?:settings\.)?creatures)\b/.exec(first)?.[1] ?? `${prefix}creatures`;
    return new BadUserInputError(message, field, { problems });
  }
  const card = Array.isArray(cards) ? (cards[Number(index)] as { id?: unknown } | undefined) : undefined;
  const cardId = typeof card?.id === 'string' ? card.id : null;
  return new BadUserInputError(message, `${prefix}creatures[${index}]`, { index: Number(index), cardId, problems });
}

/** The creature cards a request loads, checked: the list itself, or BAD_USER_INPUT on `creatures[i]`. */
export function checkedCreatureCards(cards: unknown): CreatureCard[] {
  const errors = validateCreatureCards(cards);
  if (errors.length > 0) throw creatureCardsError(errors, cards);
  return cards as CreatureCard[];
}

/**
 * A new campaign's settings (`createCampaign(input: { settings })`): `creaturePreset`
 * (`ytterdorren-example`, the default, or `none`) and `creatures`, the campaign's own cards added
 * to the preset's. Returned with the preset filled in; BAD_USER_INPUT names the setting or card.
 */
export function checkedSettings(given: Record<string, unknown>): Record<string, unknown> {
  const checked = campaignFromSettings(given);
  if (!checked.ok) throw creatureCardsError(checked.errors, given.creatures, 'settings.');
  const settings: YtterdorrenSettings = { creaturePreset: (given.creaturePreset as YtterdorrenSettings['creaturePreset']) ?? EXAMPLE_PRESET_ID };
  if (given.creatures !== undefined) settings.creatures = given.creatures as CreatureCard[];
  return { ...settings };
}
