package org.esbbench.maven.capacity;

import java.util.List;

/**
 * The JVM flags of the JMeter of each probe and of the confirmation window: the client compiler only
 * ({@code -XX:TieredStopAtLevel=1}) and a young generation of 32 MB ({@code -Xmn32m}). The server under test keeps
 * its own flags; only the generator of a probe is tuned for being new and short-lived.
 *
 * <p>A probe is a new JMeter, measured from its 5th second for 10 s, on the generator's CPU, which the open model's
 * scheduling, JMeter's threads and the echo backend share. Measured on the project's 2-CPU machine
 * (docs/benchmarks.md, "Capacity under a latency objective"), probe-sized open-model runs of direct:
 * <ul>
 * <li><b>The compiler.</b> On the default tiered compilation the server compiler (C2) spends the JVM's first 20 to
 * 30 s compiling JMeter and the HTTP client: at 1,400/s the generator's CPU was 94 % busy at 589 µs per sample, 8 %
 * of the arrivals late, p99 406 ms; with C1 only, 32 % busy at 193 µs per sample, 0.6 % late, p99 5.8 ms. C1's code
 * is slower than C2's once warm, which a 900 s window of the closed model would feel; a 10 s probe does not last
 * long enough for C2 to pay for itself.</li>
 * <li><b>The collector.</b> On one CPU the JVM collects with Serial, and the default young generation (a third of
 * the 2 GB heap) is collected every few seconds, each time copying what a new JMeter built in its first seconds
 * (threads, their test trees, their connections): pauses of 30 to 300 ms, each stalling every arrival due and every
 * reply in flight, 1 % of a 10 s window at any rate, which is a p99 failed. At 1,900/s, after the 5 s lead-in: the
 * default young generation paused twice, up to 60 ms (p99 32.0 ms, 1.1 % late); 64 MB, 17 times up to 19 ms (p99
 * 13.4 ms); 32 MB, 35 times up to 17 ms (p99 9.8 ms, 0.3 % late), more often but each short.</li>
 * </ul>
 */
final class ProbeJvm {
    static final List<String> FLAGS = List.of("-XX:TieredStopAtLevel=1", "-Xmn32m");

    private ProbeJvm() {
    }
}
