import { Box } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';

/** A cover thumbnail (decorative: the title is beside it), or a book icon when there is none. */
export function CoverThumb({ src }: { src: string }) {
  if (!src)
    return (
      <Box w={30} h={42} bg="gray.1" style={{ display: 'grid', placeItems: 'center', borderRadius: 2 }} data-testid="cover-none">
        <IconBook2 size={16} aria-hidden color="var(--mantine-color-gray-6)" />
      </Box>
    );
  return <img src={src} alt="" width={30} height={42} loading="lazy" style={{ objectFit: 'cover', borderRadius: 2, display: 'block' }} />;
}
