import { Module } from '@nestjs/common';
import { CharactersModule } from '../../modules/characters/characters.module.js';
import { DecksModule } from '../../modules/decks/decks.module.js';
import { YummellActions } from './yummell-actions.service.js';
import { YummellRestController } from './yummell-rest.controller.js';
import { YummellRepository } from './yummell.repository.js';
import { YummellCampaignResolver, YummellCharacterResolver, YummellResolver } from './yummell.resolver.js';
import { YummellService } from './yummell.service.js';
import { YummellTables } from './yummell.tables.js';

/** Yummell (yummell.md): registers its campaign set-up and serves its mutations, queries and REST routes. */
@Module({
  controllers: [YummellRestController],
  imports: [CharactersModule, DecksModule],
  providers: [YummellRepository, YummellTables, YummellService, YummellActions, YummellResolver, YummellCharacterResolver, YummellCampaignResolver],
  exports: [YummellActions],
})
export class YummellModule {}
