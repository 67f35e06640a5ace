// The lint of `npm test` (eslint.config.mjs) holds the house rules: each rule is shown failing on
// a few lines of code that break it, and passing where the rule allows them.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../..');

/** The repository's config on text placed at `file` (without types: these rules read imports and names). */
async function lint(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repo, overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } } });
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, file) });
  return result!.messages.map((m) => `${m.line}:${m.ruleId}`);
}

describe('the lint', () => {
  it('lib/ uses no browser global and imports no browser API; elsewhere they are allowed', async () => {
    const code = "import { browser } from 'wxt/browser';\nexport const a = () => window.location.href;\nexport const b = () => document.title;\nexport const c = () => chrome.runtime.id;\nexport const d = (window: { x: number }) => window.x;\n";
    expect(await lint('lib/core/fake.ts', code)).toEqual(['1:no-restricted-imports', '2:no-restricted-globals', '3:no-restricted-globals', '4:no-restricted-globals']);
    expect(await lint('entrypoints/background/fake.ts', code)).toEqual([]);
  });

  it('views never import the messaging or a store; a page\'s store, hooks and entry may', async () => {
    const messaging = "import { sendToBackground } from '../../utils/messaging';\nexport const x = sendToBackground;\n";
    const store = "import { useSiteCheck } from './store';\nexport const x = useSiteCheck;\n";
    expect(await lint('entrypoints/sitecheck/Fake.tsx', messaging)).toEqual(['1:no-restricted-imports']);
    expect(await lint('entrypoints/sitecheck/Fake.tsx', store)).toEqual(['1:no-restricted-imports']);
    expect(await lint('entrypoints/popup/sections/Fake.tsx', "import { usePopup } from '../report/store';\nimport { useFolds } from '../report/folds';\nexport const x = [usePopup, useFolds];\n")).toEqual(['1:no-restricted-imports', '2:no-restricted-imports']);
    expect(await lint('components/Fake.tsx', "import { sendToTab } from '../utils/messaging';\nexport const x = sendToTab;\n")).toEqual(['1:no-restricted-imports']);
    expect(await lint('entrypoints/sitecheck/store.ts', messaging)).toEqual([]);
    expect(await lint('entrypoints/sitecheck/hooks.ts', store)).toEqual([]);
    expect(await lint('entrypoints/popup/report/hooks.ts', "import { usePopup } from './store';\nexport const x = usePopup;\n")).toEqual([]);
    expect(await lint('entrypoints/robots-sandbox/main.tsx', messaging)).toEqual([]);
  });

  it('a floating promise is found by its type; `void` and `await` are fine', async () => {
    // The fixture is in tsconfig.json (tests/), and left out of the repository's lint (tests/fixtures/).
    const eslint = new ESLint({ cwd: repo, ignore: false });
    const [result] = await eslint.lintFiles([path.join(repo, 'tests/fixtures/lint/floating.ts')]);
    expect(result!.messages.map((m) => `${m.line}:${m.ruleId}`)).toEqual(['5:@typescript-eslint/no-floating-promises']);
  }, 60_000);
});
