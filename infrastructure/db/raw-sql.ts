import { sql, type CommonQueryMethods } from 'slonik';

/** A query from a trusted SQL text (schema files), for the few places that are not templates. */
export const rawSql = (text: string) => {
  const strings = Object.assign([text], { raw: Object.freeze([text]) });
  return sql.unsafe(Object.freeze(strings) as unknown as TemplateStringsArray);
};

/** Splits a trusted schema script into statements (slonik runs one statement per query). */
export const splitStatements = (script: string): string[] => {
  const out: string[] = [];
  let current = '';
  let dollar: string | null = null;
  let quote = false;
  for (let i = 0; i < script.length; i++) {
    const ch = script[i]!;
    if (!quote && ch === '$') {
      const tag = /^\$[A-Za-z_]*\$/.exec(script.slice(i))?.[0];
      if (tag) {
        if (dollar === null) dollar = tag;
        else if (dollar === tag) dollar = null;
        current += tag;
        i += tag.length - 1;
        continue;
      }
    }
    if (dollar === null && ch === "'") quote = !quote;
    if (dollar === null && !quote && ch === '-' && script[i + 1] === '-') {
      const end = script.indexOf('\n', i);
      i = end < 0 ? script.length : end;
      current += '\n';
      continue;
    }
    if (dollar === null && !quote && ch === ';') {
      if (current.trim()) out.push(current.trim());
      current = '';
      continue;
    }
    current += ch;
  }
  if (current.trim()) out.push(current.trim());
  return out;
};

export const runScript = async (db: Pick<CommonQueryMethods, 'query'>, script: string) => {
  for (const statement of splitStatements(script)) await db.query(rawSql(statement));
};
