import { Module } from '@nestjs/common';
import { CharactersModule } from '../characters/characters.module.js';
import { CampaignDecksResolver, DeckCardsResolver, CharacterHandResolver, DecksResolver } from './decks.resolver.js';
import { DecksRepository } from './decks.repository.js';
import { DecksService } from './decks.service.js';

@Module({
  imports: [CharactersModule],
  providers: [DecksRepository, DecksService, DecksResolver, DeckCardsResolver, CampaignDecksResolver, CharacterHandResolver],
  exports: [DecksService, DecksRepository],
})
export class DecksModule {}
