import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCatalogTitle, useOrganizationName } from '@/lib/references';
import type { CurrentUser } from '@/lib/session';

/**
 * The signed-in user's name, post and organisation: the organisation's name comes with the user (the
 * list of every organisation, megabytes at the national scale, only when it does not).
 */
export const UserInfo = ({ user }: { readonly user: CurrentUser }) => {
  const post = useCatalogTitle('posts', user.post_id);
  const own = user.organizations?.find((o) => o.id === user.organization_id)?.name;
  const listed = useOrganizationName(own === undefined ? user.organization_id : null);
  const organization = own ?? listed;
  const details = [post, organization].filter(Boolean).join(', ');
  return (
    <Box data-testid="user-info" sx={{ textAlign: 'right', minWidth: 0, display: { xs: 'none', sm: 'block' } }}>
      <Typography variant="subtitle2" noWrap data-testid="user-fio">
        {user.fio}
      </Typography>
      {details && (
        <Typography variant="caption" noWrap component="div" sx={{ opacity: 0.85, maxWidth: 520 }} data-testid="user-details">
          {details}
        </Typography>
      )}
    </Box>
  );
};
