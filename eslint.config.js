// Lint rules, including the walls between the three rooms (see docs/architecture.md):
// `electron` only in electron/shell/, no Node or Electron in renderer/, and nothing in
// shared/ that touches Node, the DOM or Electron.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';
import { groundworkPlugin } from './scripts/eslint/plugin.js';

/**
 * The renderer's floors, bottom first (docs/architecture.md): the bridge to main and DOM
 * helpers; the state (stores and actions, no components); shared components; the viewer;
 * the panels, which never import each other; the screens that lay panels out; the app's frame.
 */
const RENDERER_LAYERS = [
  ['ipc', 'dom'],
  ['state'],
  ['components'],
  ['viewer'],
  ['fields', 'markdown', 'structure', 'queue', 'compare', 'search', 'audit', 'library', 'runs', 'jobs', 'keys', 'datasets'],
  ['screens'],
  ['shell'],
  ['.'],
];

/**
 * Main's floors, bottom first (docs/architecture.md): helpers every layer uses; storage and the
 * parser host; what a document file is; the offline engine; the workspace on disk (and the
 * extraction schema check); the cloud service's client; settings; keys, search and rules; the
 * document intake; runs; jobs and datasets; review; the wiring that builds the services and
 * answers the channels; the Electron shell and the preview server on top.
 */
const ELECTRON_LAYERS = [
  ['core'],
  ['storage', 'parserHost'],
  ['formats'],
  ['engine'],
  ['workspace', 'schema'],
  ['api'],
  ['settings'],
  ['keys', 'search', 'rules'],
  ['documents'],
  ['runs'],
  ['jobs', 'datasets'],
  ['review'],
  ['app'],
  ['shell', 'preview'],
];

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const restrict = (names, message) => names.map((name) => ({ name, message }));
const electronOutsideShell = restrict(['electron'], 'Only electron/shell/ may import electron; services stay plain Node.');
const nodeInBrowser = restrict([...nodeBuiltins, 'keytar'], 'The renderer and shared/ run without Node.');
/** A room may use another room's types, never run its code: each is bundled for its own process. */
const wall = (rooms, message) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    { patterns: [{ group: rooms.map((room) => `**/${room}/**`), allowTypeImports: true, message }] },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'release/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/results*', 'bench/.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['electron/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['electron/shell/**'],
    rules: { 'no-restricted-imports': ['error', { paths: electronOutsideShell }] },
  },
  {
    // The emulator judges the client, so it may not run the client's code: types only.
    files: ['tests/emulator/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/electron/**', '**/shared/**'],
              allowTypeImports: true,
              message: 'The emulator implements every contract rule itself; import only types from electron/ or shared/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['electron/**/*.ts'],
    plugins: { groundwork: groundworkPlugin },
    rules: {
      'groundwork/layers': ['error', { room: 'electron', layers: ELECTRON_LAYERS }],
      ...wall(['renderer'], 'Main never runs renderer code; what both need belongs in shared/.'),
    },
  },
  {
    files: ['electron/preview/bridgeClient.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: [...electronOutsideShell, ...nodeInBrowser] }] },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, groundwork: groundworkPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'groundwork/effect-returns-cleanup': 'error',
      'groundwork/layers': ['error', { room: 'renderer', layers: RENDERER_LAYERS }],
      'no-restricted-imports': [
        'error',
        { paths: [...restrict(['electron'], 'The renderer talks to main only through window.groundwork.'), ...nodeInBrowser] },
      ],
      ...wall(['electron'], 'The renderer talks to main only through window.groundwork; what both need belongs in shared/.'),
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', 'global'],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [...restrict(['electron', 'react', 'react-dom'], 'shared/ holds pure logic for both processes.'), ...nodeInBrowser] },
      ],
      ...wall(['electron', 'renderer'], 'shared/ holds pure logic for both processes; it runs neither side.'),
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'navigator',
        'localStorage',
        'process',
        'Buffer',
        'require',
        '__dirname',
        'global',
      ],
    },
  },
);
