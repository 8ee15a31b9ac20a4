import Button from '@mui/material/Button';
import { canEditHotlineNumber, hasHotlineNumber } from '@domain/request/rules';
import { usePastMoment } from '@/components';
import { selectRights } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useRegisterOnHotlineMutation } from '../../api/hotline-api';
import { useRequestEdit } from '../../model/edit-context';

/**
 * 'Добавить на ГЛ' (requests.md 4.4): disabled once the request has a hot line number or the
 * registration mail was sent. Unsaved changes are saved first; the server registers directly
 * (the organisation's credentials) or by e-mail, and the form takes the request it answers. The
 * success message stays 10 s (section 8); failures are the global red notice with the server's text.
 * Not offered at a past moment (it would register today's request).
 */
export const HotlineRegisterButton = () => {
  const { view, busy, runHotline, hotlineNotice } = useRequestEdit();
  const rights = useAppSelector(selectRights);
  const [register, state] = useRegisterOnHotlineMutation();
  const past = usePastMoment();
  if (!view || past !== null || !canEditHotlineNumber(rights)) return <span />;
  const disabled = busy || state.isLoading || hasHotlineNumber(view) || Boolean(view.hotline_email_register_sent);
  return (
    <span>
      <Button
        variant="outlined"
        disabled={disabled}
        sx={{ height: 56 }}
        onClick={() =>
          void runHotline(async (current) => {
            const r = await register(current.id);
            if (r.data) hotlineNotice(r.data.message);
            return r.data?.savedRequest ?? null;
          })
        }
      >
        Добавить на ГЛ
      </Button>
    </span>
  );
};
