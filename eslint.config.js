import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const root = path.dirname(fileURLToPath(import.meta.url));
const server = 'apps/server/src';
const web = 'apps/web/src';

/** The feature folders under `dir`, read at each run so a new feature is fenced in at once. */
const featuresIn = (dir) => {
  try {
    return readdirSync(path.join(root, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
};

/** Each feature may import only itself from its features folder (shared code lives elsewhere). */
const featureFences = (dir) =>
  featuresIn(dir).map((feature) => ({
    target: `${dir}/${feature}`,
    from: dir,
    except: [`./${feature}`],
    message: `A feature does not import another feature: move the shared piece to a shared folder.`,
  }));

/** The process's wiring: what builds the app from its parts. */
const serverWiring = ['app.ts', 'app-deps.ts', 'main.ts', 'worker-main.ts'].map(
  (file) => `${server}/${file}`,
);

/**
 * The direction of dependencies (DESIGN.md "Layout"). Imports that cannot be resolved are
 * skipped by the rule, so these paths must stay real (each one was seen to fire).
 */
const boundaries = [
  ...featureFences(`${server}/modules`),
  {
    target: ['access', 'db', 'lib', 'storage', 'media-tools', 'jobs'].map(
      (dir) => `${server}/${dir}`,
    ),
    from: [`${server}/modules`, ...serverWiring],
    message: 'Shared folders do not import features or the app wiring.',
  },
  {
    target: `${server}/db`,
    from: `${server}/lib/errors.ts`,
    message: 'db/ throws no HTTP errors: the services (or access/) decide the answer.',
  },
  {
    target: `${server}/db`,
    from: `${server}/access`,
    // The visibility conditions are SQL; the checks that throw HTTP errors stay out of db/.
    except: ['./viewer.ts', './visibility.ts'],
    message: 'db/ uses only the SQL side of access/ (viewer, visibility), never its HTTP checks.',
  },
  ...featureFences(`${web}/features`),
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared web folders do not import features or the app.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // The contract's index holds every TypeBox schema: one value imported from it puts them
      // all, and @sinclair/typebox, in the web app's entry chunk (bench/README.md "Web").
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@plateau/contract',
              allowTypeImports: true,
              message:
                "The web app imports only types from '@plateau/contract'; values come from '@plateau/contract/constants'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      // no-cycle follows only the files it can parse: TypeScript ones included.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
