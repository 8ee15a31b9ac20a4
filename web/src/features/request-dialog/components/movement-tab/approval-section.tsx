import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRequestEdit } from '../../model/edit-context';
import { AssignButton } from '../assign-button';
import { CommandButton } from '../command-button';
import { SectionTitle } from '../fields';

/** The approval section: executors and the buttons the server accepts now. */
export const ApprovalSection = () => {
  const { view } = useRequestEdit();
  const executors = view?.engineers.map((e) => e.fio ?? `№ ${e.id}`).join(', ');
  return (
    <Stack spacing={1}>
      <SectionTitle>Согласование</SectionTitle>
      <Typography>Исполнители: {executors || 'не назначены'}</Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <AssignButton hotline={false} />
        <CommandButton command="complete" label="Заявка выполнена" variant="contained" />
        <CommandButton command="reexecute" label="На повторное исполнение" />
        <CommandButton command="cancel-execution" label="Отменить исполнение" />
      </Stack>
    </Stack>
  );
};
