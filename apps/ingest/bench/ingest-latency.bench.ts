/**
 * Ingest figures: venue stream message to Kafka-visible latency (p50, p99) at 100 and
 * 1,000 messages per second, real venue fills at a desk's pace, journal write and
 * drain rates (on disk alone, and to the broker after an outage), and the ingest
 * process's peak RSS (whole run and per phase). Ingest runs as its own process against
 * the simulated venue and the project broker; the consumer is kafkajs, as the OMS's.
 * By default the process is the compiled build (`node dist/apps/ingest/src/main.js` with
 * the deployment's V8 flags, as the Docker image runs it; rebuilt first when older than
 * its sources);
 * INGEST_BENCH_RUNTIME=swc measures TypeScript compiled on the fly instead.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BenchFigure, printBenchResult, processMemoryMb, ProcessPhases } from '@oms/platform';
import { ensureFreshBuild } from '../../../scripts/bench/compiled-apps';
import { FileJournal } from '../src/delivery/file-journal';
import { OutboxRecord } from '../src/delivery/outbox-record';
import { IngestHarness, spotFill } from '../test-support/ingest-harness';
import { compiledIngestMain, deployedNodeFlags, IngestProcess } from '../test-support/ingest-process';
import { freePort } from '../../../scripts/stack/free-port';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let ticket = 9_000_000_000_000_000_000n;

function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? NaN;
}

/** A spot fill as the venue pushes it, stamped with the venue clock now. */
function ticketInfo(now: number): Record<string, unknown> {
  ticket += 1n;
  return {
    e: 'ticketInfo',
    E: String(now),
    s: 'BTCUSDT',
    q: '0.001',
    t: String(now),
    p: '30000',
    T: String(ticket),
    o: '1',
    c: 'bench',
    a: '1',
    m: false,
    S: 'BUY',
  };
}

async function health(
  port: number,
): Promise<{ accounts: { stream: string }[]; delivery: { journalDepth: number } }> {
  return (await (await fetch(`http://127.0.0.1:${port}/health`)).json()) as never;
}

const figures: BenchFigure[] = [];

let ingestStartedAt = 0;

async function main(): Promise<void> {
  const harness = new IngestHarness(909);
  const runtime = process.env.INGEST_BENCH_RUNTIME === 'swc' ? 'swc' : 'compiled';
  // Diagnosis: INGEST_BENCH_NODE_ARGS='--trace-gc' INGEST_BENCH_LOG=/tmp/ingest.log keeps ingest's output.
  const nodeArgs = (process.env.INGEST_BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  if (runtime === 'compiled') ensureFreshBuild([compiledIngestMain]);
  const ingest = new IngestProcess(runtime, nodeArgs);
  try {
    await harness.start();
    const desk = await harness.addAccount('bench-desk');
    const other = await harness.addVenueUser('bench-counterparty');
    const port = await freePort();
    ingestStartedAt = performance.now();
    ingest.start(
      harness.environment({
        INGEST_HTTP_PORT: String(port),
        LOG_LEVEL: 'error',
      }),
    );
    for (let tries = 0; ; tries += 1) {
      const state = await health(port).catch(() => undefined);
      if (state?.accounts[0]?.stream === 'connected') break;
      if (tries > 300) throw new Error(`ingest did not connect:\n${ingest.log}`);
      await sleep(100);
    }
    const ingestPid = ingest.pid;
    if (ingestPid === undefined) throw new Error('ingest did not start');
    const startRss = processMemoryMb(ingestPid, 'VmRSS');
    // Peak RSS and CPU time per phase (CPU time, unlike latency, does not depend on what else the machine runs).
    const phases = new ProcessPhases(new Map([['ingest', ingestPid]]));
    const endPhase = (phase: string) => {
      const [ended] = phases.endPhase(phase);
      // With INGEST_BENCH_NODE_ARGS=--trace-gc, these times line up with the GC trace's.
      console.log(
        `phase "${phase}" ended ${Math.round(performance.now() - ingestStartedAt)} ms after ingest started ` +
          `(ingest CPU ${ended.cpuMs} ms in the phase)`,
      );
    };
    endPhase('start and connect');
    const visible = (since: number) =>
      harness.reader.messages.filter(
        (m) => m.receivedAt >= since && m.topic === harness.topics.venueObservations,
      );

    /**
     * Pushes `perSecond` fills for `seconds` as an open-loop sender: every tick (10 ms)
     * one frame carries every message due by then, so a control round trip slower than
     * a tick (the venue, the broker and the reader share this process) makes frames
     * bigger rather than the rate lower. The round trips are reported: they say whether
     * the sender or ingest limits the rate.
     */
    async function streamLoad(perSecond: number, seconds: number): Promise<void> {
      const tickMs = 10;
      // The control plane takes frames of up to 65,536 characters: 200 fills are about 34,000.
      const maxFrameMessages = 200;
      const total = perSecond * seconds;
      const started = Date.now();
      let sent = 0;
      let frames = 0;
      const roundTrips: number[] = [];
      const sentTickets = new Set<string>();
      while (sent < total) {
        const now = Date.now();
        const due = Math.min(total, Math.ceil(((now - started) / 1000) * perSecond));
        if (due > sent) {
          const events = Array.from({ length: Math.min(due - sent, maxFrameMessages) }, () =>
            ticketInfo(now),
          );
          for (const event of events) sentTickets.add(String(event.T));
          await harness.control.ok('POST', '/faults/stream/raw', { text: JSON.stringify(events) });
          roundTrips.push(Date.now() - now);
          sent += events.length;
          frames += 1;
          // Still behind after a stall: the next frame goes at once.
          if (due > sent) continue;
        }
        await sleep(
          Math.max(0, started + (Math.floor((Date.now() - started) / tickMs) + 1) * tickMs - Date.now()),
        );
      }
      const achieved = sent / ((Date.now() - started) / 1000);
      const latencies: number[] = [];
      for (let waited = 0; waited < 30_000; waited += 100) {
        latencies.length = 0;
        for (const message of visible(started)) {
          const envelope = JSON.parse(message.text) as { payload: { ticketId?: string; tradeTime?: number } };
          if (envelope.payload.ticketId && sentTickets.has(envelope.payload.ticketId))
            latencies.push(message.receivedAt - Number(envelope.payload.tradeTime));
        }
        if (latencies.length >= sent) break;
        await sleep(100);
      }
      const sender = `${frames} frames, control round trip p50 ${percentile(roundTrips, 0.5)} ms, p99 ${percentile(roundTrips, 0.99)} ms`;
      const detail = `${sent} messages at ${achieved.toFixed(0)}/s, ${latencies.length} seen; ${sender}`;
      figures.push(
        {
          metric: `stream ${perSecond}/s to Kafka-visible p50`,
          value: percentile(latencies, 0.5),
          unit: 'ms',
          detail,
        },
        {
          metric: `stream ${perSecond}/s to Kafka-visible p99`,
          value: percentile(latencies, 0.99),
          unit: 'ms',
          detail,
        },
      );
      console.log(
        `stream ${perSecond}/s (achieved ${achieved.toFixed(0)}/s, ${sent} messages, ${latencies.length} seen; ${sender}): ` +
          `venue push -> Kafka-visible p50 ${percentile(latencies, 0.5)} ms, p99 ${percentile(latencies, 0.99)} ms`,
      );
    }

    await streamLoad(100, 10);
    endPhase('stream 100/s');
    await streamLoad(1000, 10);
    endPhase('stream 1000/s');

    // Real fills through the venue's matching, as a desk trades.
    const fillsStarted = Date.now();
    const orderIds = new Set<string>();
    for (let index = 0; index < 100; index += 1) {
      orderIds.add(await spotFill(desk, other, `bench-${index}`));
      await sleep(50);
    }
    await sleep(1_000);
    const fillLatencies = visible(fillsStarted)
      .map((m) => ({
        m,
        e: JSON.parse(m.text) as {
          type: string;
          source: string;
          payload: { orderId: string; tradeTime: number };
        },
      }))
      .filter(
        ({ e }) => e.type === 'SpotFillObserved' && e.source === 'ws' && orderIds.has(e.payload.orderId),
      )
      .map(({ m, e }) => m.receivedAt - e.payload.tradeTime);
    figures.push(
      {
        metric: 'real fill to Kafka-visible p50',
        value: percentile(fillLatencies, 0.5),
        unit: 'ms',
        detail: `${fillLatencies.length} fills, about 15/s`,
      },
      {
        metric: 'real fill to Kafka-visible p99',
        value: percentile(fillLatencies, 0.99),
        unit: 'ms',
        detail: `${fillLatencies.length} fills, about 15/s`,
      },
    );
    console.log(
      `real venue fills (${fillLatencies.length}, about 15/s): fill -> Kafka-visible p50 ${percentile(fillLatencies, 0.5)} ms, p99 ${percentile(fillLatencies, 0.99)} ms`,
    );
    endPhase('real venue fills');

    // Journal on disk alone.
    const dir = mkdtempSync(join(tmpdir(), 'ingest-journal-bench-'));
    const sample = JSON.parse(
      visible(0).find((m) => m.text.includes('SpotFillObserved'))?.text ?? '{}',
    ) as Record<string, unknown>;
    const record = {
      kind: 'event',
      topic: 't',
      key: 'bench-desk:BTCUSDT',
      envelope: sample,
    } as unknown as OutboxRecord;
    const journal = new FileJournal<OutboxRecord>(dir, 1024 * 1024 * 1024);
    const count = 100_000;
    let started = performance.now();
    for (let index = 0; index < count; index += 100)
      journal.append(Array.from({ length: 100 }, () => record));
    const writeSeconds = (performance.now() - started) / 1000;
    const bytes = journal.bytes;
    started = performance.now();
    while (!journal.isEmpty) {
      const entries = journal.peek(500);
      journal.acknowledge(entries[entries.length - 1].endOffset, entries.length);
    }
    const readSeconds = (performance.now() - started) / 1000;
    journal.close();
    rmSync(dir, { recursive: true, force: true });
    figures.push(
      {
        metric: 'journal write',
        value: Math.round(count / writeSeconds),
        unit: 'records/s',
        detail: `${(bytes / count).toFixed(0)} B/record, batches of 100`,
      },
      {
        metric: 'journal read and acknowledge',
        value: Math.round(count / readSeconds),
        unit: 'records/s',
        detail: 'batches of 500',
      },
    );
    console.log(
      `journal on disk: write ${(count / writeSeconds).toFixed(0)} records/s (${(bytes / writeSeconds / 1e6).toFixed(1)} MB/s, ${(bytes / count).toFixed(0)} B/record), ` +
        `read+acknowledge ${(count / readSeconds).toFixed(0)} records/s`,
    );

    // Outage: the broker stops, ingest journals; the broker returns, ingest drains to it.
    await harness.reader.stop();
    await harness.stopBroker();
    const backlog = 20_000;
    const injectStarted = Date.now();
    for (let sent = 0; sent < backlog; sent += 200) {
      const now = Date.now();
      await harness.control.ok('POST', '/faults/stream/raw', {
        text: JSON.stringify(Array.from({ length: 200 }, () => ticketInfo(now))),
      });
    }
    let depth = 0;
    for (let waited = 0; waited < 60_000 && depth < backlog; waited += 50) {
      depth = (await health(port)).delivery.journalDepth;
      await sleep(50);
    }
    const journaledIn = (Date.now() - injectStarted) / 1000;
    console.log(
      `outage: ${depth} records journaled by ingest in ${journaledIn.toFixed(1)} s (${(depth / journaledIn).toFixed(0)} records/s, bounded by the injection)`,
    );
    console.log(
      `broker restarting ${Math.round(performance.now() - ingestStartedAt)} ms after ingest started`,
    );
    await harness.startBroker();
    const drainStarted = Date.now();
    while ((await health(port)).delivery.journalDepth > 0) {
      if (Date.now() - drainStarted > 120_000) throw new Error('journal did not drain');
      await sleep(50);
    }
    const drainSeconds = (Date.now() - drainStarted) / 1000;
    endPhase('broker outage and journal drain');
    console.log(
      `outage: journal drained to the broker at ${(depth / drainSeconds).toFixed(0)} records/s (${drainSeconds.toFixed(1)} s)`,
    );

    figures.push(
      {
        metric: 'ingest peak RSS',
        value: phases.peakOf('ingest'),
        unit: 'MB',
        target: '<= 250 MB',
        detail: `whole run, ingest process (${runtime === 'compiled' ? `compiled JS, node ${deployedNodeFlags().join(' ')}` : 'swc-node'})`,
      },
      ...phases.phases.map(({ phase, cpuMs: spent }) => ({
        metric: `ingest CPU time: ${phase}`,
        value: spent,
        unit: 'ms',
      })),
      ...phases.phases.map(({ phase, peakRssMb: mb }) => ({
        metric: `ingest peak RSS: ${phase}`,
        value: mb,
        unit: 'MB',
        target: '<= 250 MB',
      })),
      {
        metric: 'ingest RSS after start',
        value: startRss,
        unit: 'MB',
        detail: `connected, idle (${runtime === 'compiled' ? 'compiled JS, as the image runs it' : 'TypeScript run through swc-node'})`,
      },
    );
    printBenchResult(figures);
  } finally {
    await ingest.stop();
    if (process.env.INGEST_BENCH_LOG) writeFileSync(process.env.INGEST_BENCH_LOG, ingest.log);
    await harness.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
