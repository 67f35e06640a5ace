import { test, expect } from './fixtures';

test('scratch', async ({ page, demo, context, openPopup }) => {
  await page.goto(`${demo}/sitecheck/ok.html`);
  const popup = await openPopup(page);
  const [sc] = await Promise.all([context.waitForEvent('page'), popup.getByTestId('sitecheck-open').click()]);
  await sc.getByTestId('start').click();
  await expect(sc.getByTestId('state')).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  console.log(await sc.getByTestId('results-table').innerText());
  console.log(await sc.getByTestId('sitemaps').innerText());
  console.log(await sc.getByTestId('counts').innerText());
});
