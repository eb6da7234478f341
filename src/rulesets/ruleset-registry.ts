/**
 * The rule systems Arbiter knows, by stable id (../shared/rules/README.md). A campaign of any of
 * them has the platform's decks, dice, characters and events; a ruleset's own module adds its
 * rules on top and registers itself with RulesetHooks.
 */
export interface RulesetDescriptor {
  id: string;
  name: string;
  description: string;
}

export const RULESETS: readonly RulesetDescriptor[] = [
  {
    id: 'tenth-realm',
    name: 'The Tenth Realm',
    description:
      'Playing-card deck and polyhedral dice: trial and fate rolls, burning cards, Vanori, resilience, rest, combat, morale, XP, the oracle and regions.',
  },
  {
    id: 'enchanted-realms-cards',
    name: 'Enchanted Realms (card edition)',
    description:
      'The Adventure Deck: Draw and Counter Draw contests, Challenge Numbers, damage, rewards, barter and card stacking.',
  },
  {
    id: 'ytterdorren',
    name: 'Ytterdorren',
    description: 'd100 skirmishes with a Skirmish Counter, loot searches, and encounter foe attacks with black and white power dice.',
  },
  {
    id: 'yummell',
    name: 'Yummell',
    description: 'A track board game: movement, the encounter pile (Creature challenges, Artefacts, Events), abilities and advantages.',
  },
  {
    id: 'enchanted-realms-d20',
    name: 'Enchanted Realms (d20 edition)',
    description: 'd20 pools with natural 20 and 1, exploding melee crits, the d100 crit-effect table, and conditions with durations.',
  },
];

export function findRuleset(id: string): RulesetDescriptor | undefined {
  return RULESETS.find((ruleset) => ruleset.id === id);
}
