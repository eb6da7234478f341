import { Injectable } from '@nestjs/common';
import { BadUserInputError, ForbiddenError } from '../../common/errors.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import type {
  EnchantedRealmsAwardInput,
  EnchantedRealmsCallDrawInput,
  EnchantedRealmsCompleteQuestInput,
  EnchantedRealmsBarterInput,
  EnchantedRealmsCountCreaturesInput,
  EnchantedRealmsAddFoesInput,
  EnchantedRealmsCreateCharacterInput,
  EnchantedRealmsDrawInput,
  EnchantedRealmsLayWorldInput,
  EnchantedRealmsMoveToWorldInput,
  EnchantedRealmsReconcileInput,
} from './enchanted-realms.inputs.js';
import { EnchantedRealmsService, type Played } from './enchanted-realms.service.js';
import { requireDecider } from './enchanted-realms.authority.js';
import type { Attribute } from '../../rules/enchanted-realms-cards/cards.js';
import type { DrawAction } from '../../rules/enchanted-realms-cards/draw.js';
import {
  answerCall,
  awardReward,
  barter,
  callDraw,
  completeQuest,
  type DrawResult,
  countCreatures,
  addFoes,
  createAdventurer,
  type DrawInput,
  layWorld,
  LEAD_PLAYER,
  makeDraw,
  reachWorld,
  reconcile,
} from '../../rules/enchanted-realms-cards/table.js';
import { cardView, drawView, foeView } from './enchanted-realms.views.js';

const WITH_ATTRIBUTE: readonly string[] = ['ACTION_WITH_CARD', 'ACTION_WITHOUT_CARD'];

/**
 * The Enchanted Realms' mutations: who may do each, which move it makes and what it answers.
 * Players act for their own characters; the GM, who is the Lead Player, for anyone, and alone
 * counts creatures, reconciles hands and trades from the Lead Player's hand.
 */
@Injectable()
export class EnchantedRealmsActions {
  constructor(private readonly table: EnchantedRealmsService) {}

  async createCharacter(principal: Principal, input: EnchantedRealmsCreateCharacterInput) {
    requireDecider(principal, input.campaignId, 'enchantedRealmsCreateCharacter', input);
    const result = await this.table.createCharacter(principal, input, createAdventurer, {
      heroCardId: input.heroCardId,
      creatureCardId: input.creatureCardId,
    });
    return { character: result.character, eventSeq: result.eventSeq };
  }

  /**
   * A Draw. A player makes the Draw the Lead Player called for (`callSeq`), or a contest of their
   * character against an opposing character, whose Counter Draw answers with the usual formula
   * unless the defender's side (its player, or the GM) chooses another legal one. A Challenge
   * Number and a Draw for the game are the Lead Player's: the GM may give them here directly.
   */
  async draw(principal: Principal, input: EnchantedRealmsDrawInput) {
    requireDecider(principal, input.campaignId, 'enchantedRealmsDraw', input);
    await this.table.ownCharacter(principal, input.campaignId, input.actorId);
    if (input.callSeq != null) {
      const extra = (['action', 'attribute', 'opponent', 'opposingAction', 'opposingAttribute', 'challengeNumber', 'challengeForce'] as const).find(
        (field) => input[field] != null,
      );
      if (extra) throw new BadUserInputError(`The call sets the Draw's terms: give only actorId and callSeq, not ${extra}`, extra);
      const result = await this.table.play(principal, input.campaignId, answerCall, { actorId: input.actorId, callSeq: input.callSeq });
      return this.drawAnswer(result);
    }
    const drawInput = checkedDraw(input);
    if (drawInput.opponent && 'characterId' in drawInput.opponent) {
      const defender = await this.table.characterInReach(principal, input.campaignId, drawInput.opponent.characterId);
      const choosing = input.opposingAction != null || input.opposingAttribute != null;
      if (choosing && !isGameMaster(principal, input.campaignId) && defender.memberId !== principal.memberId) {
        throw new ForbiddenError("opposingAction and opposingAttribute are the defender's to choose: its player's, or the GM's (enchanted-realms-cards.md, The Draw)");
      }
    }
    if (drawInput.opponent && 'foeId' in drawInput.opponent && (input.opposingAction != null || input.opposingAttribute != null) && !isGameMaster(principal, input.campaignId)) {
      throw new ForbiddenError("opposingAction and opposingAttribute are the defender's to choose: a group of foes answers as the Lead Player says (enchanted-realms-cards.md, The Draw)");
    }
    const result = await this.table.play(principal, input.campaignId, makeDraw, drawInput);
    return this.drawAnswer({ ...result, callSeq: null });
  }

  private drawAnswer(result: DrawResult & Played & { callSeq: number | null }) {
    return {
      ...result,
      draw: drawView(result.deck, result.draw),
      counterDraw: result.counterDraw && drawView(result.deck, result.counterDraw),
    };
  }

  /** GM: the Lead Player calls for a Draw, setting its Challenge Number or its target card for the game. */
  async callDraw(principal: Principal, input: EnchantedRealmsCallDrawInput) {
    requireDecider(principal, input.campaignId, 'enchantedRealmsCallDraw', input);
    if ((input.challengeNumber == null) === (input.forTheGameCardId == null)) {
      throw new BadUserInputError('Give either a challengeNumber or a forTheGameCardId, not both', 'challengeNumber');
    }
    checkAttribute(input.action, input.attribute, 'attribute');
    if (input.challengeNumber != null && (input.opposingAction != null || input.opposingAttribute != null)) {
      throw new BadUserInputError('opposingAction is for a Draw for the game, not a Challenge Number', 'opposingAction');
    }
    if (input.forTheGameCardId != null && input.challengeForce != null) {
      throw new BadUserInputError("challengeForce is for a Challenge Number: a target card's Force is its own", 'challengeForce');
    }
    if (input.opposingAction != null && WITH_ATTRIBUTE.includes(input.opposingAction) && input.opposingAttribute == null && input.attribute == null) {
      throw new BadUserInputError(`${input.opposingAction} needs the attribute it tests: STR, AGL or PRE`, 'opposingAttribute');
    }
    await this.table.characterInReach(principal, input.campaignId, input.actorId);
    const result = await this.table.play(principal, input.campaignId, callDraw, {
      actorId: input.actorId,
      action: input.action,
      attribute: input.attribute ?? undefined,
      challengeNumber: input.challengeNumber ?? undefined,
      challengeForce: input.challengeForce ?? undefined,
      forTheGameCardId: input.forTheGameCardId ?? undefined,
      opposingAction: input.opposingAction ?? undefined,
      opposingAttribute: input.opposingAttribute ?? (input.opposingAction != null && WITH_ATTRIBUTE.includes(input.opposingAction) ? input.attribute : undefined) ?? undefined,
    });
    return { call: result.call, eventSeq: result.eventSeq };
  }

  /** The odds of the Draw `enchantedRealmsDraw` would make with this input, checked as it is: read only. */
  async drawOdds(principal: Principal, input: EnchantedRealmsDrawInput) {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const drawInput = checkedDraw(input);
    await this.table.ownCharacter(principal, input.campaignId, input.actorId);
    if (drawInput.opponent && 'characterId' in drawInput.opponent) {
      await this.table.characterInReach(principal, input.campaignId, drawInput.opponent.characterId);
    }
    return this.table.drawOdds(principal, input.campaignId, drawInput);
  }

  /** GM: how many creatures appear is the Lead Player's Draw. */
  async countCreatures(principal: Principal, input: EnchantedRealmsCountCreaturesInput) {
    requireDecider(principal, input.campaignId, 'enchantedRealmsCountCreatures', input);
    const result = await this.table.play(principal, input.campaignId, countCreatures, { creatureCardId: input.creatureCardId, draws: input.draws });
    return {
      creature: cardView(result.deck, result.creatureCardId),
      cards: result.drawn.map((id) => cardView(result.deck, id)),
      forces: result.forces,
      sum: result.sum,
      count: result.count,
      reshuffled: result.reshuffled,
      eventSeq: result.eventSeq,
    };
  }

  /** GM: the Lead Player puts a group of foes of one CREATURE card in the scene, `count` of them (e.g. the count enchantedRealmsCountCreatures gave). */
  async addFoes(principal: Principal, input: EnchantedRealmsAddFoesInput) {
    requireDecider(principal, input.campaignId, 'enchantedRealmsAddFoes', input);
    const result = await this.table.play(principal, input.campaignId, addFoes, { creatureCardId: input.creatureCardId, count: input.count });
    return { foe: foeView(result.deck, result.foe), eventSeq: result.eventSeq };
  }

  /** GM: the Lead Player lays a WORLD card on the table, with SUPPORT cards face down under it. */
  async layWorld(principal: Principal, input: EnchantedRealmsLayWorldInput) {
    requireDecider(principal, input.campaignId, 'enchantedRealmsLayWorld', input);
    const result = await this.table.play(principal, input.campaignId, layWorld, { worldCardId: input.worldCardId, supportCardIds: input.supportCardIds });
    return { worldCard: cardView(result.deck, result.worldCardId), supportLaid: result.supportLaid, supportCount: result.supportCount, eventSeq: result.eventSeq };
  }

  /** GM: the characters move to a WORLD card; its SUPPORT cards go to the Lead Player's hand, held to 5. */
  async moveToWorld(principal: Principal, input: EnchantedRealmsMoveToWorldInput) {
    requireDecider(principal, input.campaignId, 'enchantedRealmsMoveToWorld', input);
    const result = await this.table.play(principal, input.campaignId, reachWorld, { worldCardId: input.worldCardId, ...(input.returns == null ? {} : { returns: input.returns }) });
    return {
      worldCard: cardView(result.deck, result.worldCardId),
      supportCards: result.supportCardIds.map((id) => cardView(result.deck, id)),
      leadHandCount: result.leadHandCount,
      leadReturned: result.leadReturned,
      eventSeq: result.eventSeq,
    };
  }

  /** GM: the Lead Player grants a reward for a challenge the server saw overcome (its Draw's eventSeq). */
  async award(principal: Principal, input: EnchantedRealmsAwardInput) {
    const character = await this.table.characterInReach(principal, null, input.characterId);
    requireDecider(principal, character.campaignId, 'enchantedRealmsAward', input);
    const result = await this.table.play(principal, character.campaignId, awardReward, {
      characterId: input.characterId,
      cardId: input.cardId,
      challengeSeq: input.challengeSeq,
      acquiredDuringEncounter: input.acquiredDuringEncounter,
      setAside: input.setAside === true,
    });
    return {
      character: result.characters.get(input.characterId)!,
      card: cardView(result.deck, result.cardId),
      challengeForce: result.challengeForce,
      eventSeq: result.eventSeq,
    };
  }

  /** GM: the quest completes, and the character's rewards set aside go onto it. */
  async completeQuest(principal: Principal, input: EnchantedRealmsCompleteQuestInput) {
    const character = await this.table.characterInReach(principal, null, input.characterId);
    requireDecider(principal, character.campaignId, 'enchantedRealmsCompleteQuest', input);
    const result = await this.table.play(principal, character.campaignId, completeQuest, { characterId: input.characterId });
    return { character: result.characters.get(input.characterId)!, eventSeq: result.eventSeq };
  }

  /**
   * A trade. With the Lead Player (`to` left out) only the GM trades, being the Lead Player's side
   * of it: a player cannot see the Lead Player's hand, and must not learn it by asking for cards.
   * Between characters, the caller accepts for the sides they play (the GM for both).
   */
  async barter(principal: Principal, input: EnchantedRealmsBarterInput) {
    requireDecider(principal, input.campaignId, 'enchantedRealmsBarter', input);
    const to = input.to ?? null;
    const from = await this.table.characterInReach(principal, input.campaignId, input.from);
    const other = to === null ? null : await this.table.characterInReach(principal, input.campaignId, to);
    const gm = isGameMaster(principal, input.campaignId);
    if (to === null && !gm) throw new ForbiddenError("Trades with the Lead Player are made by the GM, from the Lead Player's hand");
    const acceptedBy = [from, other]
      .filter((character) => character !== null && (gm || (character.memberId !== null && character.memberId === principal.memberId)))
      .map((character) => character!.id);
    if (acceptedBy.length === 0) throw new ForbiddenError('A player may only trade for their own characters');
    return this.table.play(principal, input.campaignId, barter, { from: input.from, to, give: input.give, take: input.take, acceptedBy });
  }

  /** GM: RECONCILE, at the end of a scene (and that end, with `endScene`). */
  async reconcile(principal: Principal, input: EnchantedRealmsReconcileInput) {
    requireDecider(principal, input.campaignId, 'enchantedRealmsReconcile', input);
    const returns: Record<string, string[]> = {};
    for (const [index, entry] of input.returns.entries()) {
      const holder = entry.characterId ?? LEAD_PLAYER;
      if (returns[holder]) throw new BadUserInputError('Give each hand\'s returned cards once', `returns[${index}]`);
      returns[holder] = entry.cardIds;
    }
    return this.table.play(principal, input.campaignId, reconcile, { returns, endScene: input.endScene === true });
  }
}

/** An action with or without a card names the attribute it tests; no other action does. */
function checkAttribute(action: DrawAction, attribute: Attribute | null | undefined, field: string): void {
  if (!WITH_ATTRIBUTE.includes(action)) {
    if (attribute != null) throw new BadUserInputError(`${field} is only for ${WITH_ATTRIBUTE.join(' and ')}`, field);
  } else if (attribute == null) {
    throw new BadUserInputError(`${action} needs the attribute it tests: STR, AGL or PRE`, field);
  }
}

/** The Draw's input, checked: an action, exactly one opponent or Challenge Number, and the attributes the actions need. */
function checkedDraw(input: EnchantedRealmsDrawInput): DrawInput {
  if (input.action == null) throw new BadUserInputError('Give the action of the Draw, or the callSeq of the Draw the Lead Player called for', 'action');
  const opponent = input.opponent ?? null;
  const challengeNumber = input.challengeNumber ?? null;
  if (opponent === null && challengeNumber === null) {
    throw new BadUserInputError('Give an opponent (a Counter Draw) or a challengeNumber: the Draw is against one of them', 'opponent');
  }
  if (opponent !== null && challengeNumber !== null) {
    throw new BadUserInputError('Give either an opponent (a Counter Draw) or a challengeNumber, not both', 'opponent');
  }
  checkAttribute(input.action, input.attribute, 'attribute');
  const base = { actorId: input.actorId, action: input.action, attribute: input.attribute ?? undefined } as DrawInput;
  if (challengeNumber !== null) {
    if (input.opposingAction != null || input.opposingAttribute != null) {
      throw new BadUserInputError('opposingAction is for a Counter Draw, not a Challenge Number', 'opposingAction');
    }
    return { ...base, challengeNumber, ...(input.challengeForce == null ? {} : { challengeForce: input.challengeForce }) };
  }
  if (input.challengeForce != null) throw new BadUserInputError('challengeForce is for a Challenge Number', 'challengeForce');
  const characterId = opponent!.characterId ?? null;
  const forTheGameCardId = opponent!.forTheGameCardId ?? null;
  const foeId = opponent!.foeId ?? null;
  if ([characterId, forTheGameCardId, foeId].filter((given) => given !== null).length !== 1) {
    throw new BadUserInputError('An opponent is exactly one of a characterId, a forTheGameCardId and a foeId', 'opponent');
  }
  const opposingAction = input.opposingAction ?? undefined;
  if (opposingAction && WITH_ATTRIBUTE.includes(opposingAction) && input.opposingAttribute == null && input.attribute == null) {
    throw new BadUserInputError(`${opposingAction} needs the attribute it tests: STR, AGL or PRE`, 'opposingAttribute');
  }
  return { ...base, opponent: characterId !== null ? { characterId } : foeId !== null ? { foeId } : { forTheGameCardId: forTheGameCardId! },
    opposingAction,
    opposingAttribute: input.opposingAttribute ?? undefined, };
}
