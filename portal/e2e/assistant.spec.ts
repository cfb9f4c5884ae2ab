import { expect, test } from './csp';
import { DEMO, loginThroughForm } from './session';

/**
 * The AI assistant (spec §1, §5): a question of 5 to 50 words about the board's numbers, answered by
 * the language model (here the LLM stand-in, a local server speaking the OpenAI API, which answers
 * with the line of the context that matches the question), then put on the board as an AI widget.
 */

test('ask the assistant about the numbers and put the answer on the board', async ({ page }) => {
  test.setTimeout(90_000);
  await loginThroughForm(page, DEMO, '/login', 'nor');
  await page.getByTestId('board-dropdown-button').click();
  await page.getByTestId('board-option').filter({ hasText: 'Nordlys Energiteknikk AS' }).click();
  await expect(page.getByTestId('grid-widget').first()).toBeVisible();

  // The catalogue's AI entry opens the assistant.
  await page.getByTestId('add-widget-button').click();
  await page.locator('[data-testid="catalogue-item"][data-widget="ai"]').click();
  const panel = page.getByTestId('assistant-panel');
  await expect(panel).toBeVisible();

  // Four words are too few; the counter follows the text.
  const question = panel.getByTestId('assistant-question');
  await question.fill('Hva var driftsresultatet egentlig?');
  await expect(panel.getByTestId('assistant-word-count')).toHaveText('4 av maks 50 ord');
  await panel.getByTestId('assistant-ask').click();
  await expect(panel.getByTestId('assistant-error')).toHaveText('Spørsmålet må ha minst 5 ord');
  await question.fill(Array.from({ length: 51 }, () => 'ord').join(' '));
  await panel.getByTestId('assistant-ask').click();
  await expect(panel.getByTestId('assistant-error')).toHaveText('Spørsmålet kan ha maks 50 ord');

  // A real question: the answer names the P&L line the model was given.
  await question.fill('Hva var Driftsresultat for selskapet i perioden?');
  await panel.getByTestId('assistant-ask').click();
  const answer = panel.getByTestId('assistant-answer');
  await expect(answer.getByTestId('assistant-answer-text')).toHaveText(/^Driftsresultat: -?[\d ]+ \(fra /);
  const text = (await answer.getByTestId('assistant-answer-text').textContent()) ?? '';
  await page.screenshot({ path: test.info().outputPath('assistant.png') });

  // On the board as an AI widget, which shows the same answer, also after a reload.
  await answer.getByTestId('assistant-add').click();
  await expect(answer.getByTestId('assistant-add')).toBeDisabled();
  const widget = page.locator('[data-testid="grid-widget"][data-widget="ai"]');
  await expect(widget).toHaveCount(1);
  await expect(widget.locator('saldo-ai-widget')).toContainText(text.trim());
  await panel.getByTestId('assistant-close').click();
  await page.reload();
  await expect(widget.locator('saldo-ai-widget')).toContainText(text.trim());
  await expect(widget).toContainText('Hva var Driftsresultat for selskapet i perioden?');

  // The question is kept: the assistant lists it, and it cannot be deleted while on the board.
  await page.getByTestId('assistant-button').click();
  const kept = panel.getByTestId('assistant-history-item').filter({ hasText: 'Driftsresultat' });
  await expect(kept).toHaveCount(1);
  await expect(kept.getByTestId('assistant-delete')).toBeDisabled();
});
