import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { renderPlaygroundPage, type PlaygroundPageOptions } from './playground-page.js';

/**
 * Apollo's landing page for GET /graphql from a browser: the playground (GraphiQL served from
 * Arbiter's own assets, see playground-assets.ts). Used instead of @nestjs/apollo's GraphiQL,
 * which loads React and GraphiQL from a CDN and has no place for the API key.
 */
export function playgroundLandingPage<TContext extends BaseContext>(options: PlaygroundPageOptions): ApolloServerPlugin<TContext> {
  const html = renderPlaygroundPage(options);
  return {
    async serverWillStart() {
      return {
        async renderLandingPage() {
          return { html };
        },
      };
    },
  };
}
