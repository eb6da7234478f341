/** Creating the combatants who attack and are attacked (enchanted-realms-d20.md; seed 004, line 50). */
import { rule } from '../kernel/outcome.js';
import { copyData } from '../plain-data.js';
import { IMMUNITY_KINDS, type ImmunityKind } from './crit-table.js';
import { D20_EVENTS, MAX_SCORE, refuse, requireInteger, type Combatant, type D20State } from './state.js';

/** The melee skill tree (enchanted-realms-d20.md, "Dice pools"): each adds one d20 to a pool. */
export const MELEE_SKILLS = [
  'MELEE_TRAINING',
  'STYLE_BLUDGEONING',
  'STYLE_CLEAVING',
  'STYLE_SLASHING',
  'STYLE_POLEARMS',
  'WEAPON_FORTE',
  'CHARGING',
  'HEAVY_BLOW',
  'MASSIVE_BLOW',
] as const;

/** The styles that let a natural 20 crit (seed 004, line 47). */
export const CRIT_ENABLING_SKILLS: readonly string[] = ['STYLE_BLUDGEONING', 'STYLE_CLEAVING', 'STYLE_POLEARMS', 'STYLE_SLASHING'];

/** Most skills a combatant lists. */
export const MAX_SKILLS = 40;
const SKILL_NAME = /^[A-Z][A-Z0-9_]{0,59}$/;
const MAX_NAME_LENGTH = 100;
const MAX_ID_LENGTH = 100;
/** Largest armor value accepted, in the table's coin. */
export const MAX_ARMOR_VALUE = 1_000_000_000;

/** Refuses unless `id` is a non-empty id of at most 100 characters. */
export function requireId(id: unknown, field: string): string {
  if (typeof id !== 'string' || id.length === 0 || id.length > MAX_ID_LENGTH) refuse('INVALID_ID', `${field} must be an id of 1 to ${MAX_ID_LENGTH} characters`);
  // Ids are keys of plain objects in the state; this one would be read as the object's prototype.
  if (id === '__proto__') refuse('INVALID_ID', `${field} cannot be '__proto__'`);
  return id;
}

/**
 * Refuses a list of skill names that is not UPPER_SNAKE names, each once. **Decision**: skills are
 * named in UPPER_SNAKE so that the crit-enabling styles are recognised exactly; the rulebook's
 * melee tree is {@link MELEE_SKILLS}, any other name (a ranged skill, a feat) is taken as given.
 */
export function requireSkills(skills: unknown, field: string): string[] {
  if (!Array.isArray(skills) || skills.length > MAX_SKILLS) refuse('INVALID_SKILL', `${field} is a list of at most ${MAX_SKILLS} skills`);
  for (const skill of skills) {
    if (typeof skill !== 'string' || !SKILL_NAME.test(skill)) {
      refuse('INVALID_SKILL', `${field}: name a skill in UPPER_SNAKE, such as STYLE_SLASHING (got ${JSON.stringify(skill)})`);
    }
  }
  const twice = skills.find((skill, index) => skills.indexOf(skill) !== index);
  if (twice !== undefined) refuse('DUPLICATE_SKILL', `${field} names ${twice} twice: each skill adds one die`);
  return [...(skills as string[])];
}

export interface CreateCombatantInput {
  /** The campaign the service loaded; the rule works on its state. */
  campaignId?: string;
  /** A new id, made by the service. */
  combatantId: string;
  name: string;
  characterId?: string | null;
  defense: number;
  armorWorn: boolean;
  armorValue?: number | null;
  skills: string[];
  immunities: ImmunityKind[];
}

/**
 * Adds a combatant, player character or foe alike (seed 004, line 50: "the bad guys can also crit
 * the PCs"), with no conditions and nothing taken. **Decision**: a character is one combatant at a
 * time; Defense is 0 to 1000.
 */
export const createCombatant = rule<D20State, CreateCombatantInput, { combatant: Combatant }>(D20_EVENTS.combatantCreated, (play, input) => {
  const id = requireId(input.combatantId, 'combatantId');
  if (Object.hasOwn(play.state.combatants, id)) refuse('COMBATANT_EXISTS', `a combatant '${id}' already exists`);
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) refuse('INVALID_NAME', `a combatant's name has 1 to ${MAX_NAME_LENGTH} characters`);
  const characterId = input.characterId == null ? null : requireId(input.characterId, 'characterId');
  if (characterId !== null) {
    const other = Object.values(play.state.combatants).find((combatant) => combatant.characterId === characterId);
    if (other) refuse('CHARACTER_ALREADY_COMBATANT', `that character already fights as ${other.name}`);
  }
  const defense = requireInteger(input.defense, 0, MAX_SCORE, 'defense');
  if (typeof input.armorWorn !== 'boolean') refuse('INVALID_NUMBER', 'armorWorn must be true or false');
  const armorValue = input.armorValue == null ? null : requireInteger(input.armorValue, 0, MAX_ARMOR_VALUE, 'armorValue');
  const skills = requireSkills(input.skills, 'skills');
  if (!Array.isArray(input.immunities)) refuse('UNKNOWN_IMMUNITY', 'immunities is a list');
  for (const kind of input.immunities) {
    if (!(IMMUNITY_KINDS as readonly unknown[]).includes(kind)) {
      refuse('UNKNOWN_IMMUNITY', `${JSON.stringify(kind)} is not something a creature can be immune to: one of ${IMMUNITY_KINDS.join(', ')}`);
    }
  }
  const immunities = IMMUNITY_KINDS.filter((kind) => input.immunities.includes(kind));
  const combatant: Combatant = {
    id,
    name,
    characterId,
    defense,
    armorWorn: input.armorWorn,
    armorValue,
    skills,
    immunities,
    conditions: [],
    damageTaken: 0,
    pain: 0,
    anxiety: 0,
    spite: 0,
    calledCheck: null,
  };
  play.state.combatants[id] = combatant;
  return { combatant: copyData(combatant) };
});
