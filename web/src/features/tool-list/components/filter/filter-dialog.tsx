import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, type ReactNode } from 'react';
import { toolAges, toolAgeTitles, type ToolAge } from '@domain/tool/list-filter';
import { ownerTypeTitles, toolStateTitles } from '@domain/tool/states';
import { AppDialog, DateInput } from '@/components';
import type { ToolReferences } from '../../hooks/use-tool-references';
import type { ToolFilter } from '../../model/filter';
import { ExactTextFilter, Flag, IdMultiSelect, IdSelect, TextFilter, YesNoSelect } from './fields';

export interface FilterDialogProps {
  readonly open: boolean;
  readonly filter: ToolFilter;
  /** The contract's messages by field (the list keeps its last good filter meanwhile). */
  readonly problems: Readonly<Partial<Record<keyof ToolFilter, string>>>;
  readonly references: ToolReferences;
  /** How many tools the filter finds now (null while loading). */
  readonly itemsCount: number | null;
  readonly onChange: (patch: Partial<ToolFilter>) => void;
  readonly onReset: () => void;
  readonly onClose: () => void;
}

const optionsOf = (titles: Readonly<Record<number, string>>) =>
  Object.entries(titles)
    .map(([id, title]) => ({ id: Number(id), title }))
    .sort((a, b) => a.id - b.id);

const stateOptions = optionsOf(toolStateTitles);
const ownerOptions = optionsOf(ownerTypeTitles);
// The age select names buckets by position: ids 1.. stand for toolAges[0..].
const ageOptions = toolAges.map((age, i) => ({ id: i + 1, title: toolAgeTitles[age] }));
const ageOf = (id: number | null): ToolAge | null => (id === null ? null : (toolAges[id - 1] ?? null));
const ageId = (age: ToolAge | null): number | null => (age === null ? null : toolAges.indexOf(age) + 1);

const Section = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <Stack spacing={1.5} component="section" aria-label={title}>
    <Typography variant="subtitle2" color="text.secondary">
      {title}
    </Typography>
    {children}
  </Stack>
);

const Row = ({ children }: { readonly children: ReactNode }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
    {children}
  </Stack>
);

/**
 * The equipment filter (equipment.md 2, 3 'Tool filter fields'): every field of the contract. Each
 * change applies at once (texts 500 ms after the last key), the list behind reloads from page 1
 * 1000 ms later; a value the contract refuses shows its message and is not sent.
 */
export const FilterDialog = ({ open, filter, problems, references, itemsCount, onChange, onReset, onClose }: FilterDialogProps) => {
  const units = useMemo(
    () => (filter.region_id === null ? references.units : references.units.filter((u) => u.region_id === filter.region_id)),
    [references.units, filter.region_id],
  );
  const changeRegion = (region_id: number | null) => {
    // Objects of another region would make the list empty without saying why.
    const keep = region_id === null ? filter.units_ids : filter.units_ids.filter((id) => references.units.find((u) => u.id === id)?.region_id === region_id);
    onChange({ region_id, units_ids: keep });
  };
  return (
    <AppDialog
      open={open}
      title="Фильтр оборудования"
      onClose={onClose}
      actions={
        <>
          <Typography color="text.secondary" sx={{ mr: 'auto', pl: 1 }} aria-live="polite">
            {itemsCount === null ? 'Поиск…' : `Найдено: ${itemsCount}`}
          </Typography>
          <Button onClick={onReset}>Сбросить</Button>
          <Button variant="contained" onClick={onClose}>
            Закрыть
          </Button>
        </>
      }
    >
      <Stack spacing={3} divider={<Divider flexItem />}>
        <Section title="Где">
          <IdSelect label="Регион" value={filter.region_id} options={references.regions} onChange={changeRegion} />
          <IdMultiSelect label="Объекты" value={filter.units_ids} options={units} onChange={(units_ids) => onChange({ units_ids })} placeholder="Все объекты" />
        </Section>
        <Section title="Что">
          <Row>
            <IdSelect
              label="Вид комплекта"
              value={filter.tool_set_name_id}
              options={references.setNames}
              onChange={(tool_set_name_id) => onChange({ tool_set_name_id })}
            />
            <IdSelect
              label="Производитель"
              value={filter.manufacturer_id}
              options={references.manufacturers}
              onChange={(manufacturer_id) => onChange({ manufacturer_id })}
            />
          </Row>
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
        </Section>
        <Section title="Ввод в эксплуатацию и состояние">
          <Row>
            <DateInput
              label="Дата ввода в эксплуатацию: с"
              value={filter.tool_work_in_dt_from}
              onChange={(tool_work_in_dt_from) => onChange({ tool_work_in_dt_from })}
              error={problems.tool_work_in_dt_from}
              fullWidth
            />
            <DateInput
              label="Дата ввода в эксплуатацию: по"
              value={filter.tool_work_in_dt_till}
              onChange={(tool_work_in_dt_till) => onChange({ tool_work_in_dt_till })}
              error={problems.tool_work_in_dt_till}
              fullWidth
            />
          </Row>
          <Row>
            <IdSelect label="Возраст" value={ageId(filter.tool_age)} options={ageOptions} onChange={(id) => onChange({ tool_age: ageOf(id) })} />
            <IdSelect label="Состояние" value={filter.tool_state} options={stateOptions} onChange={(tool_state) => onChange({ tool_state })} />
          </Row>
        </Section>
        <Section title="Владение и учёт">
          <Row>
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
          </Row>
          <Row>
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
          </Row>
          <Row>
            <YesNoSelect label="В комплекте" value={filter.tool_in_set} onChange={(tool_in_set) => onChange({ tool_in_set })} />
            <YesNoSelect label="Подменный фонд" value={filter.tool_exchange_stock} onChange={(tool_exchange_stock) => onChange({ tool_exchange_stock })} />
          </Row>
          <TextFilter
            label="Примечание"
            value={filter.tool_description}
            onChange={(tool_description) => onChange({ tool_description })}
            error={problems.tool_description}
          />
        </Section>
      </Stack>
    </AppDialog>
  );
};
