import { useState } from 'react';
import { useRequestEdit } from '../model/edit-context';
import { CommandButton } from './command-button';
import { ExecutorPickerDialog } from './pickers/executor-picker-dialog';

/** 'Назначить исполнителей': the executor picker, then the assign command with the chosen ids. */
export const AssignButton = ({ hotline }: { readonly hotline: boolean }) => {
  const { view, runCommand } = useRequestEdit();
  const [open, setOpen] = useState(false);
  return (
    <>
      <CommandButton command="assign" label="Назначить исполнителей" onClick={() => setOpen(true)} />
      {open && view && (
        <ExecutorPickerDialog
          regionId={view.region_id}
          hotline={hotline}
          assigned={view.engineers.map((e) => e.id)}
          onClose={() => setOpen(false)}
          onAssign={(ids) => {
            setOpen(false);
            runCommand('assign', ids);
          }}
        />
      )}
    </>
  );
};
