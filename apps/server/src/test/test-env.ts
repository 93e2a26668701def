import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const testTmpDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.tmp');

export const adminUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL test project');
  return url;
};
