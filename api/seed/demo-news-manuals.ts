import { sql } from 'slonik';
import { latest } from '../../commands/context';
import { saveManualFolder, saveManualItem } from '../../commands/manual/manual';
import { saveNews } from '../../commands/news/news';
import { allRights } from '../../domain/rights/rights';
import type { Actor } from '../../domain/shared/actor';
import type { CommandContext } from '../../domain/shared/events';
import { AccessLevel } from '../../domain/rights/values';
import type { Position } from '../../infrastructure/eventstore/port';
import type { AppContext } from '../context';
import { demoScreenshotPng, storeDemoFile } from './demo-files';

/** A one-page PDF with a line of ASCII text (offsets in the xref table are computed, so readers accept it). */
export const demoPdf = (text: string): Buffer => {
  const stream = `BT /F1 14 Tf 40 780 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};

/**
 * Support news with files and a manual folder tree with a PDF and a picture (decisions 57–66), so every demo
 * login sees both screens filled. No demo video: none can be generated here without an encoder; the
 * player is covered by the tests with a stub mp4.
 */
export const seedDemoNewsAndManuals = async (ctx: AppContext, context: CommandContext): Promise<Position | null> => {
  const system: Actor = { userId: 0, rights: allRights(), accessLevel: AccessLevel.FULL };
  let last: Position | null = null;
  const special = await ctx.pool.anyFirst(sql.unsafe`
    SELECT id FROM rm_catalog_items WHERE catalog = 'programs' AND NOT deleted AND (data->>'type')::int = 1 ORDER BY id LIMIT 3`);
  // Dated some days back, never in the future (the decider refuses that).
  const daysAgo = (n: number) => new Date(Date.parse(context.now) - n * 86_400_000).toISOString().slice(0, 10);
  const news = [
    { date: daysAgo(45), title: 'Обновление модуля «Судебное делопроизводство»', description: 'Исправлены ошибки формирования отчетов, ускорен поиск дел.', version: '3.2.1' },
    { date: daysAgo(20), title: 'Новая версия подсистемы обеспечения доступа', description: 'Добавлена публикация судебных актов в новом формате.', version: '5.0.4' },
    { date: daysAgo(3), title: 'Исправление для статистической отчетности', description: 'Устранена ошибка подсчета сроков рассмотрения.', version: '2.7.9' },
  ];
  for (const [i, n] of news.entries()) {
    if (special.length === 0) break;
    const file = await storeDemoFile(ctx, `Описание обновления ${n.version}.pdf`, 'application/pdf', demoPdf(`Update ${n.version}: release notes`));
    const r = await saveNews(ctx, null, { date: n.date, title: n.title, description: n.description, program_id: Number(special[i % special.length]) }, [file], system, context);
    last = latest(last, r.position);
  }
  const folders = [
    { title: 'Начало работы', items: [{ title: 'Вход в систему', contents: 'Откройте адрес системы, введите логин и пароль, выданные администратором.', file: 'pdf' as const }] },
    { title: 'Заявки', items: [{ title: 'Создание заявки', contents: 'Меню «Техподдержка» → «Новая заявка». Заполните объект, вид заявки и описание.', file: 'png' as const }] },
    { title: 'Видеоуроки', items: [] },
  ];
  for (const [order, f] of folders.entries()) {
    const folder = await saveManualFolder(ctx, null, { title: f.title, order: order + 1 }, system, context);
    last = latest(last, folder.position);
    for (const [j, it] of f.items.entries()) {
      const file =
        it.file === 'pdf'
          ? await storeDemoFile(ctx, 'Инструкция пользователя.pdf', 'application/pdf', demoPdf('User guide: signing in'))
          : await storeDemoFile(ctx, 'Окно новой заявки.png', 'image/png', demoScreenshotPng(order + j));
      const r = await saveManualItem(ctx, folder.id, null, { title: it.title, contents: it.contents, order: j + 1 }, [file], system, context);
      last = latest(last, r.position);
    }
  }
  return last;
};
