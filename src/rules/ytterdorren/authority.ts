/**
 * Who decides each input of each Ytterdörren action (src/rules/kernel/authority.ts). The GM runs
 * the creatures and foes, starts fights and vouches for the numbers that come from outside the
 * rules (a hero's board, an item's card); a character's player decides what the character does.
 * Ids the service makes (skirmish, encounter, foe and character ids) are nobody's input.
 */
import type { AuthorityRow, Decider } from '../kernel/authority.js';

const rows = (action: string, decidedBy: Decider, source: string, inputs: readonly string[]): AuthorityRow[] =>
  inputs.map((input) => ({ action, input, decidedBy, source }));

export const AUTHORITY: readonly AuthorityRow[] = [
  ...rows('ytterdorrenCreateCharacter', 'ANY_MEMBER', 'ytterdorren.md, Characters: a member names the character they bring', ['campaignId', 'name']),
  ...rows('ytterdorrenCreateCharacter', 'GM', 'ytterdorren.md, Characters: who plays it, and the numbers from outside the rules, are vouched for by the GM', [
    'memberId',
    'vita',
    'defense',
    'might',
  ]),
  ...rows('ytterdorrenLoadCreatures', 'GM', 'ytterdorren.md, Creature cards: campaigns load their own creature cards', ['campaignId', 'creatures']),

  ...rows('ytterdorrenStartSkirmish', 'GM', 'ytterdorren.md, Skirmish 1: the GM sets the creatures against the party', ['campaignId', 'characterIds', 'creatureIds']),
  ...rows('ytterdorrenChooseStance', 'ACTING_PLAYER', 'ytterdorren.md, Skirmish 3: every character chooses to attack or defend', [
    'skirmishId',
    'characterId',
    'stance',
    'targetCreatureId',
  ]),
  ...rows('ytterdorrenResolveRound', 'GM', "ytterdorren.md, Skirmish 4–6: the creatures' turn is the GM's to run", ['skirmishId']),

  ...rows('ytterdorrenStartEncounter', 'GM', 'ytterdorren.md, Encounters: the GM sets the foes and the difficulty of the story', ['campaignId', 'characterIds', 'foes']),
  ...rows('ytterdorrenFoeAttack', 'GM', "ytterdorren.md, Encounters, foe attack roll: the foes' actions are the GM's", ['encounterId', 'foeId', 'targetCharacterId']),
  ...rows('ytterdorrenCharacterAttack', 'ACTING_PLAYER', 'ytterdorren.md, Skirmish 5: a character rolls its own attack', ['encounterId', 'characterId', 'foeId']),
  ...rows('ytterdorrenDamageFoe', 'GM', 'ytterdorren.md, Encounters: the GM keeps the foes, and their Vita', ['encounterId', 'foeId', 'amount']),
  ...rows('ytterdorrenEndEncounter', 'GM', 'ytterdorren.md, Encounters: the map, and so its end, stays with the table, run by the GM', ['encounterId']),

  ...rows('ytterdorrenDamageCharacter', 'GM', "ytterdorren.md, Encounters: a foe's power is the GM's to apply", ['characterId', 'amount']),
  ...rows('ytterdorrenHealCharacter', 'GM', 'ytterdorren.md, Characters: Vita regained outside the rules (rest, story) is the GM’s call', ['characterId', 'amount']),
  ...rows('ytterdorrenGainItem', 'GM', 'ytterdorren.md, Skirmish 8: items come from the story, as the GM tells it', ['characterId', 'item']),
  ...rows('ytterdorrenUseItem', 'ACTING_PLAYER', 'seed 001 line 9: characters may use items during their turn', ['characterId', 'item']),
  ...rows('ytterdorrenUseItem', 'GM', "ytterdorren.md, Characters: what an item does is on its card, read by the GM", ['consumed', 'vitaGained']),
  ...rows('ytterdorrenEquipWeapon', 'ACTING_PLAYER', 'seed 001 line 13: a character equips its own weapon (not during a skirmish)', ['characterId', 'weapon']),
  ...rows('ytterdorrenTrade', 'ACTING_PLAYER', 'seed 001 line 13: the giving character trades (not during a skirmish)', ['fromCharacterId', 'toCharacterId', 'items', 'coins']),
];
