import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { RequestKind } from '@domain/request/enums';
import { AppDialog } from '@/components';
import type { ListStateApi } from '../../hooks/use-list-state';
import { softwareFilterTitles } from '../../model/describe-filter';
import { softwareFilterKeys, softwareFilterKinds, type ListKind } from '../../model/filter';
import { HotLineFields } from './hot-line-fields';
import { PlaceFields } from './place-fields';
import { RepairSubFilter, RepairToolSubFilter } from './repair-filter';
import { SearchFields } from './search-fields';
import { SoftwareSubFilter } from './software-filter';
import { ToggleFields } from './toggle-fields';

export interface FilterDialogProps {
  readonly open: boolean;
  readonly list: ListKind;
  readonly state: ListStateApi;
  /** How many requests the filter finds now (null while loading). */
  readonly itemsCount: number | null;
  readonly onClose: () => void;
}

const Section = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <Stack spacing={1.5} component="section" aria-label={title}>
    <Typography variant="subtitle2" color="text.secondary">
      {title}
    </Typography>
    {children}
  </Stack>
);

/**
 * The request filter (requests.md 2.3; 2.2 adds the hot line fields). Every change applies at
 * once (numbers and texts 500 ms after the last key) and the list behind reloads from page 1; the
 * kind-specific sub-filters appear when their kind is chosen.
 */
export const FilterDialog = ({ open, list, state, itemsCount, onClose }: FilterDialogProps) => {
  const { filter } = state;
  const kinds = filter.request_kinds_ids;
  const props = { filter, state };
  return (
    <AppDialog
      open={open}
      title={list === 'hotLine' ? 'Фильтр заявок головного исполнителя' : 'Фильтр заявок'}
      onClose={onClose}
      actions={
        <>
          <Typography color="text.secondary" sx={{ mr: 'auto', pl: 1 }} aria-live="polite">
            {itemsCount === null ? 'Поиск…' : `Найдено: ${itemsCount}`}
          </Typography>
          <Button onClick={state.reset}>Сбросить</Button>
          <Button variant="contained" onClick={onClose}>
            Закрыть
          </Button>
        </>
      }
    >
      <Stack spacing={3} divider={<Divider flexItem />}>
        <Section title="Где и что">
          <PlaceFields {...props} />
        </Section>
        <Section title="Номера и даты">
          <SearchFields {...props} />
        </Section>
        {list === 'hotLine' && (
          <Section title="Головной исполнитель">
            <HotLineFields {...props} />
          </Section>
        )}
        <Section title="Отметки">
          <ToggleFields {...props} />
        </Section>
        {kinds.includes(RequestKind.REPAIR_HARD) && (
          <Section title="Ремонт оборудования">
            <RepairSubFilter {...props} />
            <RepairToolSubFilter {...props} />
          </Section>
        )}
        {softwareFilterKeys
          .filter((key) => kinds.includes(softwareFilterKinds[key]))
          .map((key) => (
            <Section key={key} title={`Дополнительно: ${softwareFilterTitles[key]}`}>
              <SoftwareSubFilter {...props} kind={key} />
            </Section>
          ))}
      </Stack>
    </AppDialog>
  );
};
