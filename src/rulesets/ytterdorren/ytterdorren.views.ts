import { damageOf, type CreatureCard } from '../../rules/ytterdorren/creatures.js';
import type { RoundOutcome } from '../../rules/ytterdorren/skirmish.js';
import { waitingForStance } from '../../rules/ytterdorren/skirmish.js';
import type { FoeEncounter, Skirmish, YtterdorrenSheet, YtterdorrenState } from '../../rules/ytterdorren/state.js';
import type {
  YtterdorrenCreatureCard,
  YtterdorrenEncounter,
  YtterdorrenRound,
  YtterdorrenSheet as SheetView,
  YtterdorrenSkirmish,
} from './ytterdorren.model.js';
import type { FightRecord } from './ytterdorren.repository.js';

export function sheetView(sheet: YtterdorrenSheet): SheetView {
  return { ...sheet, items: [...sheet.items], defeated: sheet.vita === 0 };
}

/** A table by player count (`{ "1": …, "2": … }`) as a list, fewest players first. */
const byPlayers = <V>(table: Partial<Record<string, V>>) =>
  Object.entries(table)
    .filter((entry): entry is [string, V] => entry[1] !== undefined)
    .map(([players, value]) => ({ players: Number(players), value }))
    .sort((a, b) => a.players - b.players);

export function creatureCardView(card: CreatureCard): YtterdorrenCreatureCard {
  const { skirmish, encounter } = card;
  return {
    id: card.id,
    name: card.name,
    skirmish: {
      strength: byPlayers(skirmish.strength).map(({ players, value }) => ({ players, dice: value })),
      defense: skirmish.defense,
      attackModifier: skirmish.attackModifier,
      damage: damageOf(card),
      reward: { ...skirmish.reward },
    },
    encounter: {
      vita: byPlayers(encounter.vita).map(({ players, value }) => ({ players, vita: value })),
      might: Object.entries(encounter.might).map(([difficulty, might]) => ({ difficulty, might })),
      combatType: encounter.combatType,
      defense: encounter.defense,
      stride: encounter.stride,
      awards: { ...encounter.awards },
      specialPower: encounter.specialPower,
      powers: [...encounter.powers],
      type: encounter.type,
    },
  };
}

/**
 * A skirmish as the API shows it. `characters` are the sheets of its characters now: who still
 * stands, and so whom the round waits for, follows from their Vita.
 */
export function skirmishView(record: FightRecord, characters: YtterdorrenState['characters']): YtterdorrenSkirmish {
  const skirmish = record.state as Skirmish;
  const state: YtterdorrenState = { characters, campaign: { creatures: [] }, encounters: {} };
  return {
    id: skirmish.id,
    campaignId: record.campaignId,
    status: skirmish.status,
    round: skirmish.round,
    counter: skirmish.counter,
    startingCounter: skirmish.startingCounter,
    strength: skirmish.strength,
    characterIds: skirmish.characterIds,
    creatures: skirmish.creatures,
    stances: Object.entries(skirmish.stances).map(([characterId, choice]) => ({ characterId, ...choice })),
    waitingFor: skirmish.status === 'ONGOING' ? waitingForStance(skirmish, state) : [],
    defeatedCharacterIds: skirmish.defeatedCharacterIds,
    loot: skirmish.loot,
    createdAt: record.createdAt,
  };
}

export function encounterView(record: FightRecord): YtterdorrenEncounter {
  const encounter = record.state as FoeEncounter;
  return { id: encounter.id, campaignId: record.campaignId, status: encounter.status, characterIds: encounter.characterIds, foes: encounter.foes, createdAt: record.createdAt };
}

/** A round's outcome (ytterdorren.md, Skirmish 4–8) and the skirmish it left. */
export function roundView(outcome: RoundOutcome, skirmish: YtterdorrenSkirmish, eventSeq: number): YtterdorrenRound {
  return {
    round: outcome.round,
    creatureAttacks: outcome.creatureAttacks,
    characterAttacks: outcome.characterAttacks,
    characters: outcome.characters,
    hits: outcome.hits,
    counterBefore: outcome.counterBefore,
    counterAfter: outcome.counterAfter,
    status: outcome.status,
    loot: outcome.loot,
    skirmish,
    eventSeq,
  };
}
