import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Grid from '@mui/material/Grid';
import { skipToken } from '@reduxjs/toolkit/query/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { HomeNumber, HomeTarget } from '@domain/home/contracts';
import { STALE_DAYS } from '@domain/home/contracts';
import { formatDate } from '@domain/shared/dates';
import { paths } from '@/config/paths';
import { selectIsSignedIn } from '@/lib/session';
import { useAppSelector } from '@/lib/store';
import { useHomeQuery } from '../api/home-api';
import { WeekChart } from './week-chart';

/** The address a number opens: the list with the very filter the number was counted with. */
export const targetPath = (to: HomeTarget): string => {
  if (to.kind === 'documents') return to.unsignedOnly ? `${paths.documentsList}?unsigned=1` : paths.documentsList;
  if (to.kind === 'notifications') return to.unreadOnly ? `${paths.notifications}?unread=1` : paths.notifications;
  const base = to.list === 'hotLine' ? paths.requestsHotLine : paths.requests;
  return `${base}?filter=${encodeURIComponent(JSON.stringify(to.filter))}`;
};

const Block = ({ title, children, testId }: { readonly title: string; readonly children: ReactNode; readonly testId: string }) => (
  <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-label={title} data-testid={testId}>
    <Typography variant="h6" component="h2" gutterBottom>
      {title}
    </Typography>
    {children}
  </Paper>
);

const Numbers = ({ items }: { readonly items: readonly HomeNumber[] }) => (
  <Stack spacing={0.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
    {items.map((n) => (
      <Stack key={n.key} component="li" direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
        <Typography>{n.title}</Typography>
        <Link component={RouterLink} to={targetPath(n.to)} data-testid={`home-number-${n.key}`} sx={{ fontWeight: 600 }} aria-label={`${n.title}: ${n.count}`}>
          {n.count}
        </Link>
      </Stack>
    ))}
  </Stack>
);

/**
 * The signed-in user's blocks under the title (administration.md 2.1 'Home'): what waits for me,
 * my inbox, my recent requests, a chief's branch, and 12 weeks of requests in my scope.
 */
export const HomeOverview = () => {
  // Only a signed-in user has numbers: a guest never asks, and sign-out (which resets the cache while
  // this is still mounted) must not ask again without a token.
  const signedIn = useAppSelector(selectIsSignedIn);
  const { data } = useHomeQuery(signedIn ? undefined : skipToken);
  if (!signedIn || !data) return null;
  return (
    <Grid container spacing={2} sx={{ mt: 2 }}>
      {data.mine.length > 0 && (
        <Grid size={{ xs: 12, md: 6 }}>
          <Block title="Ждут меня" testId="home-mine">
            <Numbers items={data.mine} />
          </Block>
        </Grid>
      )}
      <Grid size={{ xs: 12, md: 6 }}>
        <Block title="Входящие" testId="home-inbox">
          <Numbers items={data.inbox} />
        </Block>
      </Grid>
      {data.branch && (
        <Grid size={{ xs: 12, md: 6 }}>
          <Block title="Открытые заявки" testId="home-branch">
            <Numbers items={data.branch.byStatus} />
            <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
              По инженерам
            </Typography>
            {data.branch.byEngineer.length ? <Numbers items={data.branch.byEngineer} /> : <Typography color="text.secondary">Нет назначенных</Typography>}
            <Typography variant="subtitle2" sx={{ mt: 1.5 }}>
              Давние
            </Typography>
            <Numbers items={[{ ...data.branch.stale, title: `Без результата дольше ${STALE_DAYS} дней` }]} />
          </Block>
        </Grid>
      )}
      {data.recent && (
        <Grid size={{ xs: 12, md: 6 }}>
          <Block title="Мои последние заявки" testId="home-recent">
            {data.recent.length === 0 ? (
              <Typography color="text.secondary">Заявок нет</Typography>
            ) : (
              <Stack spacing={0.5} component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {data.recent.map((r) => (
                  <li key={r.id}>
                    <Link component={RouterLink} to={`${paths.requests}?open=${r.id}`}>
                      №{r.number ?? r.id} от {formatDate(r.request_date_add)}
                    </Link>{' '}
                    <Typography component="span" color="text.secondary">
                      {r.statusTitle}: {r.request_text.length > 80 ? `${r.request_text.slice(0, 80)}…` : r.request_text}
                    </Typography>
                  </li>
                ))}
              </Stack>
            )}
          </Block>
        </Grid>
      )}
      {data.weeks && (
        <Grid size={{ xs: 12 }}>
          <Block title="Заявки за 12 недель" testId="home-weeks">
            <WeekChart weeks={data.weeks} />
          </Block>
        </Grid>
      )}
    </Grid>
  );
};
