import type { DeckRecord } from '../../modules/decks/decks.repository.js';
import type { CardView } from '../../modules/decks/decks.service.js';
import { modifierTotal } from '../../rules/enchanted-realms-cards/draw.js';
import { characterCards } from '../../rules/enchanted-realms-cards/rewards.js';
import { stackCharacter } from '../../rules/enchanted-realms-cards/stacking.js';
import type { EnchantedRealmsCampaign, EnchantedRealmsCharacter, EnchantedRealmsDraw } from './enchanted-realms.model.js';
import type { DrawSide, EnchantedRealmsSheet, FoeGroup } from '../../rules/enchanted-realms-cards/table.js';
import { LEAD_PLAYER, supportHolder } from '../../rules/enchanted-realms-cards/table.js';

/** A card of the Adventure Deck as the API shows it (the platform's `Card`). */
export function cardView(deck: DeckRecord, cardId: string): CardView {
  const card = deck.cards.find((candidate) => candidate.id === cardId);
  if (!card) throw new Error(`card '${cardId}' is not in deck ${deck.id}`);
  return { ...card, deckId: deck.id } as CardView;
}

/** A group of foes as the API shows it: its CREATURE card in full. */
export function foeView(deck: DeckRecord, foe: FoeGroup) {
  return { id: foe.id, creature: cardView(deck, foe.creatureCardId), count: foe.count, healthEach: foe.healthEach, health: foe.health };
}

/** A character's sheet with its table cards stacked (enchanted-realms-cards.md, Stacking cards). */
export function characterView(deck: DeckRecord, characterId: string, sheet: EnchantedRealmsSheet): EnchantedRealmsCharacter {
  const cards = characterCards(deck.piles, deck.cards, characterId);
  const stacked = stackCharacter(cards);
  // The GM may have moved cards off the character with the platform's moveCards: Health follows the maximum.
  const health = Math.min(sheet.health, stacked.maxHealth);
  return {
    heroCard: cardView(deck, sheet.heroCardId),
    creatureCard: cardView(deck, sheet.creatureCardId),
    tableCards: cards.map((card) => cardView(deck, card.id)),
    attributes: { STR: stacked.STR, AGL: stacked.AGL, PRE: stacked.PRE },
    skills: { COMBAT: stacked.COMBAT, SPELLCASTING: stacked.SPELLCASTING },
    bonuses: { WEAPON: stacked.WEAPON, ARMOR: stacked.ARMOR, SPELL: stacked.SPELL, ENHANCE: stacked.ENHANCE, SPECIAL: stacked.SPECIAL },
    health,
    maxHealth: stacked.maxHealth,
    defeated: health <= 0,
  };
}

export function drawView(deck: DeckRecord, side: DrawSide): EnchantedRealmsDraw {
  return {
    characterId: side.characterId,
    forTheGameCard: side.forTheGameCardId === null ? null : cardView(deck, side.forTheGameCardId),
    foeId: side.foeId ?? null,
    action: side.action,
    attribute: side.attribute,
    card: cardView(deck, side.cardId),
    force: side.force,
    modifiers: side.modifiers.map(({ term, value }) => ({ term, value })),
    modifierTotal: modifierTotal(side.modifiers),
    adjusted: side.adjusted,
  };
}

/** The WORLD cards on the table, each with how many SUPPORT cards lie face down under it. */
export function worldViews(deck: DeckRecord) {
  return deck.piles.table
    .filter((id) => deck.cards.find((card) => card.id === id)?.type === 'WORLD')
    .map((id) => ({ card: cardView(deck, id), supportCount: deck.piles.hands[supportHolder(id)]?.length ?? 0 }));
}

export function campaignView(deck: DeckRecord, leadHand: string[] | null, foes: readonly FoeGroup[]): EnchantedRealmsCampaign {
  return {
    deckId: deck.id,
    leadHandCount: deck.piles.hands[LEAD_PLAYER]?.length ?? 0,
    leadHand: leadHand === null ? null : leadHand.map((id) => cardView(deck, id)),
    foes: foes.map((foe) => foeView(deck, foe)),
    worlds: worldViews(deck),
  };
}
