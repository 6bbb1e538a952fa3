/** Temperature range the state flashes (PH, PS, UV) search, K. */
export const STATE_FLASH_T_MIN = 20;
export const STATE_FLASH_T_MAX = 2000;
