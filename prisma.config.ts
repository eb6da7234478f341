import { defineConfig } from 'prisma/config';

// Prisma 7 reads the datasource URL here; `env()` would throw when it is unset, so read process.env.
export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? '' },
});
