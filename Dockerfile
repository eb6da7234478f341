# syntax=docker/dockerfile:1
# Arbiter: build with the dev dependencies (TypeScript, esbuild), run with the production ones only.
# `npm start` is not used here: its prestart step runs the TypeScript build, which the image has
# already done, so the container runs the built server directly.

FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# No install scripts: the build needs only the TypeScript compiler and esbuild (its binary is an
# optional dependency, no script needed), not Prisma's engine download.
RUN npm ci --ignore-scripts
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY scripts ./scripts
RUN npm run build

FROM node:20-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force
COPY --from=build /app/dist ./dist
# The migrations are applied at start-up from prisma/migrations (src/infra/migrations.ts).
COPY prisma ./prisma
# Only used when DATABASE_URL is not set (embedded Postgres and a generated ADMIN key live here).
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The heap sizes of `npm start` (package.json): see bench/README.md.
CMD ["node", "--max-semi-space-size=32", "--max-old-space-size=192", "dist/server.js"]
