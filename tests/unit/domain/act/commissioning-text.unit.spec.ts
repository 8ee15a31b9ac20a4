import { describe, expect, it } from 'vitest';
import { defaultActText } from '../../../../domain/act/data';
import { ActKind } from '../../../../domain/request/enums';
import { emptyRequestData } from '../../../../domain/request/state';

// requests.md 5 (Acts): the description taken into a commissioning act is cut to 1900 characters
// plus '...' when it is over 1999 characters; a shorter one is taken whole.

const withText = (request_text: string) => ({ ...emptyRequestData(), request_kind_id: 3, request_text });

describe('the commissioning act text taken from the description', () => {
  it('2000 characters: the first 1900 and "..."', () => {
    const text = `${'а'.repeat(1899)}Я${'б'.repeat(100)}`;
    const act = defaultActText(ActKind.CO_13, withText(text), null);
    expect(act).toHaveLength(1903);
    expect(act).toBe(`${'а'.repeat(1899)}Я...`);
  });

  it('1999 characters or fewer: the whole description', () => {
    const text = 'в'.repeat(1999);
    expect(defaultActText(ActKind.CO_13, withText(text), null)).toBe(text);
    expect(defaultActText(ActKind.CO_13, withText('Введено в эксплуатацию'), null)).toBe('Введено в эксплуатацию');
  });
});
