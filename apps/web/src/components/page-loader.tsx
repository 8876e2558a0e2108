import { Center, Loader } from '@mantine/core';

/** Shown while a lazily loaded screen or the language file arrives. */
export function PageLoader() {
  return (
    <Center h="60vh" role="status" aria-live="polite">
      <Loader aria-label="Loading" />
    </Center>
  );
}
