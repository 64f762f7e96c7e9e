import { expect, hydrated, test } from './fixtures';
import { operatorPage, paidOrder, signInOperatorAt } from './backoffice-helpers';
import { cpfFrom } from './checkout-helpers';

/**
 * Issue 30 (ADR 0028): the demo dono invites a `marketing` staff member from /painel/equipe; the invitee follows the
 * mailed link (the local outbox), sets a password, signs in with the customer login, and is refused ("Sem permissão",
 * 403) an order status change; the audit page lists the invitation. At 1366 and at 375 px.
 */
for (const viewport of [
  { width: 1366, height: 768 },
  { width: 375, height: 812 },
]) {
  test(`a dono invites a marketing member who signs in and may not change an order (${viewport.width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const orderId = await paidOrder(page, baseURL!);
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const email = `marketing${stamp}@example.com.br`;

    // The dono invites from the staff page (plain form post).
    const { page: dono, errors } = await operatorPage(browser, baseURL!);
    await dono.setViewportSize(viewport);
    await signInOperatorAt(dono, '/painel/equipe');
    await expect(dono.getByRole('heading', { level: 1, name: 'Equipe' })).toBeVisible();
    await dono.locator('#invite-email').fill(email);
    await dono.locator('#invite-role').selectOption('marketing');
    await dono.getByRole('button', { name: 'Enviar convite' }).click();
    await expect(dono.getByText('Convite enviado por e-mail.')).toBeVisible();
    await expect(dono.getByText(new RegExp(`${email} · Marketing`))).toBeVisible();
    // Nothing on the page is wider than the screen.
    expect(await dono.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // The invitee opens the mailed link in their own browser, sets a password and signs in like a customer.
    const { page: invitee, errors: inviteeErrors } = await operatorPage(browser, baseURL!);
    await invitee.setViewportSize(viewport);
    await invitee.goto('/dev/outbox');
    const mail = invitee.getByTestId('outbox-mail').filter({ hasText: email }).first();
    await mail.getByRole('link', { name: /painel\/convite/ }).click();
    // The outbox's own mail headings ("Vitrine: convite para a equipe da loja", one per invitation: the other width's
    // test may have sent one too) must not stand in for the invitation page's.
    await expect(invitee).toHaveURL(/\/painel\/convite\?token=/);
    await expect(invitee.getByRole('heading', { name: 'Convite para a equipe da loja', exact: true })).toBeVisible();
    await invitee.getByLabel('Nome completo').fill('Mara Marketing Souza');
    await invitee.getByLabel('CPF').fill(cpfFrom(stamp.slice(-9)));
    await invitee.getByLabel('Senha').fill('Campanha2026');
    await invitee.getByRole('button', { name: 'Definir senha e entrar na equipe' }).click();
    await expect(invitee.getByText('Senha definida.')).toBeVisible();
    await invitee.getByRole('link', { name: 'Entrar no painel' }).click();
    await hydrated(invitee);
    await invitee.getByLabel('E-mail ou CPF').fill(email);
    await invitee.getByLabel('Senha').fill('Campanha2026');
    await invitee.getByRole('button', { name: 'Entrar' }).click();
    await expect(invitee).toHaveURL(/\/painel\/pedidos$/);
    await expect(invitee.getByText('Mara Marketing Souza · Marketing')).toBeVisible();

    // Reading an order is open to all staff; changing its status is not.
    await invitee.goto(`/painel/pedidos/${orderId}`);
    const [answer] = await Promise.all([
      invitee.waitForResponse(
        (r) => r.url().endsWith(`/painel/pedidos/${orderId}/status`) && r.request().method() === 'POST',
      ),
      invitee.getByRole('button', { name: 'Emitir nota fiscal' }).click(),
    ]);
    expect(answer.status()).toBe(403);
    await expect(invitee.getByRole('heading', { level: 1, name: 'Sem permissão' })).toBeVisible();
    await expect(invitee.getByTestId('backoffice-forbidden')).toContainText('Sem permissão para esta ação');
    expect(await invitee.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

    // The dono's audit page lists the invitation (and the marketing member has no audit section).
    await expect(invitee.getByRole('link', { name: 'Auditoria' })).toHaveCount(0);
    await dono.goto(`/painel/auditoria?entity=staff_invite&staff=operador`);
    const entry = dono.getByTestId('audit-entry').filter({ hasText: email });
    await expect(entry.first()).toContainText(`Convite para a equipe: ${email}`);
    await expect(entry.first()).toContainText('Papel: Marketing');
    await expect(entry.first()).not.toContainText('"role"');
    // Each filter label sits above its own field, at 1366 and 375 px alike; at 375 the fields stack, full width.
    for (const name of ['Registro', 'Pessoa', 'De', 'Até']) {
      const label = (await dono
        .locator('.backoffice__audit-filter label', { hasText: new RegExp(`^${name}$`) })
        .boundingBox())!;
      const field = (await dono.getByLabel(name, { exact: true }).boundingBox())!;
      expect(label.y + label.height, name).toBeLessThanOrEqual(field.y + 1);
      expect(Math.abs(label.x - field.x), name).toBeLessThanOrEqual(2);
      if (viewport.width < 600) expect(field.width, name).toBeGreaterThan(viewport.width - 80);
    }
    expect(await dono.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    // The refused post's own 403 is the only resource error Chromium reports.
    expect(errors).toEqual([]);
    expect(inviteeErrors.filter((e) => !/status of 403/.test(e))).toEqual([]);
    expect(inviteeErrors.filter((e) => /status of 403/.test(e))).toHaveLength(1);
    await dono.context().close();
    await invitee.context().close();
  });
}
