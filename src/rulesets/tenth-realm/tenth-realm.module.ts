import { Module } from '@nestjs/common';
import { TenthRealmRestController } from './tenth-realm-rest.controller.js';
import { CharactersModule } from '../../modules/characters/characters.module.js';
import { DecksModule } from '../../modules/decks/decks.module.js';
import { TenthRealmActions } from './tenth-realm-actions.service.js';
import { TenthRealmRepository } from './tenth-realm.repository.js';
import { TenthRealmCampaignResolver, TenthRealmCharacterResolver, TenthRealmResolver } from './tenth-realm.resolver.js';
import { TenthRealmService } from './tenth-realm.service.js';
import { TenthRealmTables } from './tenth-realm.tables.js';

/** The Tenth Realm (tenth-realm.md): registers its campaign set-up and serves its mutations. */
@Module({
  controllers: [TenthRealmRestController],
  imports: [CharactersModule, DecksModule],
  providers: [TenthRealmRepository, TenthRealmTables, TenthRealmService, TenthRealmActions, TenthRealmResolver, TenthRealmCharacterResolver, TenthRealmCampaignResolver],
  exports: [TenthRealmActions],
})
export class TenthRealmModule {}
