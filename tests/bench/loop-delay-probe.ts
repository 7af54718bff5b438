/**
 * Loaded into a server process by hostile-bench.ts (`node --import tsx --import <this>`):
 * measures the process's own event-loop delay with perf_hooks, and answers over the IPC
 * channel: 'reset' starts a new window, 'read' sends the window's longest and 99th
 * percentile delay in milliseconds. Nothing of the server is changed.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

const histogram = monitorEventLoopDelay({ resolution: 1 });
histogram.enable();
process.on('message', (message) => {
  if (message === 'reset') histogram.reset();
  if (message === 'read') process.send?.({ maxMs: histogram.max / 1e6, p99Ms: histogram.percentile(99) / 1e6 });
});
// The channel must not keep the server alive once it shuts down.
process.channel?.unref();
