/**
 * Obsidian's `Platform` flags. The fake says "desktop app on Linux"; tests may flip fields
 * (e.g. `Platform.isMobile = true`) and must put them back.
 */
export const Platform = {
  isDesktop: true,
  isMobile: false,
  isDesktopApp: true,
  isMobileApp: false,
  isIosApp: false,
  isAndroidApp: false,
  isPhone: false,
  isTablet: false,
  isMacOS: false,
  isWin: false,
  isLinux: true,
  isSafari: false,
  resourcePathPrefix: 'app://fake/',
};
