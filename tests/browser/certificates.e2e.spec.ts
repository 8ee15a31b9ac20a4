import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createSoftCrl } from '../../domain/signing/soft-ca';
import { apiAs, appUrl, DEMO_PASSWORD, expectNoProblems, fileBrowser, screenshot, signIn, withNotice } from '../support/browser-harness';
import { makeKeyFile, makeTestPki } from '../support/demo-signing';

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 200 });
const { open } = fileBrowser();

const bodyRows = (page: Page, title: string) => page.getByRole('table', { name: title }).locator('tbody tr');

/** A .p7b bundle (DER) of the CAs' certificates, made by OpenSSL as a CA publishes its chain. */
const p7bOf = (...certificates: string[]): Buffer => {
  const dir = mkdtempSync(path.join(tmpdir(), 'p7b-'));
  const files = certificates.map((b64, i) => {
    const file = path.join(dir, `${i}.pem`);
    writeFileSync(file, `-----BEGIN CERTIFICATE-----\n${b64.replace(/.{64}/g, '$&\n')}\n-----END CERTIFICATE-----\n`);
    return file;
  });
  execFileSync('openssl', ['crl2pkcs7', '-nocrl', ...files.flatMap((f) => ['-certfile', f]), '-outform', 'DER', '-out', path.join(dir, 'chain.p7b')]);
  return readFileSync(path.join(dir, 'chain.p7b'));
};

describe('certificates of signatures (administration)', () => {
  test('a certificate registered on an employee card; a CA chain (.p7b) and a CRL uploaded on «Доверенные УЦ», a CA removed', async () => {
    const admin = await apiAs('admin');
    const signer = await apiAs('signer');
    // An employee of the signer's organisation, with the signing role, to register a certificate to.
    const stamp = String(Date.now()).slice(-7);
    const surname = `Сертификатов${stamp}`;
    const login = `cert_${stamp}`;
    await admin.call('POST', '/users', {
      user: { surname, name: 'Николай', patronymic: 'Петрович', email: `${login}@courts.example.ru`, organization_id: signer.user.organization_id, login, password: DEMO_PASSWORD, users_roles: [5] },
    });
    const pki = await makeTestPki(`УЦ браузерного теста ${stamp}`);
    const { key } = await makeKeyFile(pki.issuing, { fio: `${surname} Николай Петрович`, surname, givenNames: 'Николай Петрович' });

    const { page, problems } = await open();
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Справочники' }).click();
    await page.getByRole('menuitem', { name: 'Работники', exact: true }).click();
    await page.waitForURL(appUrl('/users'));
    await page.getByLabel('ФИО или логин').fill(surname);
    await poll(() => bodyRows(page, 'Работники').count()).toBe(1);
    await bodyRows(page, 'Работники').first().click();
    const card = page.getByRole('dialog', { name: /^Учетная запись работника: / });
    await card.getByRole('tab', { name: 'Сертификаты' }).click();
    await card.getByText('Сертификатов не зарегистрировано').waitFor();

    // A file that is no certificate: refused in Russian, nothing registered.
    await withNotice(page, 'Файл не является сертификатом X.509 (.cer, .crt в кодировке DER или PEM)', () =>
      card.getByLabel('Файл сертификата работника').setInputFiles({ name: 'broken.cer', mimeType: 'application/pkix-cert', buffer: Buffer.from('не сертификат') }),
    );
    await withNotice(page, 'Сертификат зарегистрирован', () =>
      card.getByLabel('Файл сертификата работника').setInputFiles({ name: `${login}.cer`, mimeType: 'application/pkix-cert', buffer: Buffer.from(key.certificate, 'base64') }),
    );
    const registered = bodyRows(page, 'Зарегистрированные сертификаты');
    await poll(() => registered.count()).toBe(1);
    const row = await registered.first().textContent();
    expect(row).toContain(`${surname} Николай Петрович`);
    expect(row).toContain(`УЦ браузерного теста ${stamp}`);
    expect(row).toContain('загружен администратором');
    await screenshot(page, 'user-certificates');
    await card.getByRole('button', { name: 'Отмена' }).click();

    // 'Доверенные УЦ' from the Administration menu: the root and its issuing CA in one .p7b.
    await page.getByRole('button', { name: 'Администрирование' }).click();
    await page.getByRole('menuitem', { name: 'Доверенные УЦ', exact: true }).click();
    await page.waitForURL(appUrl('/trusted-cas'));
    await page.getByRole('heading', { name: 'Доверенные УЦ' }).waitFor();
    await withNotice(page, 'Добавлено сертификатов: 2', () =>
      page.getByLabel('Файл сертификата УЦ').setInputFiles({ name: 'chain.p7b', mimeType: 'application/x-pkcs7-certificates', buffer: p7bOf(pki.root.certificate, pki.issuing.certificate) }),
    );
    const cas = bodyRows(page, 'Доверенные УЦ').filter({ hasText: `УЦ браузерного теста ${stamp}` });
    await poll(() => cas.count()).toBe(2);
    expect((await cas.allTextContents()).map((t) => (t.startsWith('Корневой') ? 'Корневой' : t.startsWith('Промежуточный') ? 'Промежуточный' : t)).sort()).toEqual(['Корневой', 'Промежуточный']);
    await withNotice(page, 'Этот сертификат уже в списке доверенных', () =>
      page.getByLabel('Файл сертификата УЦ').setInputFiles({ name: 'root.cer', mimeType: 'application/pkix-cert', buffer: Buffer.from(pki.root.certificate, 'base64') }),
    );
    const now = Date.now();
    const crl = await createSoftCrl(pki.issuing, [], new Date(now - 60_000), new Date(now + 7 * 24 * 3600_000));
    await withNotice(page, `Список отзыва «УЦ браузерного теста ${stamp}» загружен, отозванных сертификатов: 0`, () =>
      page.getByLabel('Файл списка отзыва').setInputFiles({ name: 'issuing.crl', mimeType: 'application/pkix-crl', buffer: Buffer.from(crl) }),
    );
    await poll(() => bodyRows(page, 'Списки отзыва').filter({ hasText: `УЦ браузерного теста ${stamp}` }).count()).toBe(1);
    await screenshot(page, 'trusted-cas');

    // Removing the intermediate CA says what becomes of signatures verified before.
    const intermediate = cas.filter({ hasText: 'Промежуточный' });
    await intermediate.getByRole('button', { name: /^Удалить/ }).click();
    const ask = page.getByRole('dialog').filter({ hasText: 'из доверенных?' });
    await poll(() => ask.textContent()).toContain('Подписи, проверенные ранее, останутся в силе');
    await withNotice(page, /^Удалено\. Подписи, проверенные ранее, остаются в силе/, () => ask.getByRole('button', { name: 'Удалить' }).click());
    await poll(() => cas.count()).toBe(1);
    expectNoProblems(problems, [/400/, /409/]);
  }, 180_000);
});
