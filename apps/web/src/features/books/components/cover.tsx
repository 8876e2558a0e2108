import { Box } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A cover thumbnail (decorative: the title is beside it), or a book icon when there is none or it
 * cannot load (e.g. a provider's image host that the Content-Security-Policy does not allow).
 */
export function CoverThumb({ src }: { src: string }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src)
    return (
      <Box w={30} h={42} bg="gray.1" style={{ display: 'grid', placeItems: 'center', borderRadius: 2 }} data-testid="cover-none">
        <IconBook2 size={16} aria-hidden color="var(--mantine-color-gray-6)" />
      </Box>
    );
  return (
    <img
      src={src}
      alt=""
      width={30}
      height={42}
      loading="lazy"
      onError={() => setBroken(src)}
      style={{ objectFit: 'cover', borderRadius: 2, display: 'block' }}
    />
  );
}
