import { Injectable } from '@nestjs/common';
import { BadUserInputError, ForbiddenError } from '../../common/errors.js';
import { isGameMaster, requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import type {
  EnchantedRealmsAwardInput,
  EnchantedRealmsBarterInput,
  EnchantedRealmsCountCreaturesInput,
  EnchantedRealmsCreateCharacterInput,
  EnchantedRealmsDrawInput,
  EnchantedRealmsReconcileInput,
} from './enchanted-realms.inputs.js';
import { EnchantedRealmsService } from './enchanted-realms.service.js';
import {
  awardReward,
  barter,
  countCreatures,
  createAdventurer,
  type DrawInput,
  LEAD_PLAYER,
  makeDraw,
  reconcile,
} from '../../rules/enchanted-realms-cards/table.js';
import { cardView, drawView } from './enchanted-realms.views.js';

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
    const result = await this.table.createCharacter(principal, input, createAdventurer, {
      heroCardId: input.heroCardId,
      creatureCardId: input.creatureCardId,
    });
    return { character: result.character, eventSeq: result.eventSeq };
  }

  async draw(principal: Principal, input: EnchantedRealmsDrawInput) {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const drawInput = checkedDraw(input);
    await this.table.ownCharacter(principal, input.campaignId, input.actorId);
    if (drawInput.opponent && 'characterId' in drawInput.opponent) {
      await this.table.characterInReach(principal, input.campaignId, drawInput.opponent.characterId);
    }
    const result = await this.table.play(principal, input.campaignId, makeDraw, drawInput);
    return { ...result, draw: drawView(result.deck, result.draw),
      counterDraw: result.counterDraw && drawView(result.deck, result.counterDraw), };
  }

  /** GM: how many creatures appear is the Lead Player's Draw. */
  async countCreatures(principal: Principal, input: EnchantedRealmsCountCreaturesInput) {
    requireCampaignRole(principal, input.campaignId, 'GM');
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

  async award(principal: Principal, input: EnchantedRealmsAwardInput) {
    const character = await this.table.ownCharacter(principal, null, input.characterId);
    const result = await this.table.play(principal, character.campaignId, awardReward, {
      characterId: input.characterId,
      cardId: input.cardId,
      challengeForce: input.challengeForce,
      acquiredDuringEncounter: input.acquiredDuringEncounter,
    });
    return { character: result.characters.get(input.characterId)!, card: cardView(result.deck, result.cardId), eventSeq: result.eventSeq };
  }

  /**
   * A trade. With the Lead Player (`to` left out) only the GM trades, being the Lead Player's side
   * of it: a player cannot see the Lead Player's hand, and must not learn it by asking for cards.
   * Between characters, the caller accepts for the sides they play (the GM for both).
   */
  async barter(principal: Principal, input: EnchantedRealmsBarterInput) {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
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

  /** GM: RECONCILE, at the end of a scene. */
  async reconcile(principal: Principal, input: EnchantedRealmsReconcileInput) {
    requireCampaignRole(principal, input.campaignId, 'GM');
    const returns: Record<string, string[]> = {};
    for (const [index, entry] of input.returns.entries()) {
      const holder = entry.characterId ?? LEAD_PLAYER;
      if (returns[holder]) throw new BadUserInputError('Give each hand\'s returned cards once', `returns[${index}]`);
      returns[holder] = entry.cardIds;
    }
    return this.table.play(principal, input.campaignId, reconcile, { returns });
  }
}

/** The Draw's input, checked: exactly one opponent or Challenge Number, and the attributes the actions need. */
function checkedDraw(input: EnchantedRealmsDrawInput): DrawInput {
  const opponent = input.opponent ?? null;
  const challengeNumber = input.challengeNumber ?? null;
  if (opponent === null && challengeNumber === null) {
    throw new BadUserInputError('Give an opponent (a Counter Draw) or a challengeNumber: the Draw is against one of them', 'opponent');
  }
  if (opponent !== null && challengeNumber !== null) {
    throw new BadUserInputError('Give either an opponent (a Counter Draw) or a challengeNumber, not both', 'opponent');
  }
  if (!WITH_ATTRIBUTE.includes(input.action)) {
    if (input.attribute != null) throw new BadUserInputError(`attribute is only for ${WITH_ATTRIBUTE.join(' and ')}`, 'attribute');
  } else if (input.attribute == null) {
    throw new BadUserInputError(`${input.action} needs the attribute it tests: STR, AGL or PRE`, 'attribute');
  }
  const base = { actorId: input.actorId, action: input.action, attribute: input.attribute ?? undefined } as DrawInput;
  if (challengeNumber !== null) {
    if (input.opposingAction != null || input.opposingAttribute != null) {
      throw new BadUserInputError('opposingAction is for a Counter Draw, not a Challenge Number', 'opposingAction');
    }
    return { ...base, challengeNumber };
  }
  const characterId = opponent!.characterId ?? null;
  const forTheGameCardId = opponent!.forTheGameCardId ?? null;
  if ((characterId === null) === (forTheGameCardId === null)) {
    throw new BadUserInputError('An opponent is either a characterId or a forTheGameCardId', 'opponent');
  }
  const opposingAction = input.opposingAction ?? undefined;
  if (opposingAction && WITH_ATTRIBUTE.includes(opposingAction) && input.opposingAttribute == null && input.attribute == null) {
    throw new BadUserInputError(`${opposingAction} needs the attribute it tests: STR, AGL or PRE`, 'opposingAttribute');
  }
  return { ...base, opponent: characterId !== null ? { characterId } : { forTheGameCardId: forTheGameCardId! },
    opposingAction,
    opposingAttribute: input.opposingAttribute ?? undefined, };
}
