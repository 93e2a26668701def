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
const serverWiring = ['app.ts', 'app-deps.ts', 'job-queues.ts', 'main.ts', 'worker-main.ts'].map(
  (file) => `${server}/${file}`,
);

/**
 * The direction of dependencies (DESIGN.md "Layout"). Imports that cannot be resolved are
 * skipped by the rule, so these paths must stay real (each one was seen to fire).
 */
const boundaries = [
  ...featureFences(`${server}/modules`),
  {
    target: ['access', 'config', 'db', 'lib', 'storage', 'media-tools', 'jobs'].map(
      (dir) => `${server}/${dir}`,
    ),
    from: [`${server}/modules`, ...serverWiring],
    message: 'Shared folders do not import features or the app wiring.',
  },
  {
    target: `${server}/config.ts`,
    from: `${server}/modules`,
    message:
      'config.ts reads settings through shared folders only (config/, lib/): a feature that needs a setting receives it from the wiring.',
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
    target: [`${web}/components`, `${web}/lib`, `${web}/resources`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared web folders do not import features or the app.',
  },
  {
    target: `${web}/lib`,
    from: `${web}/resources`,
    message: 'lib/ is below the resources: the API client, the session and helpers they use.',
  },
];

/** Writes of videos.processing anywhere but its owner (db/video-processing.ts). */
const processingWrites = [
  {
    selector:
      "CallExpression[callee.property.name=/^(set|values)$/] Property[key.name='processing']",
    message: 'Only db/video-processing.ts writes videos.processing: call one of its transitions.',
  },
  {
    selector: 'TemplateElement[value.raw=/\\bset\\b[\\s\\S]*\\bprocessing\\s*=/i]',
    message: 'Only db/video-processing.ts writes videos.processing: call one of its transitions.',
  },
];

/** Server tests and their helpers: they write rows straight to the database, on purpose. */
const serverTests = [
  `${server}/**/*.test.ts`,
  `${server}/**/*.test-helpers.ts`,
  `${server}/**/*.test-support.ts`,
  `${server}/test/**`,
];

/** The one owner of `videos.processing` and its transitions (DESIGN.md "Processing is a state machine"). */
const processingOwner = `${server}/db/video-processing.ts`;
const processingOwnerImport = {
  // From db/ itself the import is relative to it.
  group: ['**/db/video-processing.ts', './video-processing.ts'],
  message:
    "A video's processing state changes through its feature's repository, which calls db/video-processing.ts.",
};

/**
 * Files besides the repositories that may write SQL: db/ itself, the visibility rule (an SQL
 * condition by design, DESIGN.md "One visibility rule") and pg-boss's driver adapter (drizzle
 * as the transport of pg-boss's own SQL, no schema).
 */
const sqlInfrastructure = [
  `${server}/db/**`,
  `${server}/access/visibility.ts`,
  `${server}/jobs/boss-db.ts`,
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
      // no-cycle follows only the files it can parse: TypeScript ones included, read with every
      // import as a value one (it skips `import type`, and a cycle through one is still a cycle).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': {
        [path.join(root, 'scripts/lint/value-imports-parser.cjs')]: ['.ts', '.tsx'],
      },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Routes call services, services call repositories, repositories hold SQL (DESIGN.md
    // "Layout"): a service that builds a query, or reads the schema, fails here.
    files: [`${server}/**/*.ts`],
    ignores: [`${server}/**/*.repository.ts`, ...sqlInfrastructure, ...serverTests],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'Only a *.repository.ts (or db/) builds SQL: move the query there.',
            },
            {
              group: ['**/db/schema.ts', '**/db/schema'],
              message: 'Only a *.repository.ts (or db/) reads the schema: move the query there.',
            },
            processingOwnerImport,
          ],
        },
      ],
    },
  },
  {
    files: sqlInfrastructure,
    ignores: [processingOwner, ...serverTests],
    rules: { 'no-restricted-imports': ['error', { patterns: [processingOwnerImport] }] },
  },
  {
    // Only the owner writes the column, through a transition it allows; tests seed rows freely.
    files: [`${server}/**/*.ts`],
    ignores: [processingOwner, ...serverTests],
    rules: { 'no-restricted-syntax': ['error', ...processingWrites] },
  },
  {
    // The wiring (app.ts, main.ts...) makes the one job queue and hands it to every feature.
    files: [`${server}/**/*.routes.ts`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...processingWrites,
        {
          selector: 'CallExpression[callee.name=/^(createJobQueue|startBoss)$/]',
          message: 'A routes file builds no job queue: use deps.jobs, made once by the wiring.',
        },
      ],
    },
  },
  {
    // A path on the disk exists only for a local folder: the storage's own code, and a live's
    // working folder (modules/live/live-files.ts); everything else goes through MediaStorage.
    files: [`${server}/**/*.ts`],
    ignores: [`${server}/storage/**`, `${server}/modules/live/live-files.ts`, ...serverTests],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'localPath',
          message:
            'Media are read and written through MediaStorage (or a live through LiveFiles), not by path.',
        },
      ],
    },
  },
  {
    // One home per server resource: a key written elsewhere is a copy an invalidation misses.
    files: [`${web}/**/*.{ts,tsx}`],
    ignores: [`${web}/resources/**`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "Property[key.name='queryKey'] > :matches(ArrayExpression, TSAsExpression, Literal, TemplateLiteral)",
          message:
            "Query keys come from their resource's key factory in src/resources/ (videoKeys, directKeys...).",
        },
        {
          // MUI 9 reads Typography's color only as a palette name: a path is silently ignored.
          selector:
            "JSXOpeningElement[name.name='Typography'] > JSXAttribute[name.name='color'][value.value=/\\./]",
          message:
            'Typography takes a palette name (textSecondary, error...), not a path such as text.secondary, which MUI 9 ignores.',
        },
      ],
    },
  },
);
