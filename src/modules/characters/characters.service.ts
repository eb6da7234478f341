import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ForbiddenError, NotFoundError } from '../../common/errors.js';
import { requireCampaignRole } from '../auth/auth.service.js';
import type { Principal } from '../auth/principal.js';
import { MembersRepository } from '../campaigns/members.repository.js';
import { GameLedger } from '../events/game-ledger.service.js';
import { CharactersRepository, type CharacterRecord } from './characters.repository.js';

@Injectable()
export class CharactersService {
  constructor(
    private readonly characters: CharactersRepository,
    private readonly members: MembersRepository,
    private readonly ledger: GameLedger,
  ) {}

  async createCharacter(
    principal: Principal,
    input: { campaignId: string; name: string; memberId?: string },
  ): Promise<CharacterRecord> {
    requireCampaignRole(principal, input.campaignId, 'PLAYER');
    const memberId = principal.role === 'PLAYER' ? (input.memberId ?? principal.memberId) : (input.memberId ?? null);
    if (principal.role === 'PLAYER' && memberId !== principal.memberId) {
      throw new ForbiddenError('A player may only create characters of their own');
    }
    return this.ledger.act(principal, input.campaignId, async (action) => {
      if (memberId !== null && !(await this.members.findInCampaign(input.campaignId, memberId))) {
        throw new NotFoundError('Member', memberId);
      }
      const character: CharacterRecord = { id: randomUUID(), campaignId: input.campaignId, memberId, name: input.name, sheet: {}, createdAt: new Date() };
      action.changes.addCharacter(character);
      action.record('character.created', { characterId: character.id, name: character.name, memberId });
      return character;
    });
  }

  async findCharacter(principal: Principal, id: string): Promise<CharacterRecord> {
    const character = await this.characters.findById(id);
    if (!character || (principal.role !== 'ADMIN' && principal.campaignId !== character.campaignId)) {
      throw new NotFoundError('Character', id);
    }
    return character;
  }

  async listCharacters(principal: Principal, campaignId: string): Promise<CharacterRecord[]> {
    requireCampaignRole(principal, campaignId, 'PLAYER');
    return this.characters.listByCampaign(campaignId);
  }
}
