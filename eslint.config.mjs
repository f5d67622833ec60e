// ESLint for the whole repository. Type-aware rules catch the mistakes that cost most in an
// async service code base: floating promises and switches that miss a case.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Services never import each other; they share libs/* only.
const APPS_APART = {
  group: ['**/apps/*', '../../*-service/**', '../../gateway/**', '../../image-worker/**'],
  message: 'Apps do not import each other: share code through libs/* (@wrenchlog/*).',
};

// The only modules one web feature may import from another (see the rule below).
const WEB_FEATURE_ENTRIES = [
  // API modules: calls, query keys and the one mutation hook per entity.
  '[a-z-]+/([a-z-]+-)?api',
  'machines/machine-mutations',
  // A stored fuel record's switches, shown by the machine's Fuel History.
  'fuel-record/fuel-flags',
  // Screens and sections composed into other screens (machine details, dashboard, quick create, settings, the shell).
  'documents/DocumentsSection',
  'fuel-record/FuelRecordForm',
  'part-purchase/PartPurchaseForm',
  'service-record/ServiceRecordForm',
  'machines/(MachineCreateForm|MachineList|MachineListBound)',
  'history/HistoryTabs',
  'reports/MachineReportsTab',
  'schedules/(DueSummary|MachineMeters|MetersTab|SchedulesTab|ScheduleChecklist)',
  'notifications/(NotificationBell|CalendarSection|NotificationPreferencesSection|PushSection|WebhooksSection)',
  'work-orders/(IssuesSummary|MachineIssues)',
  'inspections/(MachineInspections|DueInspections)',
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-output/**', 'coverage/**', '.nx/**', 'apps/web-e2e/screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Tests and API clients read loosely typed JSON replies on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      curly: 'error',
      // Services never import each other; they share libs/* only.
      'no-restricted-imports': [
        'error',
        {
          patterns: [APPS_APART],
        },
      ],
    },
  },
  {
    // The project tags (package.json `nx.tags`) are the rule: apps, services and tests build on
    // libraries only, libraries on libraries, and the browser app on the libraries safe in a browser.
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          allow: [],
          depConstraints: [
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'scope:web', onlyDependOnLibsWithTags: ['scope:browser'] },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The contracts' main entry loads the DTO classes and class-validator: the SPA takes only types
      // from it (`import type`, so nothing of it is loaded), and values from the decorator-free
      // `@wrenchlog/contracts/limits`.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@wrenchlog/contracts',
              allowTypeImports: true,
              message:
                'Types only (import type) from the contracts main entry: its values bring class-validator into the bundle. Take values from @wrenchlog/contracts/limits.',
            },
          ],
          patterns: [
            {
              group: ['@wrenchlog/contracts/*', '!@wrenchlog/contracts/limits', '**/libs/contracts/**'],
              message: 'The SPA imports contracts through @wrenchlog/contracts (types) and @wrenchlog/contracts/limits (values) only.',
            },
          ],
        },
      ],
      // `import { type X }` keeps an empty `import 'x'` (verbatimModuleSyntax), which would load the module.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Web features do not import each other (issue 19): what several features share lives in
    // src/core (services context, theme, query keys, the form kit), src/components or src/lib.
    // The exceptions are a feature's public entries: its API module (calls, query keys and the
    // mutation hooks that own their invalidations) and the screens other screens compose. Add an
    // entry here, with its reason, rather than a disable comment.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APPS_APART,
            {
              regex: `^\\.\\./(?!(${WEB_FEATURE_ENTRIES.join('|')})$)[a-z-]+/`,
              message:
                'A web feature does not import another feature: move the shared piece to src/core, src/components or src/lib, or list a public entry in WEB_FEATURE_ENTRIES (eslint.config.mjs).',
            },
            {
              regex: '^(\\.\\./)+features/',
              message: 'A web feature does not import another feature through src/features: see WEB_FEATURE_ENTRIES (eslint.config.mjs).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // k6 scripts run in k6's runtime, not Node.
    files: ['load-tests/**/*.js'],
    languageOptions: { globals: { __ENV: 'readonly', __VU: 'readonly', __ITER: 'readonly', open: 'readonly' } },
  },
);
