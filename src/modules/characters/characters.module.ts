import { Module } from '@nestjs/common';
import { CharactersRepository } from './characters.repository.js';
import { CampaignCharactersResolver, CharactersResolver } from './characters.resolver.js';
import { CharactersService } from './characters.service.js';

@Module({
  providers: [CharactersRepository, CharactersService, CharactersResolver, CampaignCharactersResolver],
  exports: [CharactersRepository, CharactersService],
})
export class CharactersModule {}
