/** Room left above an anchor scrolled into view: the sticky header's height (55 px below 768 px). */
export const SCROLL_OFFSET = 64;
export const MOBILE_SCROLL_OFFSET = 55;
