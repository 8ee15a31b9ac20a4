import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogs } from '../../../../domain/catalog/definitions';
import { catalogScreen, catalogScreens, referencesOutsideCatalogs } from '../../../../domain/catalog/screens';
import { catalogScreenOf } from '../../../../web/src/features/catalog/model/catalog-screens';

/** The keys an item schema accepts (an object, or an object behind a transform). */
const schemaFields = (schema: z.ZodTypeAny): string[] => {
  let s: z.ZodTypeAny = schema;
  while (s instanceof z.ZodEffects) s = s.innerType();
  if (!(s instanceof z.ZodObject)) throw new Error('a catalogue item schema is an object');
  return Object.keys(s.shape as Record<string, unknown>);
};

const known = new Set<string>([...catalogs.map((c) => c.name), ...referencesOutsideCatalogs]);

describe('catalogue screens', () => {
  it('every catalogue has exactly one screen', () => {
    expect(catalogScreens.map((s) => s.name).sort()).toEqual(catalogs.map((c) => c.name).sort());
  });

  describe.each(catalogs.map((c) => [c.name, c] as const))('%s', (name, def) => {
    const screen = catalogScreen(name);
    const fields = screen.fields as Readonly<Record<string, { label: string; control: { kind: string; catalog?: string } }>>;

    it('describes every schema field, and only those, with a Russian label', () => {
      expect(Object.keys(fields).sort()).toEqual(schemaFields(def.schema).sort());
      for (const meta of Object.values(fields)) expect(meta.label).toMatch(/^[А-ЯЁ0-9][^a-z]*$/u);
    });

    it('names a known catalogue in every select', () => {
      for (const meta of Object.values(fields)) if (meta.control.kind === 'select') expect(known).toContain(meta.control.catalog);
    });

    it('lists columns of its fields and labels every filter of the definition', () => {
      expect(screen.columns.length).toBeGreaterThan(0);
      for (const c of screen.columns) expect(fields).toHaveProperty(c);
      expect(Object.keys(screen.filters).sort()).toEqual([...def.filters].sort());
      expect(screen.textFilter).not.toBe('');
      expect(screen.title).toBe(def.title);
    });
  });

  it('the client reads the same metadata as ordered lists', () => {
    const view = catalogScreenOf('services_repairs');
    expect(view.columns.map((c) => c.field)).toEqual(['title', 'region_id', 'address', 'telephone', 'chief_fio', 'service_type']);
    expect(view.fields.find((f) => f.name === 'region_id')).toEqual({ name: 'region_id', label: 'Регион', control: { kind: 'select', catalog: 'regions' } });
    expect(view.filters.map((f) => f.label)).toEqual(['Регион', 'Тип']);
  });
});
