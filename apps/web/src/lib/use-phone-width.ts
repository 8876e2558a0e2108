import { useMediaQuery } from '@mantine/hooks';

/**
 * Below 768 px (the sidebar's drawer breakpoint). Read in the first render: the app renders in the
 * browser only, and a value read in an effect (Mantine's default, for server rendering) changed state once
 * mounted and rendered the component again inside the commit of the first screen (issue 17).
 */
export const usePhoneWidth = () => useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
