import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { publicDocMessages, publicOrders } from '@domain/report/technical/public-docs';
import { FullScreenSpinner } from '@/components';
import { useBlobUrl } from '@/lib/blob-url';
import { publicDocPath } from '../api/public-docs-api';

/**
 * /public-order?name=…: the tab an order opens in. It fetches the PDF with the session's headers and
 * turns into the PDF itself (a navigation: the CSP forbids blob: frames); a missing order shows the
 * server's words instead of a broken tab.
 */
export const PublicOrderScreen = () => {
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  const order = publicOrders.find((o) => o.name === name);
  // The order's tab shows a missing document itself.
  const { url, failed: missing } = useBlobUrl(order ? { path: publicDocPath(order.name), quiet: [404] } : null);
  useEffect(() => {
    if (url) window.location.replace(url);
  }, [url]);
  if (!order || missing)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="warning">{order ? `${order.title}: ${publicDocMessages.missing}` : publicDocMessages.missing}</Alert>
      </Box>
    );
  return <FullScreenSpinner />;
};
