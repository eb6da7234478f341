import { ATTRIBUTES, usedSlots, type TenthRealmSheet as Sheet } from '../../rules/tenth-realm/sheet.js';
import type { Region, World } from '../../rules/tenth-realm/table.js';
import { isRed } from '../../rules/tenth-realm/table.js';
import { attributeFromCard } from '../../rules/tenth-realm/creation.js';
import type { Gear } from '../../rules/tenth-realm/sheet.js';
import type { EncounterRecord, TenthRealmCampaignState } from './tenth-realm.repository.js';
import { drAfterRisk, type TrialCall } from '../../rules/tenth-realm/calls.js';
import type {
  Encounter,
  TenthRealmCampaign,
  TenthRealmCard,
  TenthRealmGear,
  TenthRealmRegion,
  TenthRealmTrialCall,
  TenthRealmSheet,
} from './tenth-realm.model.js';

/** How the API shows a card of the shared deck. */
export const cardView = (code: string): TenthRealmCard => ({ code, color: isRed(code) ? 'RED' : 'BLACK' });

const gearView = (gear: Gear | null): TenthRealmGear | null => gear && { ...gear, broken: gear.die === null };

export function sheetView(sheet: Sheet, session: number): TenthRealmSheet {
  const { STRENGTH, DEXTERITY, WILLPOWER, HEART } = sheet.attributes;
  return {
    status: sheet.status,
    attributes: { strength: STRENGTH, dexterity: DEXTERITY, willpower: WILLPOWER, heart: HEART },
    attributeCards: ATTRIBUTES.map((attribute) => ({
      attribute: attribute as never,
      card: cardView(sheet.attributeCards[attribute]),
      value: attributeFromCard(sheet.attributeCards[attribute]),
    })),
    redrawnAttributes: sheet.redrawnAttributes,
    vanori: sheet.vanori && {
      name: sheet.vanori.name,
      customName: sheet.vanori.customName,
      ability: sheet.vanori.ability,
      resilienceDie: sheet.vanori.resilienceDie,
    },
    resilience: sheet.resilience,
    maxResilience: sheet.maxResilience,
    resilienceRerolled: sheet.resilienceRerolled,
    armor: gearView(sheet.armor),
    weapon: gearView(sheet.weapon),
    carriedGear: (sheet.gear ?? []).map((item) => ({ ...item, broken: item.die === null })),
    inventory: { ...sheet.inventory, usedSlots: usedSlots(sheet) },
    xp: sheet.xp,
    pending: sheet.pending,
    owlUsedThisSession: sheet.owlUsedInSession === session,
    conjuring: (sheet.conjuring ?? null) as TenthRealmSheet['conjuring'],
  };
}

export const callView = (call: TrialCall): TenthRealmTrialCall => ({
  ...call,
  attribute: call.attribute as TenthRealmTrialCall['attribute'],
  revealed: call.revealed && call.revealed.map(cardView),
  drAfterRisk: drAfterRisk(call),
  ignoreArmor: call.ignoreArmor ?? false,
  consequenceInPlaceOfDamage: call.consequenceInPlaceOfDamage ?? null,
  conjuringAmount: call.conjuringAmount ?? null,
});

export const regionView = (region: Region): TenthRealmRegion => ({ ...region, riskCard: cardView(region.riskCard) });

export function campaignView(state: TenthRealmCampaignState, activeEncounterId: string | null): TenthRealmCampaign {
  const { world }: { world: World } = state;
  return {
    deckId: state.deckId,
    calls: Object.values(world.calls ?? {}).map(callView),
    session: world.session,
    currentHex: world.currentHex,
    // The starting hex is current before the group describes it (and reveals its risk).
    currentRegion: world.currentHex === null || !world.regions[world.currentHex] ? null : regionView(world.regions[world.currentHex]),
    regions: Object.values(world.regions).map(regionView),
    activeEncounterId,
  };
}

export function encounterView(encounter: EncounterRecord): Encounter {
  const { combat } = encounter;
  return {
    id: encounter.id,
    campaignId: encounter.campaignId,
    kind: encounter.kind,
    status: combat.status,
    initiative: combat.initiative,
    initiativeCard: cardView(combat.initiativeCard),
    characterIds: combat.characterIds,
    enemies: combat.enemies,
    turns: combat.turns,
    createdAt: encounter.createdAt,
  };
}
