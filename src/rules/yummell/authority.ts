/**
 * Who decides each input of each Yummell action (kernel/authority.ts). The rules give the player
 * every choice of their own turn — the card, where to stop, which Abilities and Advantages — and
 * "only the current character acts", which the rules check; what the table agrees on before the
 * race (the board, the deck, the characters' printed cards) is the GM's.
 */
import type { AuthorityRow } from '../kernel/authority.js';

const row = (action: string, input: string, decidedBy: AuthorityRow['decidedBy'], source: string): AuthorityRow => ({ action, input, decidedBy, source });

export const AUTHORITY: readonly AuthorityRow[] = [
  row('yummellSetUp', 'board', 'GM', 'yummell.md, Board: "A campaign loads its own board"'),
  row('yummellSetUp', 'boardPreset', 'GM', 'yummell.md, Board: "the server ships a documented example"'),
  row('yummellSetUp', 'cards', 'GM', 'yummell.md, Board, characters, cards: One deck'),
  row('yummellSetUp', 'deckPreset', 'GM', 'yummell.md, Board, characters, cards: One deck'),

  row('yummellCreateCharacter', 'campaignId', 'ANY_MEMBER', 'issue, Contract: yummellCreateCharacter'),
  row('yummellCreateCharacter', 'name', 'ANY_MEMBER', 'issue, Contract: yummellCreateCharacter'),
  row('yummellCreateCharacter', 'memberId', 'GM', 'DESIGN.md, API conventions: a PLAYER has their own characters, the GM assigns them'),
  row('yummellCreateCharacter', 'characteristics', 'GM', 'yummell.md, Board, characters, cards: the Characteristics a character card prints (Yummell rules)'),
  row('yummellCreateCharacter', 'abilities', 'GM', 'yummell.md, Board, characters, cards: the named Abilities a character card prints'),
  row('yummellCreateCharacter', 'advantages', 'GM', 'yummell.md, Board, characters, cards: the Advantage cards a character has'),

  row('yummellMove', 'characterId', 'ACTING_PLAYER', 'issue, Contract: only the current character acts'),
  row('yummellMove', 'cardId', 'ACTING_PLAYER', 'yummell.md, A turn step 1: "play a card from hand"'),
  row('yummellMove', 'stopAfter', 'ACTING_PLAYER', 'yummell.md, A turn step 1: "stops … where the player chooses"'),
  row('yummellMove', 'abilitiesBeforeEncounter', 'ACTING_PLAYER', 'seed 003, Encounter 2): "the character will choose whether to use them before or after"'),

  row('yummellResolveChallenge', 'characterId', 'ACTING_PLAYER', 'issue, Contract: only the current character acts'),
  row('yummellResolveChallenge', 'cardId', 'ACTING_PLAYER', 'yummell.md, Encounter results: "the player chooses which"'),
  row('yummellResolveChallenge', 'advantages', 'ACTING_PLAYER', 'seed 003, Challenge: "The player decides to use it"'),

  row('yummellRest', 'characterId', 'ACTING_PLAYER', 'yummell.md, A turn step 1: "Move or rest"'),

  row('yummellUseAbility', 'characterId', 'ACTING_PLAYER', 'issue, Contract: only the current character acts'),
  row('yummellUseAbility', 'ability', 'ACTING_PLAYER', 'seed 003, Encounter 2): "the character will choose whether to use them"'),
  row('yummellUseAbility', 'targetCharacterId', 'ACTING_PLAYER', 'seed 003, Encounter: Fulmergh "can decide to use his Ability on that character"'),
  row('yummellUseAbility', 'artefactCardId', 'ACTING_PLAYER', 'seed 003, Encounter: "grab one of the Artefacts"'),

  row('yummellEndTurn', 'characterId', 'ACTING_PLAYER', 'yummell.md, A turn step 3: "End of turn"'),
];
