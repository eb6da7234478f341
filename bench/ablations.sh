#!/usr/bin/env bash
# Builds of the server with one performance change taken out each, to measure what each buys:
#
#   npm run build && bench/ablations.sh /tmp/arbiter-ablations
#   node bench/run.js --quick --rounds 3 --duration 9 --only baseline,api,baseline-hot,api-hot \
#     --compare now=dist/server.js \
#     $(for v in /tmp/arbiter-ablations/*/; do echo --compare "$(basename "$v")=$v/dist/server.js"; done)
#
# Compare the variants with `now`, not with the first server: that one prepared the campaigns and
# runs a few per cent slower than a --compare server of the same build (bench/README.md).
#
# Each variant is a copy of dist/ with one line of the compiled output changed, then bundled into
# its dist/server.js as `npm run build` bundles dist/. That is brittle on
# purpose: it stops with an error as soon as a change no longer applies, so update the patterns
# below together with the code they name.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:?usage: bench/ablations.sh OUTPUT_DIR}
mkdir -p "$out"

variant() {
  rm -rf "${out:?}/$1"
  mkdir -p "$out/$1"
  cp -r dist "$out/$1/"
  cp package.json "$out/$1/"
  ln -sfn "$PWD/node_modules" "$out/$1/node_modules"
  ln -sfn "$PWD/prisma" "$out/$1/prisma"
}

# patch VARIANT FILE SED-EXPRESSION: applies it and fails when it changed nothing
patch() {
  local file="$out/$1/dist/$2"
  cp "$file" "$file.orig"
  sed -i "$3" "$file"
  if cmp -s "$file" "$file.orig"; then echo "ablations.sh: '$3' no longer applies to dist/$2" >&2; exit 1; fi
  rm "$file.orig"
}

# Pipelined connections (BEGIN with the lock and reads, the writes together): off, every
# statement waits for the answer to the one before.
variant no-pipelining
patch no-pipelining infra/database.js 's/pipeline: true/pipeline: false/'

# A mutation's writes sent with COMMIT: off, they are sent and awaited when the mutation ends
# (a round trip of their own, before COMMIT's).
variant writes-apart
patch writes-apart infra/database.js 's/^\( *\)context.mutated = true;/\1if (context.transaction) await this.sendQueued(context.transaction);\n\1context.mutated = true;/'

# One log line per request: back to Fastify's two.
variant two-log-lines
patch two-log-lines bootstrap.js 's/logController: new LogController({ disableRequestLogging: true }),//; s/disableRequestLogging: true,//'
patch two-log-lines infra/request-lifecycle.js "/'request completed');/d"

# A deck's card definitions kept per process: off, every draw reads them again.
variant no-card-cache
patch no-card-cache modules/decks/decks.repository.js 's/const cards = this.deckCards.get(id);/const cards = undefined;/; s/toDeck(row, this.deckCards.keep(id, row.cards))/toDeck(row, row.cards)/'

# API keys and the settled facts (deck → campaign, character → owner) kept per process: off, two
# reads before each draw or trial roll.
variant no-key-fact-caches
patch no-key-fact-caches modules/auth/auth.service.js 's/const known = this.members.get(hash);/const known = undefined;/'
patch no-key-fact-caches infra/settled-facts.js 's/const known = this.known.get(key);/const known = undefined;/'

# The character → owner answer alone: off, a trial roll reads its character before its transaction.
variant no-owner-cache
patch no-owner-cache modules/characters/characters.repository.js 's/return this.owners.get(id);/return this.owners.read(id);/'

# Validation rules compiled once per input class: off, class-transformer and class-validator
# build and check every argument.
variant no-compiled-validation
patch no-compiled-validation common/validation.pipe.js 's/const valid = validInstanceOf(metadata.metatype, value);/const valid = undefined;/'

# The GraphQL fast path: off, Apollo Server answers every request.
variant no-fast-path
patch no-fast-path infra/graphql-fast-path.js "s/if (route.url !== '\\/graphql')/if (true)/"

# Query and Mutation resolvers called by RootResolvers: off, Nest's own resolvers (a promise per
# guard, parameter, pipe, interceptor chain and filter).
variant nest-resolvers
patch nest-resolvers app.module.js 's/atomicMutations(rootResolvers.apply(schema, decoratorHost), database)/atomicMutations(schema, database)/'

for dir in "$out"/*/; do node scripts/bundle.js "${dir}dist"; done
echo "variants in $out: $(ls "$out" | tr '\n' ' ')"
