import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/db/schema.ts', './src/db/statistics-schema.ts', './src/db/chat-schema.ts'],
  out: './src/db/migrations',
});
