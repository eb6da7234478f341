import { CampaignChanges } from '../../modules/events/campaign-changes.js';
import type { CampaignAction } from '../../modules/events/game-ledger.service.js';
import type { CharacterRecord } from '../../modules/characters/characters.repository.js';
import { copyData } from '../../rules/plain-data.js';
import { creature, sheet, skirmishWith, tableWith } from '../../rules/ytterdorren/testing.js';
import type { YtterdorrenState } from '../../rules/ytterdorren/state.js';
import type { LoadedTable } from '../kernel/table-runner.js';
import { YtterdorrenTables, type YtterdorrenRows } from './ytterdorren.tables.js';
import type { CharactersRepository } from '../../modules/characters/characters.repository.js';
import type { YtterdorrenRepository } from './ytterdorren.repository.js';

const row = (id: string, memberId: string | null): CharacterRecord => ({
  id,
  campaignId: 'c1',
  memberId,
  name: id,
  sheet: { ytterdorren: sheet(), notes: 'kept' },
  createdAt: new Date('2026-12-05T10:00:00Z'),
});

/** A table as loaded, and the changes its save queues for `after`. */
function saved(change: (after: YtterdorrenState) => void, newCharacter?: { id: string; memberId: string | null; name: string }) {
  const state = tableWith({ encounters: [skirmishWith()] });
  const rows: YtterdorrenRows = { campaignState: { creatures: state.campaign.creatures }, rows: [row('ana', 'm-ana'), row('bo', null)], fights: [], newCharacter };
  const loaded: LoadedTable<YtterdorrenState, YtterdorrenRows> = { state, rows };
  const after = copyData(state);
  change(after);
  const changes = new CampaignChanges();
  const tables = new YtterdorrenTables({} as YtterdorrenRepository, {} as CharactersRepository);
  tables.save({ changes } as CampaignAction, loaded, after);
  return { changes, tables, loaded };
}

describe('YtterdorrenTables: what a move writes back', () => {
  it('writes nothing when the rule changed nothing', () => {
    const { changes } = saved(() => {});
    expect({ sheets: changes.sheets.size, encounters: changes.encounters.size, characters: changes.newCharacters, state: changes.rulesetState }).toEqual({
      sheets: 0,
      encounters: 0,
      characters: [],
      state: undefined,
    });
  });

  it('writes a changed sheet under its key, keeping the rest of the character’s sheet', () => {
    const { changes } = saved((after) => {
      after.characters.ana.vita = 4;
    });
    expect([...changes.sheets]).toEqual([['ana', { ytterdorren: sheet({ vita: 4 }), notes: 'kept' }]]);
  });

  it.each<[string, 'ONGOING' | 'VICTORY' | 'DEFEAT', string]>([
    ['under way: ACTIVE, as every ruleset’s encounters', 'ONGOING', 'ACTIVE'],
    ['won: its outcome', 'VICTORY', 'VICTORY'],
    ['lost: its outcome', 'DEFEAT', 'DEFEAT'],
  ])('stores a changed skirmish %s', (_, status, rowStatus) => {
    const { changes } = saved((after) => {
      const skirmish = after.encounters.s1;
      if (skirmish.kind === 'ytterdorren.skirmish') Object.assign(skirmish, { status, counter: 3 });
    });
    expect(changes.encounters.get('s1')).toMatchObject({ id: 's1', kind: 'ytterdorren.skirmish', status: rowStatus, state: { status, counter: 3 } });
  });

  it('stores loaded creature cards in the campaign’s ruleset state', () => {
    const { changes } = saved((after) => {
      after.campaign.creatures.push(creature('bat'));
    });
    expect(changes.rulesetState).toEqual({ creatures: [creature('wolf'), creature('bat')] });
  });

  it('inserts a new character with its sheet, whose player reads its secrets', () => {
    const newCharacter = { id: 'cy', memberId: 'm-cy', name: 'Cy' };
    const { changes, tables, loaded } = saved((after) => {
      after.characters.cy = sheet({ vita: 7, maxVita: 7 });
    }, newCharacter);
    expect(changes.newCharacters).toEqual([{ ...newCharacter, sheet: { ytterdorren: sheet({ vita: 7, maxVita: 7 }) } }]);
    expect([tables.playerOf(loaded, 'cy'), tables.playerOf(loaded, 'ana'), tables.playerOf(loaded, 'bo')]).toEqual(['m-cy', 'm-ana', null]);
  });
});
