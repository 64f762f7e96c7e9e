import type { Page } from '@playwright/test';
import { expect, hydrated, test } from './fixtures';
import { operatorPage } from './backoffice-helpers';
import { headerReady, settle } from './header-helpers';

/**
 * ADR 0033: the demo `marketing` member edits the storefront's content at /painel/conteudo without JS (plain form
 * posts) and publishes it; an anonymous shopper (her own browser: the edge cache serves anonymous pages only) sees it
 * on the next page, also on a page the edge cache held. Permissions, audit rows, 409s and bad input are the worker
 * tier's (test/worker/content-admin.test.ts).
 */
const MARKETING = { email: 'marketing@vitrine.dev', password: 'Marketing@2026' };
const stamp = Date.now().toString(36);
const MESSAGE = `Frete grátis no Pix ${stamp}`;
const COLUMN = `Corrida ${stamp}`;
const CARD = `Linha Corrida ${stamp}`;

test.describe.serial('the content section (marketing) and what a shopper sees', () => {
  let op: Page;
  let shopper: Page;
  let errors: string[];

  test.beforeAll(async ({ browser, baseURL }) => {
    ({ page: op, errors } = await operatorPage(browser, baseURL!));
    ({ page: shopper } = await operatorPage(browser, baseURL!));
    await op.setViewportSize({ width: 1366, height: 900 });
    await shopper.setViewportSize({ width: 1366, height: 900 });
    await op.goto('/painel/conteudo');
    await hydrated(op);
    await op.getByLabel('E-mail ou CPF').fill(MARKETING.email);
    await op.getByLabel('Senha').fill(MARKETING.password);
    await op.getByRole('button', { name: 'Entrar' }).click();
    await expect(op).toHaveURL(/\/painel\/conteudo$/);
  });

  test.afterAll(async () => {
    await op.context().close();
    await shopper.context().close();
  });

  const addUnderFitness = async (fields: {
    name: string;
    slug: string;
    type: string;
    image?: string;
    button?: string;
  }) => {
    await op.getByTestId('menu-entry-1280').getByRole('link', { name: 'Adicionar entrada em Fitness' }).first().click();
    await expect(op.getByRole('heading', { name: 'Nova entrada em Fitness' })).toBeVisible();
    await op.getByLabel('Nome').fill(fields.name);
    await op.getByLabel('Endereço (slug)').fill(fields.slug);
    await op.getByLabel('Tipo de exibição').selectOption({ label: fields.type });
    if (fields.image) await op.getByLabel(/^Imagem/).fill(fields.image);
    if (fields.button) await op.getByLabel('Texto do botão (banner)').fill(fields.button);
    await op.getByRole('button', { name: 'Adicionar entrada ao rascunho' }).click();
    await expect(op.getByText('Salvo no rascunho.')).toBeVisible();
  };

  test('1366 px: a strip message and a 1280 column entry with a banner card, published, show on a cached page', async () => {
    // The shopper's page is in the edge cache before the edit.
    await shopper.goto('/fitness');
    await shopper.goto('/fitness');
    await expect(shopper.locator('.announcement')).not.toContainText(MESSAGE);

    await op.locator('#strip-text_0').fill(MESSAGE);
    await op.getByRole('button', { name: 'Salvar faixa no rascunho' }).click();
    await expect(op.getByText('Salvo no rascunho.')).toBeVisible();
    await addUnderFitness({ name: COLUMN, slug: 'fitness/leggings', type: 'Coluna' });
    await addUnderFitness({
      name: CARD,
      slug: 'fitness/performance',
      type: 'Banner (imagem, nome e botão)',
      image: 'linha-performance.webp',
      button: 'Correr agora',
    });
    await expect(op.getByTestId('content-status')).toContainText(
      'O rascunho tem alterações que a loja ainda não mostra.',
    );
    await op.getByRole('button', { name: 'Publicar' }).click();
    await expect(op.getByText('Publicado. A loja já mostra o novo conteúdo.')).toBeVisible();

    await shopper.goto('/fitness');
    await headerReady(shopper);
    await expect(shopper.locator('.announcement')).toContainText(MESSAGE);
    await shopper.getByRole('link', { name: 'Fitness', exact: true }).first().hover();
    const panel = shopper.locator('#menu-panel-1280');
    await expect(panel.getByRole('link', { name: COLUMN, exact: true })).toBeVisible();
    await expect(panel.getByRole('link', { name: new RegExp(CARD) })).toContainText('Correr agora');
    expect(errors).toEqual([]);
  });

  test('375 px: "Restaurar versão anterior" takes the entry out of the shopper’s menu', async () => {
    await op.setViewportSize({ width: 375, height: 812 });
    await shopper.setViewportSize({ width: 375, height: 812 });
    await op.goto('/painel/conteudo');
    await op.getByRole('button', { name: 'Restaurar versão anterior' }).click();
    await expect(op.getByText('Versão anterior restaurada.')).toBeVisible();
    expect(await op.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await shopper.goto('/fitness');
    await hydrated(shopper);
    await shopper.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = shopper.locator('#menu-drawer');
    await drawer.getByRole('button', { name: 'Fitness' }).click();
    await expect(drawer.getByRole('link', { name: 'Leggings' })).toBeVisible();
    await expect(drawer.getByText(COLUMN)).toHaveCount(0);
    await expect(drawer.getByText(CARD)).toHaveCount(0);
    await expect(shopper.locator('.announcement')).not.toContainText(MESSAGE);
  });

  test('a promotion banner scheduled to end shows a ticking countdown, then disappears', async () => {
    await op.setViewportSize({ width: 1366, height: 900 });
    await op.goto('/painel/conteudo');
    // Two minutes ahead in São Paulo time (UTC−3), to the second; the shopper's clock is then run to the end.
    const endsAt = Math.floor((Date.now() + 120_000) / 1000) * 1000;
    await op.getByLabel(/^Texto \(HTML simples/).fill(`Oferta relâmpago ${stamp}`);
    await op.getByLabel(/^Termina em/).fill(new Date(endsAt - 3 * 3_600_000).toISOString().slice(0, 19));
    await op.getByLabel('Mostrar a contagem regressiva ‘Termina em’').check();
    await op.getByRole('button', { name: 'Salvar banner no rascunho' }).click();
    await expect(op.getByText('Salvo no rascunho.')).toBeVisible();
    await op.getByRole('button', { name: 'Publicar' }).click();
    await expect(op.getByText('Publicado. A loja já mostra o novo conteúdo.')).toBeVisible();

    await shopper.setViewportSize({ width: 1366, height: 900 });
    await shopper.clock.install({ time: endsAt - 4000 });
    await shopper.clock.pauseAt(endsAt - 3000);
    await shopper.goto('/entregas');
    await headerReady(shopper);
    const promo = shopper.getByRole('region', { name: 'Promoção' });
    await expect(promo).toContainText(`Oferta relâmpago ${stamp}`);
    await expect(promo.locator('.promo__timer')).toHaveText('Termina em 00:00:03');
    await shopper.clock.runFor(1000);
    await expect(promo.locator('.promo__timer')).toHaveText('Termina em 00:00:02');
    await settle(shopper);
    await shopper.clock.runFor(2000);
    await expect(promo).toHaveCount(0);
  });
});
