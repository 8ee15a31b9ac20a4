import { RequestKind } from '@domain/request/enums';
import { FilterSection, FilterSections } from '@/components/registry-list';
import type { ListStateApi } from '../../hooks/use-list-state';
import { softwareFilterTitles } from '../../model/describe-filter';
import { softwareFilterKeys, softwareFilterKinds, type ListKind } from '../../model/filter';
import { HotLineFields } from './hot-line-fields';
import { PlaceFields } from './place-fields';
import { RepairSubFilter, RepairToolSubFilter } from './repair-filter';
import { SearchFields } from './search-fields';
import { SoftwareSubFilter } from './software-filter';
import { ToggleFields } from './toggle-fields';

export interface RequestFilterFieldsProps {
  readonly list: ListKind;
  readonly state: ListStateApi;
}

/**
 * The request filter's fields (requests.md 2.3; 2.2 adds the hot line fields). Every change applies
 * at once (numbers and texts 500 ms after the last key) and the list behind reloads from page 1;
 * the kind-specific sub-filters appear when their kind is chosen.
 */
export const RequestFilterFields = ({ list, state }: RequestFilterFieldsProps) => {
  const { filter } = state;
  const kinds = filter.request_kinds_ids;
  const props = { filter, state };
  return (
    <FilterSections>
      <FilterSection title="Где и что">
        <PlaceFields {...props} />
      </FilterSection>
      <FilterSection title="Номера и даты">
        <SearchFields {...props} />
      </FilterSection>
      {list === 'hotLine' && (
        <FilterSection title="Головной исполнитель">
          <HotLineFields {...props} />
        </FilterSection>
      )}
      <FilterSection title="Отметки">
        <ToggleFields {...props} />
      </FilterSection>
      {kinds.includes(RequestKind.REPAIR_HARD) && (
        <FilterSection title="Ремонт оборудования">
          <RepairSubFilter {...props} />
          <RepairToolSubFilter {...props} />
        </FilterSection>
      )}
      {softwareFilterKeys
        .filter((key) => kinds.includes(softwareFilterKinds[key]))
        .map((key) => (
          <FilterSection key={key} title={`Дополнительно: ${softwareFilterTitles[key]}`}>
            <SoftwareSubFilter {...props} kind={key} />
          </FilterSection>
        ))}
    </FilterSections>
  );
};
