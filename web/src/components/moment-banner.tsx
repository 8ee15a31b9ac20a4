import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import dayjs from 'dayjs';

export interface MomentBannerProps {
  /** The moment shown (ISO time). */
  readonly at: string;
  /** Its place among the changes, oldest first, and how many there are. */
  readonly index: number;
  readonly count: number;
  /** True while the next moment loads: no stepping meanwhile. */
  readonly busy: boolean;
  readonly onStep: (index: number) => void;
  readonly onClose: () => void;
}

/** The head of a dialog shown as it was at a past moment (request, tool card): the moment, stepping, and back to now. */
export const MomentBanner = ({ at, index, count, busy, onStep, onClose }: MomentBannerProps) => (
  <Stack spacing={1} sx={{ mb: 1 }}>
    <Alert severity="info" role="status">
      Состояние на {dayjs(at).format('DD.MM.YYYY HH:mm:ss')}
    </Alert>
    <Stack direction="row" spacing={1}>
      <Button disabled={index === 0 || busy} onClick={() => onStep(index - 1)}>
        Предыдущее изменение
      </Button>
      <Button disabled={index >= count - 1 || busy} onClick={() => onStep(index + 1)}>
        Следующее изменение
      </Button>
      <Button variant="contained" onClick={onClose}>
        Вернуться к текущему состоянию
      </Button>
    </Stack>
  </Stack>
);
