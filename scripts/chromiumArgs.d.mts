/** Flags for Chromium with the built extension at `ext`, on machines with no network but loopback; headless and unsandboxed unless said. */
export function chromiumArgs(ext: string, opts?: { headed?: boolean; sandbox?: boolean }): string[];
