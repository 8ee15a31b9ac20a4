import { describe, expect, test } from 'vitest';
import { appUrl, expectNoProblems, fileBrowser, screenshot, signIn, withNotice } from '../support/browser-harness';

/** Polls for up to 15 s: the machine is shared, and another user's change reaches the list through the read model. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });
const { open } = fileBrowser();
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f7d5a90000000049454e44ae426082', 'hex');

/** Requests to the administrator (administration.md 2.9, 5, 8). */
describe('requests to the administrator', () => {
  test('a user writes with a picture; the administrator answers and closes it; the user sees the answer, its count and the picture', async () => {
    const message = `Не печатает принтер ${Date.now()}`;
    const user = await open();
    await signIn(user.page, 'court');
    await user.page.getByRole('button', { name: 'Помощь' }).click();
    await user.page.getByRole('menuitem', { name: 'Запросы администратору' }).click();
    await user.page.waitForURL(appUrl('/request-inner'));
    await user.page.getByRole('heading', { name: 'Запросы администратору' }).waitFor();

    await user.page.getByRole('button', { name: 'Добавить' }).click();
    const dialog = user.page.getByRole('dialog', { name: 'Новый запрос администратору' });
    // The e-mail rules of the dialog (administration.md 5), checked before anything is sent.
    await dialog.getByLabel('Email').fill('');
    await dialog.getByRole('button', { name: 'Отправить' }).click();
    await dialog.getByText('Поле email не может быть пустым').waitFor();
    await dialog.getByLabel('Email').fill('court@example');
    await dialog.getByText('Неверный формат поля email').waitFor();
    await dialog.getByLabel('Email').fill('court@courts.example.ru');
    await dialog.getByLabel('Сообщение').fill(message);
    await dialog.getByLabel('Файлы запроса').setInputFiles({ name: 'printer.png', mimeType: 'image/png', buffer: PNG });
    await withNotice(user.page, 'Запрос отправлен', () => dialog.getByRole('button', { name: 'Отправить' }).click());
    const own = user.page.getByRole('row').filter({ hasText: message });
    await own.getByText('Активно').waitFor();

    const admin = await open();
    await signIn(admin.page, 'admin');
    await admin.page.goto(appUrl('/request-inner'));
    const row = admin.page.getByRole('row').filter({ hasText: message });
    await poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: 'Действия' }).click();
    await withNotice(admin.page, 'Запрос обновлен', () => admin.page.getByRole('menuitem', { name: 'Выполнено' }).click());
    await row.getByText('Выполнено').waitFor();
    await row.getByRole('button', { name: 'Действия' }).click();
    await admin.page.getByRole('menuitem', { name: 'Ответить' }).click();
    const answer = admin.page.getByRole('dialog', { name: 'Ответ на запрос' });
    // An answer has no e-mail field.
    expect(await answer.getByLabel('Email').count()).toBe(0);
    await answer.getByLabel('Сообщение').fill('Замените картридж');
    await withNotice(admin.page, 'Запрос отправлен', () => answer.getByRole('button', { name: 'Отправить' }).click());

    await poll(async () => {
      await user.page.reload();
      await own.first().waitFor();
      return own.getByTestId('answers-badge').textContent();
    }).toContain('Выполнено1');
    // Others have no management menu, only a reply.
    expect(await own.getByRole('button', { name: 'Действия' }).count()).toBe(0);
    await own.getByRole('button', { name: 'Ответить' }).waitFor();
    await own.getByRole('button', { name: 'Показать ответы' }).click();
    await user.page.getByRole('row').filter({ hasText: 'Замените картридж' }).waitFor();
    await own.getByRole('button', { name: 'printer.png' }).click();
    const carousel = user.page.getByRole('dialog', { name: 'Просмотр изображений' });
    await carousel.getByRole('img', { name: 'printer.png' }).waitFor();
    // The picture itself was loaded (fetched with the session headers), not only its frame.
    await poll(() => carousel.getByRole('img', { name: 'printer.png' }).evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    await screenshot(user.page, 'inner-request-carousel');
    await carousel.getByRole('button', { name: 'Закрыть' }).click();
    expectNoProblems(user.problems);
    expectNoProblems(admin.problems);
  });
});
