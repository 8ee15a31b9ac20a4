import { useMemo } from 'react';
import { toolAges, toolAgeTitles, type ToolAge } from '@domain/tool/list-filter';
import { ownerTypeTitles, toolStateTitles } from '@domain/tool/states';
import {
  ChoiceSelect,
  DateRange,
  ExactTextFilter,
  FilterRow,
  FilterSection,
  FilterSections,
  Flag,
  IdMultiSelect,
  IdSelect,
  keepUnitsOfRegion,
  optionsOf,
  TextFilter,
  unitsOfRegion,
  yesNoChoices,
} from '@/components/registry-list';
import type { ToolReferences } from '../../hooks/use-tool-references';
import type { ToolFilter } from '../../model/filter';

export interface ToolFilterFieldsProps {
  readonly filter: ToolFilter;
  /** The contract's messages by field (the list keeps its last good filter meanwhile). */
  readonly problems: Readonly<Partial<Record<keyof ToolFilter, string>>>;
  readonly references: ToolReferences;
  readonly onChange: (patch: Partial<ToolFilter>) => void;
}

const stateOptions = optionsOf(toolStateTitles);
const ownerOptions = optionsOf(ownerTypeTitles);
const ageChoices = toolAges.map((age) => ({ value: age, title: toolAgeTitles[age] }));

/**
 * The equipment filter's fields (equipment.md 2, 3 'Tool filter fields'): every field of the
 * contract. Each change applies at once (texts 500 ms after the last key), the list behind reloads
 * from page 1 1000 ms later; a value the contract refuses shows its message and is not sent.
 */
export const ToolFilterFields = ({ filter, problems, references, onChange }: ToolFilterFieldsProps) => {
  const units = useMemo(() => unitsOfRegion(references.units, filter.region_id), [references.units, filter.region_id]);
  const changeRegion = (region_id: number | null) => onChange({ region_id, units_ids: keepUnitsOfRegion(filter.units_ids, references.units, region_id) });
  return (
    <FilterSections>
      <FilterSection title="Где">
        <IdSelect label="Регион" value={filter.region_id} options={references.regions} onChange={changeRegion} />
        <IdMultiSelect label="Объекты" value={filter.units_ids} options={units} onChange={(units_ids) => onChange({ units_ids })} placeholder="Все объекты" />
      </FilterSection>
      <FilterSection title="Что">
        <FilterRow>
          <IdSelect label="Вид комплекта" value={filter.tool_set_name_id} options={references.setNames} onChange={(tool_set_name_id) => onChange({ tool_set_name_id })} />
          <IdSelect label="Производитель" value={filter.manufacturer_id} options={references.manufacturers} onChange={(manufacturer_id) => onChange({ manufacturer_id })} />
        </FilterRow>
        <IdMultiSelect
          label="Вид оборудования"
          value={filter.tool_kind_ids}
          options={references.toolKinds}
          onChange={(tool_kind_ids) => onChange({ tool_kind_ids })}
          placeholder="Все виды"
        />
        <ExactTextFilter
          label="Наименование"
          value={filter.tool_model}
          onChange={(tool_model) => onChange({ tool_model })}
          exact={filter.tool_model_exact}
          onExactChange={(tool_model_exact) => onChange({ tool_model_exact })}
          error={problems.tool_model}
        />
        <ExactTextFilter
          label="Серийный номер"
          value={filter.serial_number}
          onChange={(serial_number) => onChange({ serial_number })}
          exact={filter.serial_exact}
          onExactChange={(serial_exact) => onChange({ serial_exact })}
          error={problems.serial_number}
        />
        <ExactTextFilter
          label="Инвентарный номер"
          value={filter.inventar_number}
          onChange={(inventar_number) => onChange({ inventar_number })}
          exact={filter.inventar_exact}
          onExactChange={(inventar_exact) => onChange({ inventar_exact })}
          error={problems.inventar_number}
        />
      </FilterSection>
      <FilterSection title="Ввод в эксплуатацию и состояние">
        <DateRange
          label="Дата ввода в эксплуатацию"
          from={filter.tool_work_in_dt_from}
          to={filter.tool_work_in_dt_till}
          onChange={({ from, to }) => onChange({ tool_work_in_dt_from: from, tool_work_in_dt_till: to })}
          errors={{ from: problems.tool_work_in_dt_from, to: problems.tool_work_in_dt_till }}
        />
        <FilterRow>
          <ChoiceSelect<ToolAge> label="Возраст" value={filter.tool_age} choices={ageChoices} onChange={(tool_age) => onChange({ tool_age })} />
          <IdSelect label="Состояние" value={filter.tool_state} options={stateOptions} onChange={(tool_state) => onChange({ tool_state })} />
        </FilterRow>
      </FilterSection>
      <FilterSection title="Владение и учёт">
        <FilterRow>
          <IdSelect
            label="Тип владения"
            value={filter.tool_owner_is_not_set ? null : filter.tool_owner_type_id}
            options={ownerOptions}
            onChange={(tool_owner_type_id) => onChange({ tool_owner_type_id })}
            disabled={filter.tool_owner_is_not_set}
          />
          <Flag
            label="Владелец не указан"
            checked={filter.tool_owner_is_not_set}
            // 'Not set' excludes a type: the type is cleared and locked while it is on.
            onChange={(on) => onChange(on ? { tool_owner_is_not_set: true, tool_owner_type_id: null } : { tool_owner_is_not_set: false })}
          />
        </FilterRow>
        <FilterRow>
          <TextFilter
            label="Остаточная стоимость: от"
            value={filter.tool_cost_remain_from}
            onChange={(tool_cost_remain_from) => onChange({ tool_cost_remain_from })}
            error={problems.tool_cost_remain_from}
            numeric
          />
          <TextFilter
            label="Остаточная стоимость: до"
            value={filter.tool_cost_remain_upto}
            onChange={(tool_cost_remain_upto) => onChange({ tool_cost_remain_upto })}
            error={problems.tool_cost_remain_upto}
            numeric
          />
        </FilterRow>
        <FilterRow>
          <ChoiceSelect label="В комплекте" value={filter.tool_in_set} choices={yesNoChoices} onChange={(tool_in_set) => onChange({ tool_in_set })} />
          <ChoiceSelect label="Подменный фонд" value={filter.tool_exchange_stock} choices={yesNoChoices} onChange={(tool_exchange_stock) => onChange({ tool_exchange_stock })} />
        </FilterRow>
        <TextFilter label="Примечание" value={filter.tool_description} onChange={(tool_description) => onChange({ tool_description })} error={problems.tool_description} />
      </FilterSection>
    </FilterSections>
  );
};
