/** A Tenth Realm combat as stored between turns (tenth-realm.md, "Combat"). */

export type EnemyStatus = 'FIGHTING' | 'DOWN' | 'FLED' | 'SURRENDERED';
export type CombatStatus = 'ACTIVE' | 'WON' | 'LOST' | 'PLAYERS_WITHDREW' | 'ENEMIES_WITHDREW';
export type Side = 'PLAYERS' | 'ENEMIES';
export type MoraleResult = 'PANIC_AND_FLEE' | 'SURRENDER_OR_NEGOTIATE' | 'STAY_IN_THE_FIGHT' | 'DOUBLE_DOWN';

export interface Enemy {
  /** `e1`, `e2`, … in the order the GM listed them. */
  id: string;
  name: string;
  resilience: number;
  maxResilience: number;
  /** null: no armor. */
  armorDie: number | null;
  weaponDie: number;
  /** RAVEN burn: the enemy's next damage die is stepped down. */
  damageStepDownPending: boolean;
  status: EnemyStatus;
  morale: MoraleResult | null;
}

/** One line of a combat's log. */
export interface CombatTurn {
  turn: number;
  kind: 'ATTACK' | 'DEFEND' | 'MORALE' | 'BURN' | 'END';
  characterId: string | null;
  enemyId: string | null;
  summary: string;
}

export interface Combat {
  id: string;
  characterIds: string[];
  enemies: Enemy[];
  /** The side that goes first; the order holds until combat ends. */
  initiative: Side;
  initiativeCard: string;
  status: CombatStatus;
  turns: CombatTurn[];
}
