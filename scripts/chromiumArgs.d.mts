/** Flags for headless Chromium with the built extension at `ext`, on machines with no network but loopback. */
export function chromiumArgs(ext: string): string[];
