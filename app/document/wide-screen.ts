/**
 * A wide screen, where the app starts at once rather than at the first touch (decision 011): a
 * desktop visitor gets the offer popup, which needs the app. The site's popup reads the same query.
 */
export const WIDE_SCREEN_MIN_WIDTH_PX = 768;
export const WIDE_SCREEN_QUERY = `(min-width: ${WIDE_SCREEN_MIN_WIDTH_PX}px)`;
