/** The file URL of a fresh bundle of `entry`, or null (see cli/bundle.mjs). */
export function bundle(entry: string, name: string, opts?: { env?: NodeJS.ProcessEnv; onError?: (message: string) => void; cacheDir?: string }): Promise<string | null>;
/** True when every source a bundle's record lists is as it was when the bundle was built. */
export function isFresh(record: BundleRecord | null, root?: string): boolean;
/** What a bundle's first line records: how it was built and its sources (path from the project, size, modification time). */
export interface BundleRecord {
  format: number;
  node: string;
  inputs: [string, number, number][];
}
/** The record of the bundle at `file`, or null. */
export function recorded(file: string): BundleRecord | null;
