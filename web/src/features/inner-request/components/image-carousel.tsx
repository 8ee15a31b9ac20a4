import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FileRef } from '@domain/request/state';
import { useBlobUrl } from '@/lib/blob-url';
import { innerRequestFilePath } from '../api/inner-request-api';

export interface ImageCarouselProps {
  readonly requestId: number;
  readonly images: readonly FileRef[];
  readonly start: number;
  readonly onClose: () => void;
}

/** The images of a request full screen, one at a time, with previous/next (administration.md 2.9). */
export const ImageCarousel = ({ requestId, images, start, onClose }: ImageCarouselProps) => {
  const [index, setIndex] = useState(start);
  const image = images[index]!;
  const { url } = useBlobUrl({ path: innerRequestFilePath(requestId, image.file_id) });
  const step = (d: number) => setIndex((index + d + images.length) % images.length);
  return (
    <Dialog open fullScreen onClose={onClose} slotProps={{ paper: { 'aria-label': 'Просмотр изображений', sx: { bgcolor: 'grey.900' } } }}>
      <IconButton aria-label="Закрыть" onClick={onClose} sx={{ position: 'absolute', right: 16, top: 16, color: 'common.white' }}>
        <CloseIcon />
      </IconButton>
      <Box sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 2, p: 4 }}>
        {images.length > 1 && (
          <IconButton aria-label="Предыдущее изображение" onClick={() => step(-1)} sx={{ color: 'common.white' }}>
            <ChevronLeftIcon fontSize="large" />
          </IconButton>
        )}
        {url && <Box component="img" src={url} alt={image.file_name} sx={{ maxWidth: '85vw', maxHeight: '85vh', objectFit: 'contain' }} />}
        {images.length > 1 && (
          <IconButton aria-label="Следующее изображение" onClick={() => step(1)} sx={{ color: 'common.white' }}>
            <ChevronRightIcon fontSize="large" />
          </IconButton>
        )}
      </Box>
      <Typography sx={{ color: 'common.white', textAlign: 'center', pb: 2 }}>
        {image.file_name} ({index + 1} из {images.length})
      </Typography>
    </Dialog>
  );
};
