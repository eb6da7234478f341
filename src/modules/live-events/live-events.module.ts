import { Module } from '@nestjs/common';
import { EventNotifications } from './event-notifications.service.js';
import { LiveEventsConnections } from './live-events.connections.js';
import { LiveEventsResolver } from './live-events.resolver.js';
import { LiveEventsService } from './live-events.service.js';

/**
 * Live events: the `campaignEvents` subscription over graphql-ws, fed by Postgres LISTEN/NOTIFY
 * so that every process serving the database delivers every committed event.
 */
@Module({
  providers: [EventNotifications, LiveEventsService, LiveEventsResolver, LiveEventsConnections],
  exports: [LiveEventsConnections],
})
export class LiveEventsModule {}
