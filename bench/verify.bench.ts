// verify: classifyIp against Google's full range snapshot, and access-log throughput (parse +
// aggregate + range checks; DNS excluded) on a generated 200 MB combined-format log, with peak memory.
import ipaddr from 'ipaddr.js';
import { median, type BenchRow } from './harness';
import { classifyIp, createLineSplitter, createLogAggregator, readLogStream, verifyIp, type RangeFiles } from '../lib/verify';
import { loadSnapshot } from '../tests/unit/verify/ranges';
import { generateLog } from '../tests/unit/verify/generateLog';

const MB = 1024 * 1024;

/** CPU milliseconds (user + system) of each run: the machine is shared, so wall time would measure the neighbours. */
async function cpuSample(fn: () => void, runs: number): Promise<number[]> {
  fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    out.push((c.user + c.system) / 1000);
  }
  return out;
}

/** 10,000 addresses: in and out of each file, IPv4, IPv6 and IPv4-mapped. */
function probeAddresses(files: RangeFiles): string[] {
  const out: string[] = [];
  const prefixes = Object.values(files).flatMap((f) => f.prefixes as { ipv4Prefix?: string; ipv6Prefix?: string }[]);
  for (let i = 0; out.length < 10_000; i++) {
    const p = prefixes[(i * 7919) % prefixes.length];
    const [net] = (p.ipv4Prefix ?? p.ipv6Prefix)!.split('/');
    if (p.ipv4Prefix) {
      const o = net.split('.').map(Number);
      out.push(i % 3 === 2 ? `::ffff:${o[0]}.${o[1]}.${o[2]}.${(o[3] + 5) % 256}` : `${o[0]}.${o[1]}.${(o[2] + (i % 2)) % 256}.${(o[3] + 5) % 256}`);
    } else {
      out.push(`${net.replace(/::$/, '')}:${(i % 2) + 1}::${(i % 97).toString(16)}`.replace(':::', '::'));
    }
  }
  return out;
}

/** The obvious implementation: parse, then test every prefix of every file (most specific kept). */
function naiveClassify(ip: string, parsed: { cat: string; net: ipaddr.IPv4 | ipaddr.IPv6; len: number; text: string }[]) {
  let a = ipaddr.parse(ip);
  if (a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress()) a = (a as ipaddr.IPv6).toIPv4Address();
  let best: { category: string; prefix: string } | null = null;
  let bestLen = -1;
  for (const p of parsed) {
    if (p.net.kind() === a.kind() && p.len > bestLen && a.match(p.net, p.len)) {
      best = { category: p.cat, prefix: p.text };
      bestLen = p.len;
    }
  }
  return best;
}

/** A 200 MB log as a stream: one ~4 MB block of generated lines, sent again and again (never held whole). */
function logStream(totalBytes: number): ReadableStream<Uint8Array> {
  const block = new TextEncoder().encode(generateLog(20_000));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (sent >= totalBytes) return ctl.close();
      const n = Math.min(block.length, totalBytes - sent);
      ctl.enqueue(n === block.length ? block : block.subarray(0, n));
      sent += n;
    },
  });
}

export default async function verifyBench(): Promise<BenchRow[]> {
  const files = loadSnapshot();
  const total = Object.values(files).reduce((s, f) => s + f.prefixes.length, 0);
  const ips = probeAddresses(files);
  const parsed = Object.entries(files).flatMap(([cat, f]) =>
    (f.prefixes as { ipv4Prefix?: string; ipv6Prefix?: string }[]).map((p) => {
      const text = (p.ipv4Prefix ?? p.ipv6Prefix)!;
      const [net, len] = ipaddr.parseCIDR(text);
      return { cat, net, len, text };
    }),
  );
  // Both must agree before either is timed.
  for (const ip of ips.slice(0, 2000)) {
    if (JSON.stringify(classifyIp(ip, files)) !== JSON.stringify(naiveClassify(ip, parsed))) throw new Error(`classifyIp and the linear scan disagree on ${ip}`);
  }
  classifyIp('66.249.66.1', files);
  const fast = await cpuSample(() => { for (const ip of ips) classifyIp(ip, files); }, 7);
  const slow = await cpuSample(() => { for (const ip of ips.slice(0, 1000)) naiveClassify(ip, parsed); }, 5);
  const rows: BenchRow[] = [
    {
      name: `classifyIp, ${total} prefixes (3 files), mixed IPv4/IPv6/mapped, per CPU second`,
      value: ips.length / (median(fast) / 1000),
      unit: 'IPs/s',
      runs: 7,
      baseline: { name: 'linear scan with ipaddr match()', value: 1000 / (median(slow) / 1000) },
    },
  ];

  const SIZE = 200 * MB;
  // The machine is shared: time is measured as this process's CPU time (user + system), which
  // other processes' load does not inflate; wall-clock MB/s goes in the note.
  const runLog = async (full: boolean) => {
    let peakHeap = 0;
    let peakRss = 0;
    let lines = 0;
    const probe = () => {
      const m = process.memoryUsage();
      peakHeap = Math.max(peakHeap, m.heapUsed);
      peakRss = Math.max(peakRss, m.rss);
    };
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    if (full) {
      const agg = createLogAggregator();
      await readLogStream(logStream(SIZE), (l, n, long) => {
        agg.line(l, n, long);
        if ((++lines & 0xffff) === 0) probe();
      }, { gzip: false });
      for (const t of agg.tally().ips) await verifyIp(t.ip, files, null, { dns: 'never' });
    } else {
      const split = createLineSplitter(() => {
        if ((++lines & 0xffff) === 0) probe();
      });
      const reader = logStream(SIZE).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        split.push(value);
      }
      split.end();
    }
    const wall = performance.now() - t0;
    const c = process.cpuUsage(cpu0);
    return { cpu: (c.user + c.system) / 1000, wall, peakHeap, peakRss };
  };
  const before = process.memoryUsage();
  const full: Awaited<ReturnType<typeof runLog>>[] = [];
  const split: Awaited<ReturnType<typeof runLog>>[] = [];
  for (let i = 0; i < 3; i++) {
    full.push(await runLog(true));
    split.push(await runLog(false));
  }
  const mbs = (ms: number) => SIZE / MB / (ms / 1000);
  rows.push({
    name: 'access log 200 MB combined format: parse + tally + range checks (DNS excluded), per CPU second',
    value: mbs(median(full.map((r) => r.cpu))),
    unit: 'MB/s',
    runs: 3,
    baseline: { name: 'splitting lines only', value: mbs(median(split.map((r) => r.cpu))) },
    note: `wall clock ${mbs(median(full.map((r) => r.wall))).toFixed(0)} MB/s`,
  });
  rows.push({
    name: 'access log 200 MB: peak JS heap while reading',
    value: Math.max(...full.map((r) => r.peakHeap)) / MB,
    unit: 'MB',
    runs: 3,
    baseline: { name: 'heap before the runs', value: before.heapUsed / MB },
    note: `peak RSS ${(Math.max(...full.map((r) => r.peakRss)) / MB).toFixed(0)} MB (before: ${(before.rss / MB).toFixed(0)} MB)`,
  });
  return rows;
}
