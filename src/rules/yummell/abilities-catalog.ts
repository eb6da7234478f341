/**
 * The Abilities a character may have (yummell.md, Board, characters, cards: named Abilities, e.g.
 * Cleptomania). **Decision**: each Ability needs its own rule, so a character's Abilities are
 * named from this catalog; the campaign cannot add new ones as data.
 */
export const YUMMELL_ABILITIES = {
  CLEPTOMANIA: {
    name: 'Cleptomania',
    text: 'At the end of the movement, take one active Artefact of a character in the same square and add it to your own.',
    source: 'seed 003, Encounter, the example of Fulmergh',
  },
} as const;

export type AbilityId = keyof typeof YUMMELL_ABILITIES;

export const ABILITY_IDS = Object.keys(YUMMELL_ABILITIES) as AbilityId[];
