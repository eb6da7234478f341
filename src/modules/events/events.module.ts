import { Global, Module } from '@nestjs/common';
import { DecksModule } from '../decks/decks.module.js';
import { EventAnnouncer } from './event-announcer.js';
import { EventsRepository } from './events.repository.js';
import { EventsResolver } from './events.resolver.js';
import { EventsService } from './events.service.js';
import { GameLedger } from './game-ledger.service.js';
import { MovesRepository } from './moves.repository.js';

/** The campaign log, and the ledger through which every mutation of a campaign goes. */
@Global()
@Module({
  imports: [DecksModule],
  providers: [EventAnnouncer, EventsRepository, MovesRepository, GameLedger, EventsService, EventsResolver],
  exports: [EventAnnouncer, GameLedger, EventsRepository, EventsService],
})
export class EventsModule {}
