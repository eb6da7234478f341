import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { Character } from '../../modules/characters/character.model.js';
import { Card } from '../../modules/decks/deck.model.js';
import type { CardView } from '../../modules/decks/decks.service.js';

export enum EnchantedRealmsDrawAction {
  ATTACK = 'ATTACK',
  DEFEND = 'DEFEND',
  SPELL = 'SPELL',
  DEFEND_SPELL = 'DEFEND_SPELL',
  ACTION_WITH_CARD = 'ACTION_WITH_CARD',
  ACTION_WITHOUT_CARD = 'ACTION_WITHOUT_CARD',
}
export enum EnchantedRealmsAttribute {
  STR = 'STR',
  AGL = 'AGL',
  PRE = 'PRE',
}
export enum EnchantedRealmsModifierTerm {
  STR = 'STR',
  AGL = 'AGL',
  PRE = 'PRE',
  COMBAT = 'COMBAT',
  SPELLCASTING = 'SPELLCASTING',
  WEAPON = 'WEAPON',
  ARMOR = 'ARMOR',
  SPELL = 'SPELL',
  ENHANCE = 'ENHANCE',
  SPECIAL = 'SPECIAL',
  HEALTH = 'HEALTH',
  FORCE = 'FORCE',
}

registerEnumType(EnchantedRealmsDrawAction, {
  name: 'EnchantedRealmsDrawAction',
  description:
    'What a Draw is for, and so its modifiers: ATTACK STR+COMBAT+ENHANCE+WEAPON; DEFEND AGL+COMBAT+ENHANCE+ARMOR; ' +
    'SPELL PRE+SPELLCASTING+SPELL; DEFEND_SPELL PRE+SPELLCASTING; ACTION_WITH_CARD ENHANCE+attribute+SPECIAL; ACTION_WITHOUT_CARD attribute+SPECIAL.',
});
registerEnumType(EnchantedRealmsAttribute, { name: 'EnchantedRealmsAttribute' });
registerEnumType(EnchantedRealmsModifierTerm, {
  name: 'EnchantedRealmsModifierTerm',
  description: "A bonus added to a Draw, or FORCE: a target card's Force Number, when the card lists no bonuses.",
});

@ObjectType({ description: 'The stacked attributes: across different cards, the highest counts; copies of a card add 1 each.' })
export class EnchantedRealmsAttributes {
  @Field(() => Int) STR!: number;
  @Field(() => Int) AGL!: number;
  @Field(() => Int) PRE!: number;
}

@ObjectType({ description: 'The stacked skills: special abilities, added up.' })
export class EnchantedRealmsSkills {
  @Field(() => Int) COMBAT!: number;
  @Field(() => Int) SPELLCASTING!: number;
}

@ObjectType({ description: 'The other stacked bonuses: equipment, ENHANCE and SPECIAL, added up.' })
export class EnchantedRealmsBonuses {
  @Field(() => Int) WEAPON!: number;
  @Field(() => Int) ARMOR!: number;
  @Field(() => Int) SPELL!: number;
  @Field(() => Int) ENHANCE!: number;
  @Field(() => Int) SPECIAL!: number;
}

@ObjectType({ description: 'An Enchanted Realms character: a HERO and a CREATURE card, and the cards on the table in front of it.' })
export class EnchantedRealmsCharacter {
  @Field(() => Card) heroCard!: CardView;
  @Field(() => Card) creatureCard!: CardView;
  @Field(() => [Card], { description: 'Every card in front of the character, face up, in the order it arrived: HERO, CREATURE, then rewards.' })
  tableCards!: CardView[];
  @Field(() => EnchantedRealmsAttributes) attributes!: EnchantedRealmsAttributes;
  @Field(() => EnchantedRealmsSkills) skills!: EnchantedRealmsSkills;
  @Field(() => EnchantedRealmsBonuses) bonuses!: EnchantedRealmsBonuses;
  @Field(() => Int) health!: number;
  @Field(() => Int, { description: 'The stacked HEALTH bonus, or 10 when no card gives one.' }) maxHealth!: number;
  @Field({ description: 'At 0 Health: the character can no longer draw nor be opposed.' }) defeated!: boolean;
}

@ObjectType({ description: 'A group of foes of one CREATURE card: the target of a Draw as opponent { foeId }.' })
export class EnchantedRealmsFoeGroup {
  @Field(() => ID) id!: string;
  @Field(() => Card) creature!: CardView;
  @Field(() => Int, { description: 'How many creatures still stand.' }) count!: number;
  @Field(() => Int, { description: "Each creature's full Health: its card's HEALTH, or 10." }) healthEach!: number;
  @Field(() => Int, { description: "The group's Health left: damage fells the creatures front first, carrying over." }) health!: number;
}

@ObjectType({ description: 'A WORLD card laid out on the table, and how many SUPPORT cards lie face down under it.' })
export class EnchantedRealmsWorld {
  @Field(() => Card) card!: CardView;
  @Field(() => Int, { description: "They go to the Lead Player's hand when the characters move there (enchantedRealmsMoveToWorld)." }) supportCount!: number;
}

@ObjectType({ description: "An Enchanted Realms campaign's Adventure Deck, the Lead Player's hand, the groups of foes in the scene and the world laid out." })
export class EnchantedRealmsCampaign {
  @Field(() => ID, { description: 'The Adventure Deck (see `deck`).' }) deckId!: string;
  @Field(() => Int) leadHandCount!: number;
  @Field(() => [Card], { nullable: true, description: "The Lead Player's hand: the GM's; null for players." }) leadHand!: CardView[] | null;
  @Field(() => [EnchantedRealmsFoeGroup], { description: 'The groups of foes standing in the scene (enchantedRealmsAddFoes), the target of a Draw as opponent { foeId }; they leave when the scene ends.' })
  foes!: EnchantedRealmsFoeGroup[];
  @Field(() => [EnchantedRealmsWorld], { description: 'The WORLD cards on the table (enchantedRealmsLayWorld), in the order they were laid.' })
  worlds!: EnchantedRealmsWorld[];
}

@ObjectType()
export class EnchantedRealmsCharacterPayload {
  @Field(() => Character) character!: object;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsModifier {
  @Field(() => EnchantedRealmsModifierTerm) term!: string;
  @Field(() => Int) value!: number;
}

@ObjectType({ description: 'One side of a contest: the card drawn face up, its Force Number and the modifiers, term by term.' })
export class EnchantedRealmsDraw {
  @Field(() => ID, { nullable: true, description: 'The character who drew; null for the Lead Player drawing for the game.' })
  characterId!: string | null;
  @Field(() => Card, { nullable: true, description: 'For the game: the card whose bonuses (or Force) the game adds.' })
  forTheGameCard!: CardView | null;
  @Field(() => ID, { nullable: true, description: 'The group of foes that drew (the Lead Player drawing for it); null otherwise.' }) foeId!: string | null;
  @Field(() => EnchantedRealmsDrawAction, { nullable: true }) action!: string | null;
  @Field(() => EnchantedRealmsAttribute, { nullable: true }) attribute!: string | null;
  @Field(() => Card) card!: CardView;
  @Field(() => Int) force!: number;
  @Field(() => [EnchantedRealmsModifier], { description: 'In the order of the formula, zeros included.' }) modifiers!: EnchantedRealmsModifier[];
  @Field(() => Int, { description: 'The sum of the modifiers.' }) modifierTotal!: number;
  @Field(() => Int, { description: 'The Adjusted Draw Score: force + modifierTotal.' }) adjusted!: number;
}

@ObjectType({ description: 'What a Draw overcame (enchanted-realms-cards.md, Rewards).' })
export class EnchantedRealmsOvercome {
  @Field(() => Int, { description: 'The Force a reward card may reach.' }) force!: number;
  @Field({ description: 'CHALLENGE_NUMBER, CHALLENGE_FORCE (given by the Lead Player), TARGET_CARD (drawn against for the game) or CREATURE_CARD (of the defeated character).' })
  from!: string;
  @Field(() => String, { nullable: true, description: 'The card the Force is read from.' }) cardId!: string | null;
}

@ObjectType()
export class EnchantedRealmsDamageChance {
  @Field(() => Int) damage!: number;
  @Field() probability!: number;
}

@ObjectType({ description: "A Draw's chances before it is made, from the asker's view alone." })
export class EnchantedRealmsDrawOdds {
  @Field(() => [EnchantedRealmsModifier], { description: "The initiator's modifier, term by term." }) modifiers!: EnchantedRealmsModifier[];
  @Field(() => Int) modifier!: number;
  @Field(() => [EnchantedRealmsModifier], { nullable: true, description: "The Counter Draw's modifier; null against a Challenge Number." })
  counterModifiers!: EnchantedRealmsModifier[] | null;
  @Field(() => Int, { nullable: true }) counterModifier!: number | null;
  @Field(() => Int, { nullable: true }) challengeNumber!: number | null;
  @Field({ description: 'P(the initiator wins): a higher score, a tie, or a Challenge Number met.' }) win!: number;
  @Field({ description: 'P(a tie, which the initiator wins); against a Challenge Number, P(score = the number).' }) tieWonByInitiator!: number;
  @Field({ description: 'The expected damage: a won ATTACK deals the difference of the scores.' }) expectedDamage!: number;
  @Field(() => [EnchantedRealmsDamageChance], { description: 'The distribution of that damage, 0 included.' }) damage!: EnchantedRealmsDamageChance[];
  @Field({ description: 'P(the opponent falls to 0 Health with this Draw).' }) defeatsOpponent!: number;
  @Field({ description: 'Whether a card may come from the discard pile shuffled back.' }) reshuffles!: boolean;
}

@ObjectType()
export class EnchantedRealmsDrawPayload {
  @Field(() => EnchantedRealmsDraw) draw!: EnchantedRealmsDraw;
  @Field(() => EnchantedRealmsDraw, { nullable: true, description: 'The opponent\'s (or the game\'s) Counter Draw; null against a Challenge Number.' })
  counterDraw!: EnchantedRealmsDraw | null;
  @Field(() => Int, { nullable: true }) challengeNumber!: number | null;
  @Field({ description: 'Whether the drawing character succeeded (a tie goes to the initiator; a Challenge Number is met by ≥).' })
  success!: boolean;
  @Field(() => ID, { nullable: true, description: 'The winning character; null when the game or the Challenge Number won.' })
  winnerId!: string | null;
  @Field(() => Int, { description: "Contest: the winner's score − the loser's. Challenge: the score − the number." }) margin!: number;
  @Field(() => Int, { description: 'A successful ATTACK: the difference of the scores, in Health points.' }) damage!: number;
  @Field(() => Int, { nullable: true, description: "The opposing character's Health after the Draw." }) targetHealth!: number | null;
  @Field({ description: 'Whether the opposing character, or the last creature of the group of foes, fell to 0 Health.' }) defeated!: boolean;
  @Field(() => Int, { nullable: true, description: 'Against a group of foes: how many still stand.' }) foesLeft!: number | null;
  @Field({ description: 'Whether the discard pile was shuffled back into an empty Adventure Deck.' }) reshuffled!: boolean;
  @Field(() => EnchantedRealmsOvercome, {
    nullable: true,
    description: 'The creature or challenge this Draw overcame, whose rewards the GM grants by this eventSeq; null when nothing was overcome.',
  })
  overcome!: EnchantedRealmsOvercome | null;
  @Field(() => Int, { nullable: true, description: 'The call this Draw answered (enchantedRealmsCallDraw), if any.' }) callSeq!: number | null;
  @Field(() => Int, { description: 'The Draw\'s event: a reward for what it overcame names it as challengeSeq.' }) eventSeq!: number;
}

@ObjectType({ description: 'A Draw the Lead Player called for: the character\'s player makes it with callSeq.' })
export class EnchantedRealmsCalledDraw {
  @Field(() => Int, { description: 'The call\'s event: the Draw that answers it names it as callSeq.' }) seq!: number;
  @Field(() => ID) actorId!: string;
  @Field(() => EnchantedRealmsDrawAction) action!: string;
  @Field(() => EnchantedRealmsAttribute, { nullable: true }) attribute!: string | null;
  @Field(() => Int, { nullable: true }) challengeNumber!: number | null;
  @Field(() => String, { nullable: true }) forTheGameCardId!: string | null;
  @Field(() => EnchantedRealmsDrawAction, { nullable: true }) opposingAction!: string | null;
  @Field(() => EnchantedRealmsAttribute, { nullable: true }) opposingAttribute!: string | null;
  @Field(() => Int, { nullable: true, description: 'The Force a reward for meeting the Challenge Number may reach; the Challenge Number when null.' })
  challengeForce!: number | null;
}

@ObjectType()
export class EnchantedRealmsCallDrawPayload {
  @Field(() => EnchantedRealmsCalledDraw) call!: EnchantedRealmsCalledDraw;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsCreatureCount {
  @Field(() => Card) creature!: CardView;
  @Field(() => [Card], { description: 'The cards drawn face up, in order.' }) cards!: CardView[];
  @Field(() => [Int]) forces!: number[];
  @Field(() => Int) sum!: number;
  @Field(() => Int, { description: "⌈sum ÷ the creature's Force⌉, at least 1." }) count!: number;
  @Field() reshuffled!: boolean;
  @Field(() => Int) eventSeq!: number;
}


@ObjectType()
export class EnchantedRealmsFoesAdded {
  @Field(() => EnchantedRealmsFoeGroup) foe!: EnchantedRealmsFoeGroup;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsAwardPayload {
  @Field(() => Character) character!: object;
  @Field(() => Card) card!: CardView;
  @Field(() => Int, { description: 'The Force the reward could reach: the challenge\'s, as the server recorded it.' }) challengeForce!: number;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsBarterPayload {
  @Field({ description: 'False while the trade waits for the other player to accept it.' }) completed!: boolean;
  @Field() withLeadPlayer!: boolean;
  @Field(() => Int, { description: 'The Force of the items `from` gives.' }) giveWorth!: number;
  @Field(() => Int, { description: 'The Force of the items `from` receives.' }) takeWorth!: number;
  @Field(() => Int, { description: 'giveWorth − takeWorth.' }) balance!: number;
  @Field(() => ID, { nullable: true, description: 'Whose player has yet to accept.' }) awaitingCharacterId!: string | null;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsReconciledHand {
  @Field(() => ID) characterId!: string;
  @Field(() => Int, { description: 'Cards held now: 5.' }) count!: number;
  @Field(() => Int) drawn!: number;
  @Field(() => Int) returned!: number;
}

@ObjectType()
export class EnchantedRealmsWorldLaid {
  @Field(() => Card) worldCard!: CardView;
  @Field(() => Int, { description: 'How many SUPPORT cards this move put under it.' }) supportLaid!: number;
  @Field(() => Int, { description: 'How many lie under it now.' }) supportCount!: number;
  @Field(() => Int) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsWorldReached {
  @Field(() => Card) worldCard!: CardView;
  @Field(() => [Card], { description: "The SUPPORT cards that went to the Lead Player's hand (the caller is the GM); leadReturned of the hand went back to the deck." }) supportCards!: CardView[];
  @Field(() => Int) leadHandCount!: number;
  @Field(() => Int, { description: 'How many cards the Lead Player gave back to the bottom of the Adventure Deck, to hold 5.' }) leadReturned!: number;
  @Field(() => Int, { description: 'One event, whose card ids only the GM reads.' }) eventSeq!: number;
}

@ObjectType()
export class EnchantedRealmsReconcilePayload {
  @Field({ description: 'Whether the scene ended first (endScene).' }) sceneEnded!: boolean;
  @Field(() => [ID], { description: 'With endScene: the groups of foes that left with the scene (not overcome: no reward).' }) foesCleared!: string[];
  @Field(() => [String], { description: 'With endScene: the WORLD cards with SUPPORT cards still under them, which stay laid out.' }) worldsKept!: string[];
  @Field(() => [EnchantedRealmsReconciledHand]) hands!: EnchantedRealmsReconciledHand[];
  @Field(() => Int) leadHandCount!: number;
  @Field(() => Int) leadReturned!: number;
  @Field(() => Int, { description: 'The reconcile event; one event per hand dealt follows it.' }) eventSeq!: number;
}
