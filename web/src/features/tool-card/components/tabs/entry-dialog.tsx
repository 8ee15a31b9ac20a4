import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { AppDialog } from '@/components';

/** The messages of a sub-dialog's schema by field. */
export const issuesByField = (error: z.ZodError): Record<string, string> =>
  Object.fromEntries(error.issues.map((i) => [String(i.path[0] ?? ''), i.message]));

/** A small dialog adding one entry (a location, a movement): its fields, Добавить and Отмена. */
export const EntryDialog = ({ open, title, onAdd, onCancel, children }: { readonly open: boolean; readonly title: string; readonly onAdd: () => void; readonly onCancel: () => void; readonly children: ReactNode }) => (
  <AppDialog
    open={open}
    title={title}
    actions={
      <>
        <Button variant="contained" onClick={onAdd}>
          Добавить
        </Button>
        <Button onClick={onCancel}>Отмена</Button>
      </>
    }
  >
    <Stack spacing={2} sx={{ pt: 1 }}>
      {children}
    </Stack>
  </AppDialog>
);
