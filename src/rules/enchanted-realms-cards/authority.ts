/**
 * Who decides each input of each Enchanted Realms (cards) action (src/rules/kernel/authority.ts).
 * The Lead Player — the campaign's GM — sets Challenge Numbers, draws for the game, calls for
 * Draws, counts the creatures, grants rewards, lays out the world and ends scenes; a character's player makes its
 * Draws and trades; the defender chooses how it answers a Counter Draw. An input written
 * `opponent.forTheGameCardId` is a field of a nested input.
 */
import type { AuthorityRow, Decider } from '../kernel/authority.js';

const rows = (action: string, decidedBy: Decider, source: string, inputs: readonly string[]): AuthorityRow[] =>
  inputs.map((input) => ({ action, input, decidedBy, source }));

const LEAD_SETS_CHALLENGE = 'enchanted-realms-cards.md, The Draw 3: a Challenge Number set by the Lead Player';
const LEAD_DRAWS_FOR_GAME = 'enchanted-realms-cards.md, The Draw: with no direct opponent the Lead Player draws "for the game"';

export const AUTHORITY: readonly AuthorityRow[] = [
  ...rows('enchantedRealmsCreateCharacter', 'ACTING_PLAYER', 'enchanted-realms-cards.md, Characters: a player brings a HERO card plus a CREATURE card', [
    'campaignId',
    'name',
    'heroCardId',
    'creatureCardId',
    'memberId',
  ]),

  ...rows('enchantedRealmsCallDraw', 'GM', `${LEAD_SETS_CHALLENGE}; ${LEAD_DRAWS_FOR_GAME}`, [
    'campaignId',
    'actorId',
    'action',
    'attribute',
    'challengeNumber',
    'challengeForce',
    'forTheGameCardId',
    'opposingAction',
    'opposingAttribute',
  ]),

  ...rows('enchantedRealmsDraw', 'ACTING_PLAYER', 'enchanted-realms-cards.md, The Draw 1–2: the character draws and adds its modifiers', [
    'campaignId',
    'actorId',
    'callSeq',
    'action',
    'attribute',
    'opponent.characterId',
  ]),
  ...rows('enchantedRealmsDraw', 'GM', LEAD_SETS_CHALLENGE, ['challengeNumber', 'challengeForce']),
  ...rows('enchantedRealmsDraw', 'GM', LEAD_DRAWS_FOR_GAME, ['opponent.forTheGameCardId']),
  ...rows('enchantedRealmsDraw', 'OPPOSING_PLAYER', 'enchanted-realms-cards.md, The Draw: "the opposing side draws the same way" — the defender answers', [
    'opposingAction',
    'opposingAttribute',
  ]),

  ...rows('enchantedRealmsCountCreatures', 'GM', 'enchanted-realms-cards.md, How many creatures appear: 3 cards unless the Lead Player says otherwise', [
    'campaignId',
    'creatureCardId',
    'draws',
  ]),

  ...rows('enchantedRealmsAddFoes', 'GM', 'enchanted-realms-cards.md, How many creatures appear: the Lead Player puts the creatures in the scene', [
    'campaignId',
    'creatureCardId',
    'count',
  ]),
  ...rows('enchantedRealmsDraw', 'ACTING_PLAYER', 'enchanted-realms-cards.md, The Draw 3: the character draws against a group of foes in the scene', ['opponent.foeId']),

  ...rows('enchantedRealmsAward', 'GM', 'enchanted-realms-cards.md, Rewards: the Lead Player grants a reward for a challenge overcome', [
    'characterId',
    'cardId',
    'challengeSeq',
    'acquiredDuringEncounter',
    'setAside',
  ]),
  ...rows('enchantedRealmsCompleteQuest', 'GM', 'enchanted-realms-cards.md, Rewards: cards set aside are awarded when the quest completes', ['characterId']),

  ...rows('enchantedRealmsBarter', 'ACTING_PLAYER', 'enchanted-realms-cards.md, Barter: a trade between two characters needs both sides to accept (one with the Lead Player, `to` left out, is the GM\'s)', [
    'campaignId',
    'from',
    'to',
    'give',
    'take',
  ]),

  ...rows('enchantedRealmsLayWorld', 'GM', 'enchanted-realms-cards.md, Hands: the SUPPORT cards under a WORLD card are the Lead Player\'s (they go to the Lead Player\'s hand)', [
    'campaignId',
    'worldCardId',
    'supportCardIds',
  ]),
  ...rows('enchantedRealmsMoveToWorld', 'GM', 'enchanted-realms-cards.md, Hands: when the characters move to a WORLD card its SUPPORT cards go to the Lead Player\'s hand, who holds at most 5', [
    'campaignId',
    'worldCardId',
    'returns',
  ]),

  ...rows('enchantedRealmsReconcile', 'GM', 'enchanted-realms-cards.md, Hands: RECONCILE at the end of a scene; The Draw: the scene\'s cards go back when it ends', [
    'campaignId',
    'returns',
    'endScene',
  ]),
];

/** The actions whose every input is the Lead Player's. */
export const LEAD_PLAYER_ACTIONS: readonly string[] = [...new Set(AUTHORITY.map((row) => row.action))].filter((action) =>
  AUTHORITY.filter((row) => row.action === action).every((row) => row.decidedBy === 'GM'),
);
