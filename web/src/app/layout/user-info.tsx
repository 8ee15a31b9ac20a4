import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCatalogTitle, useOrganizationName } from '@/lib/references';
import type { CurrentUser } from '@/lib/session';

/** The signed-in user's name, post and organisation (names from the cached references). */
export const UserInfo = ({ user }: { readonly user: CurrentUser }) => {
  const post = useCatalogTitle('posts', user.post_id);
  const organization = useOrganizationName(user.organization_id);
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
