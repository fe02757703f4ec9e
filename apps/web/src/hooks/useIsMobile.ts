import { useMediaQuery } from './useMediaQuery';

/** The spec's layout switch: below 1200px wide the app uses its mobile layout. */
export const MOBILE_QUERY = '(max-width: 1199px)';

export const useIsMobile = (): boolean => useMediaQuery(MOBILE_QUERY);
