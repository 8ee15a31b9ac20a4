import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { AppDialog } from '../app-dialog';

export interface RegistryFilterDialogProps {
  readonly open: boolean;
  readonly title: string;
  /** How many rows the filter finds now (null while a search runs). */
  readonly itemsCount: number | null;
  readonly onReset: () => void;
  readonly onClose: () => void;
  /** The list's fields: FilterSections of FilterSection. */
  readonly children: ReactNode;
}

/**
 * A registry's filter: its sections one under another, the count found so far, 'Сбросить' and
 * 'Закрыть'. Every change applies at once (texts after their debounce): the list behind follows.
 */
export const RegistryFilterDialog = ({ open, title, itemsCount, onReset, onClose, children }: RegistryFilterDialogProps) => (
  <AppDialog
    open={open}
    title={title}
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
    {children}
  </AppDialog>
);

/** The filter's sections one under another with a line between them (a list's fields component renders it at its root). */
export const FilterSections = ({ children }: { readonly children: ReactNode }) => (
  <Stack spacing={3} divider={<Divider flexItem />}>
    {children}
  </Stack>
);

/** A titled part of the filter (a landmark named by its title). */
export const FilterSection = ({ title, children }: { readonly title: string; readonly children: ReactNode }) => (
  <Stack spacing={1.5} component="section" aria-label={title}>
    <Typography variant="subtitle2" color="text.secondary">
      {title}
    </Typography>
    {children}
  </Stack>
);

/** Fields side by side (one under another on a narrow screen). */
export const FilterRow = ({ children }: { readonly children: ReactNode }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
    {children}
  </Stack>
);
