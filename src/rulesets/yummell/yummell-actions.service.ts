import { Injectable } from '@nestjs/common';
import { requireCampaignRole } from '../../modules/auth/auth.service.js';
import type { Principal } from '../../modules/auth/principal.js';
import {
  type AbilityId,
  type Characteristic,
  yummellCreateCharacter,
  yummellEndTurn,
  yummellMove,
  yummellResolveChallenge,
  yummellRest,
  yummellSetUp,
  yummellUseAbility,
} from '../../rules/yummell/index.js';
import { requireAuthority } from './yummell.authority.js';
import type {
  YummellChallengeOddsInput,
  YummellCharacterInput,
  YummellCreateCharacterInput,
  YummellMoveInput,
  YummellResolveChallengeInput,
  YummellSetUpInput,
  YummellUseAbilityInput,
} from './yummell.inputs.js';
import type * as models from './yummell.model.js';
import { YummellService } from './yummell.service.js';
import { checkRaceChoice } from './yummell.settings.js';
import { abilityView, boardView, cardById, encounterView } from './yummell.views.js';

/** GraphQL leaves absent optional fields as null; the rules expect them left out. */
const withoutNulls = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, field]) => field !== null && field !== undefined)) as T;

/**
 * Yummell's mutations: who may make each (AUTHORITY: the GM sets up the race and prints the
 * characters; the player of the character whose turn it is — or the GM for them — makes every
 * choice of the turn), which rule it plays and what it answers.
 */
@Injectable()
export class YummellActions {
  constructor(private readonly table: YummellService) {}

  /** GM: another board or deck, before anyone joined the race. */
  async setUp(principal: Principal, input: YummellSetUpInput): Promise<models.YummellSetUpPayload> {
    requireCampaignRole(principal, input.campaignId, 'GM');
    const { board, boardPreset, cards, deckPreset } = input;
    const choice = checkRaceChoice(withoutNulls({ board, boardPreset, cards, deckPreset }), '', { defaults: false });
    const played = await this.table.play(principal, input.campaignId, yummellSetUp, choice, { field: 'campaignId' });
    return { deckId: played.deck.id, board: boardView(played.result.board), cardCount: played.result.cardCount, eventSeq: played.eventSeq };
  }

  /** GM (the character card's Characteristics, Abilities and Advantages are the GM's): a character joins the race with a hand of 4. */
  async createCharacter(principal: Principal, input: YummellCreateCharacterInput): Promise<models.YummellCharacterPayload> {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    requireAuthority(principal, input.campaignId, 'yummellCreateCharacter', input);
    const { strength, charm, agility, magic } = input.characteristics;
    const characteristics: Record<Characteristic, number> = { STRENGTH: strength, CHARM: charm, AGILITY: agility, MAGIC: magic };
    const played = await this.table.createCharacter(principal, input, yummellCreateCharacter, {
      characteristics,
      abilities: input.abilities as AbilityId[],
      advantages: input.advantages.map(withoutNulls),
    });
    return { character: played.character, currentCharacterId: played.result.currentCharacterId, eventSeq: played.eventSeq };
  }

  async move(principal: Principal, input: YummellMoveInput): Promise<models.YummellMovePayload> {
    const { campaignId } = await this.table.actingCharacter(principal, input.characterId);
    requireAuthority(principal, campaignId, 'yummellMove', input);
    const played = await this.table.play(
      principal,
      campaignId,
      yummellMove,
      {
        characterId: input.characterId,
        cardId: input.cardId,
        stopAfter: input.stopAfter ?? null,
        abilitiesBeforeEncounter: input.abilitiesBeforeEncounter.map((use) => ({
          ability: use.ability as AbilityId,
          targetCharacterId: use.targetCharacterId,
          artefactCardId: use.artefactCardId ?? null,
        })),
      },
      { field: 'characterId' },
    );
    const { result, cards } = played;
    return {
      card: cardById(cards, result.card.cardId),
      from: result.from,
      path: result.path.map((step) => ({ ...step })),
      pointsUsed: result.pointsUsed,
      pointsLeft: result.pointsLeft,
      position: result.position,
      advanced: result.advanced,
      stoppedBecause: result.stoppedBecause,
      stoppedBefore: result.stoppedBefore,
      abilities: result.abilities.map((use) => abilityView(use, cards)),
      encounter: result.encounter && encounterView(result.encounter, cards),
      noEncounterBecause: result.noEncounterBecause,
      arrival: result.arrival,
      challengePending: result.challengePending,
      handCount: result.handCount,
      eventSeq: played.eventSeq,
    };
  }

  async resolveChallenge(principal: Principal, input: YummellResolveChallengeInput): Promise<models.YummellChallengePayload> {
    const { campaignId } = await this.table.actingCharacter(principal, input.characterId);
    requireAuthority(principal, campaignId, 'yummellResolveChallenge', input);
    const played = await this.table.play(
      principal,
      campaignId,
      yummellResolveChallenge,
      { characterId: input.characterId, cardId: input.cardId ?? null, advantages: input.advantages },
      { field: 'characterId' },
    );
    const { result, cards } = played;
    return {
      creature: cardById(cards, result.creature.cardId),
      characteristic: result.creature.characteristic,
      number: result.creature.number,
      card: result.cardId === null ? null : cardById(cards, result.cardId),
      characteristicValue: result.characteristicValue,
      cardValue: result.cardValue,
      advantages: result.advantages.map(({ name, bonus }) => ({ name, bonus, cardId: null })),
      artefacts: result.artefacts.map(({ name, bonus, cardId }) => ({ name, bonus, cardId })),
      total: result.total,
      won: result.won,
      discardedAdvantages: result.discardedAdvantages,
      from: result.from,
      position: result.position,
      moved: result.moved,
      arrival: result.arrival,
      handCount: result.handCount,
      eventSeq: played.eventSeq,
    };
  }

  /** The acting character's player (or the GM): which cards of the hand win the pending challenge. Read only. */
  async challengeOdds(principal: Principal, input: YummellChallengeOddsInput): Promise<models.YummellChallengeOdds> {
    const { campaignId } = await this.table.actingCharacter(principal, input.characterId);
    const { odds, cards } = await this.table.challengeOdds(principal, campaignId, input.characterId, input.advantages);
    return {
      creature: cardById(cards, odds.creature.cardId),
      characteristic: odds.creature.characteristic,
      number: odds.creature.number,
      characteristicValue: odds.characteristicValue,
      advantages: odds.advantages.map(({ name, bonus }) => ({ name, bonus, cardId: null })),
      artefacts: odds.artefacts.map(({ name, bonus, cardId }) => ({ name, bonus, cardId })),
      base: odds.base,
      lowestWinningValue: odds.lowestWinningValue,
      cards: odds.cards.map((card) => ({ card: cardById(cards, card.cardId), value: card.value, total: card.total, wins: card.wins })),
      winningCardIds: odds.winningCardIds,
      noCardToPlay: odds.noCardToPlay,
    };
  }

  async rest(principal: Principal, input: YummellCharacterInput): Promise<models.YummellRestPayload> {
    const { campaignId } = await this.table.actingCharacter(principal, input.characterId);
    requireAuthority(principal, campaignId, 'yummellRest', input);
    const played = await this.table.play(principal, campaignId, yummellRest, { characterId: input.characterId }, { field: 'characterId' });
    return { position: played.result.position, eventSeq: played.eventSeq };
  }

  async useAbility(principal: Principal, input: YummellUseAbilityInput): Promise<models.YummellAbilityPayload> {
    const { campaignId } = await this.table.actingCharacter(principal, input.characterId);
    requireAuthority(principal, campaignId, 'yummellUseAbility', input);
    const played = await this.table.play(
      principal,
      campaignId,
      yummellUseAbility,
      { characterId: input.characterId, ability: input.ability as AbilityId, targetCharacterId: input.targetCharacterId, artefactCardId: input.artefactCardId ?? null },
      { field: 'characterId' },
    );
    return { ...abilityView(played.result, played.cards), eventSeq: played.eventSeq };
  }

  async endTurn(principal: Principal, input: YummellCharacterInput): Promise<models.YummellEndTurnPayload> {
    const { campaignId } = await this.table.actingCharacter(principal, input.characterId);
    requireAuthority(principal, campaignId, 'yummellEndTurn', input);
    const played = await this.table.play(principal, campaignId, yummellEndTurn, { characterId: input.characterId }, { field: 'characterId' });
    const { result, cards } = played;
    return { drawn: result.drawn.map((id) => cardById(cards, id)), handCount: result.handCount, nextCharacterId: result.nextCharacterId, eventSeq: played.eventSeq };
  }
}
