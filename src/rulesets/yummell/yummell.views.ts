/**
 * Yummell's rule data as the API shows it (yummell.model.ts). What a viewer may not see is left
 * out here: a hand only for its player and the GM, never the draw pile's order.
 */
import type { DeckPiles } from '../../rules/cards/piles.js';
import {
  type AbilityResult,
  type Advantage,
  type EncounterResult,
  TERRAIN_COSTS,
  type YummellBoard,
  type YummellCard,
  type YummellSheet,
} from '../../rules/yummell/index.js';
import type * as models from './yummell.model.js';
import type { StoredRace } from './yummell.repository.js';

type Cards = Readonly<Record<string, YummellCard>>;

export function cardView(card: YummellCard): models.YummellCard {
  const effect = card.type === 'CREATURE' ? null : card.effect;
  return {
    id: card.id,
    name: card.name,
    type: card.type,
    value: card.value,
    text: card.text ?? null,
    characteristic: card.type === 'CREATURE' ? card.characteristic : null,
    number: card.type === 'CREATURE' ? card.number : null,
    arrow: card.type === 'EVENT' ? card.arrow : null,
    conditionTerrain: card.type === 'EVENT' ? (card.condition?.onTerrain ?? null) : null,
    effect: effect && {
      kind: effect.kind,
      terrain: effect.kind === 'MOVEMENT_BONUS' ? effect.terrain : null,
      characteristic: effect.kind === 'CHALLENGE_BONUS' ? effect.characteristic : null,
      amount: effect.kind === 'MOVEMENT_BONUS' || effect.kind === 'CHALLENGE_BONUS' ? effect.amount : null,
    },
  };
}

/** A card of the race by id; a card missing from the deck list is a bug of the stored state. */
export function cardById(cards: Cards, id: string): models.YummellCard {
  const card = cards[id];
  if (!card) throw new Error(`card '${id}' is not in the Yummell deck list`);
  return cardView(card);
}

export function boardView(board: YummellBoard): models.YummellBoard {
  return {
    name: board.name,
    squares: board.squares.map((square, index) => ({
      square: index + 1,
      terrain: square.terrain,
      cost: TERRAIN_COSTS[square.terrain] ?? board.extraTerrains[square.terrain],
      capacity: square.capacity,
      impassable: square.impassable,
      name: square.name ?? null,
    })),
    extraTerrains: Object.entries(board.extraTerrains).map(([terrain, cost]) => ({ terrain, cost })),
  };
}

const advantageView = (advantage: Advantage): models.YummellAdvantage => ({
  name: advantage.name,
  bonus: advantage.bonus,
  characteristics: [...advantage.characteristics],
  discardOnUse: advantage.discardOnUse,
  text: advantage.text ?? null,
});

/** `Character.yummell`: the hand's cards only when `mayLook` (its player, the GM), its size for everyone. */
export function characterView(characterId: string, sheet: YummellSheet, cards: Cards, piles: DeckPiles, mayLook: boolean): models.YummellCharacter {
  const hand = piles.hands[characterId] ?? [];
  const { STRENGTH, CHARM, AGILITY, MAGIC } = sheet.characteristics;
  return {
    position: sheet.position,
    characteristics: { strength: STRENGTH, charm: CHARM, agility: AGILITY, magic: MAGIC },
    abilities: [...sheet.abilities],
    advantages: sheet.advantages.map(advantageView),
    artefacts: sheet.artefacts.map((id) => cardById(cards, id)),
    handCount: hand.length,
    hand: mayLook ? hand.map((id) => cardById(cards, id)) : null,
  };
}

/** `Campaign.yummell`: the race as everyone may see it (yummell.md: the deck list is public, its order is not). */
export function campaignView(deckId: string, race: StoredRace, cards: Cards, piles: DeckPiles): models.YummellCampaign {
  const pending = race.pendingChallenge;
  return {
    deckId,
    board: boardView(race.board),
    cards: Object.values(cards).map(cardView),
    turnOrder: [...race.turnOrder],
    currentCharacterId: race.currentCharacterId,
    finishOrder: [...race.finishOrder],
    turn: { action: race.turn.action, movementEndedAt: race.turn.movementEndedAt, abilitiesUsed: [...race.turn.abilitiesUsed] },
    pendingChallenge: pending && {
      characterId: pending.characterId,
      creature: cardById(cards, pending.creatureCardId),
      characteristic: pending.characteristic,
      number: pending.number,
    },
    drawPileCount: piles.drawPile.length,
    discardPile: piles.discardPile.map((id) => cardById(cards, id)),
  };
}

export function abilityView(use: AbilityResult, cards: Cards): models.YummellAbilityResult {
  return { ability: use.ability, when: use.when, square: use.square, targetCharacterId: use.targetCharacterId, artefact: cardById(cards, use.artefact.cardId) };
}

/** The sentence an encounter's result reads as (yummell.md, Encounter results: an Event says when it had no effect). */
function encounterSentence(encounter: EncounterResult): string {
  if (encounter.type === 'CREATURE') {
    return `${encounter.name}: a challenge on ${encounter.challenge.characteristic}, to beat ${encounter.challenge.number}`;
  }
  if (encounter.type === 'ARTEFACT') return `${encounter.name} joins the active Artefacts`;
  if (encounter.noEffect) return encounter.noEffect.message;
  return `${encounter.name}: ${encounter.to < encounter.from ? 'back' : 'forward'} from square ${encounter.from} to square ${encounter.to}`;
}

export function encounterView(encounter: EncounterResult, cards: Cards): models.YummellEncounter {
  return {
    card: cardById(cards, encounter.cardId),
    result: encounterSentence(encounter),
    eventOutcome:
      encounter.type === 'EVENT'
        ? {
            applied: encounter.applied,
            noEffectReason: encounter.noEffect?.reason ?? null,
            noEffectMessage: encounter.noEffect?.message ?? null,
            from: encounter.from,
            to: encounter.to,
          }
        : null,
  };
}
