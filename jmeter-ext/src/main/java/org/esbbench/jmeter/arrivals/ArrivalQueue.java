package org.esbbench.jmeter.arrivals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The arrivals due and waiting for a thread, and the group's threads: how many are alive and how many are serving an
 * arrival (the requests in flight), against the most the group may have in flight.
 *
 * <p>This is where an arrival's wait between its due time and the thread that takes it is told apart:
 * <ul>
 * <li>An arrival that comes while every thread the group may have is serving an earlier arrival (the cap reached, no
 * thread free) waits on the server: the part of its wait until a thread is free is its <em>blocked</em> time, the
 * server's backlog (Hyperfoil's blocked time: a request waiting for a connection of an exhausted pool).</li>
 * <li>Any other wait is the generator's lateness: the scheduling thread woke late, or a thread that was free took it
 * late (CPU, GC), or the threads made ahead (the group's maker keeps spare threads ready) ran short.</li>
 * </ul>
 * A thread knows when it became free (the end of its previous arrival, or its start); with the queue in due order,
 * an arrival taken by a thread free since after its due time waited that long for the threads ahead of it.
 *
 * <p>An arrival wakes the thread that became idle last (a stack of idle threads, as server thread pools do), not the
 * one idle longest: the same few threads, their connections and their caches serve while the rest of the pool stays
 * asleep. Handed round every thread of a pool of hundreds (a blocking queue wakes its waiters in turn), each request
 * went out on a cold thread and a cold connection.
 */
final class ArrivalQueue {
    private final int maxInFlight;
    private final ConcurrentLinkedQueue<Waiting> due = new ConcurrentLinkedQueue<>();
    /** The idle threads, the last to become idle first. */
    private final ConcurrentLinkedDeque<Worker> idle = new ConcurrentLinkedDeque<>();
    private final AtomicInteger alive = new AtomicInteger();
    /** Arrivals in {@link #due}. */
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();
    private final AtomicLong taken = new AtomicLong();
    private final AtomicLong made = new AtomicLong();
    private final ThreadLocal<Worker> worker = new ThreadLocal<>();
    private final AtomicBoolean overMarked = new AtomicBoolean();
    /** The spare threads the maker last asked for: an idle thread beyond them ends at its next look. */
    private volatile int spare = Integer.MAX_VALUE;
    private final AtomicLong retired = new AtomicLong();
    /** Written by the scheduling thread only. */
    private long offered;
    private long atCap;
    private long firstAtCapNanos = -1;
    private int mostWaiting;

    /**
     * An arrival in the queue, when it was put there and whether every thread the group may have was busy then. A
     * scheduling thread that woke late puts it there after its due time: that delay is the generator's, so blocked
     * time counts from the later of the two.
     */
    private record Waiting(Arrival arrival, long offeredNanos, boolean atCap) {
        long blockedUntil(long nanos) {
            return atCap ? Math.max(0, nanos - Math.max(arrival.intendedNanos(), offeredNanos)) : 0;
        }
    }

    /** One thread's state, kept by the thread itself. */
    private static final class Worker {
        final Thread thread = Thread.currentThread();
        /** In {@link #idle} and parked, until whoever sets it false (a waker, or the thread itself) takes it out. */
        final AtomicBoolean parked = new AtomicBoolean();
        boolean busy;
        /** Ended as idle beyond the spare, already counted out of {@link #alive}. */
        boolean retired;
        long freeSinceNanos;
        long served;
    }

    /** What the queue saw over a run. */
    record Figures(long offered, long taken, long made, int mostInFlight, int maxInFlight, long atCap,
                   long firstAtCapNanos, int mostWaiting, long retired) {
    }

    ArrivalQueue(int maxInFlight) {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("the most requests in flight must be at least 1, was " + maxInFlight);
        }
        this.maxInFlight = maxInFlight;
    }

    int maxInFlight() {
        return maxInFlight;
    }

    /** The scheduling thread: {@code arrival} is due now. */
    void offer(Arrival arrival) {
        int threads = alive.get();
        boolean capped = threads >= maxInFlight && threads - inFlight.get() <= waiting.get();
        if (capped) {
            if (atCap++ == 0) {
                firstAtCapNanos = arrival.intendedNanos();
            }
        }
        offered++;
        mostWaiting = Math.max(mostWaiting, waiting.incrementAndGet());
        due.offer(new Waiting(arrival, System.nanoTime(), capped));
        wakeOne();
    }

    /** Wakes the thread that became idle last; false when none is idle. */
    private boolean wakeOne() {
        for (Worker w = idle.pollFirst(); w != null; w = idle.pollFirst()) {
            if (w.parked.compareAndSet(true, false)) {
                LockSupport.unpark(w.thread);
                return true;
            }
        }
        return false;
    }

    /**
     * How many threads to make now so that {@code spare} threads are free (not serving an arrival), within the cap:
     * the maker's question. Arrivals waiting while threads are free are not counted: those threads take them as soon
     * as they get the CPU, and a thread more for each would only grow the pool when the generator is short of CPU
     * (a new JMeter's first seconds: up to the cap, a clone of the test tree each, whose copying by the collector then
     * stalled the generator for 100 to 300 ms). With none free, every request allowed in flight may still be needed,
     * and {@code spare} more are made at each ask.
     */
    int wanted(int spare) {
        this.spare = spare;
        int threads = alive.get();
        int free = threads - inFlight.get();
        int want = spare - free;
        return Math.max(0, Math.min(want, maxInFlight - threads));
    }

    /** The maker has made a thread; it counts as alive, and free, from now. */
    void made() {
        alive.incrementAndGet();
        made.incrementAndGet();
    }

    /** A thread made by {@link #made()} starts: free since now. */
    void joined() {
        Worker w = new Worker();
        w.freeSinceNanos = System.nanoTime();
        worker.set(w);
    }

    /** A thread ends (also one that never joined: its start was refused). */
    void left() {
        Worker w = worker.get();
        if (w != null && w.busy) {
            inFlight.decrementAndGet();
        }
        worker.remove();
        if (w == null || !w.retired) {
            alive.decrementAndGet();
        }
    }

    /**
     * The calling thread's next arrival, waiting for one while {@code arrivalsOver} is false; the thread's previous
     * arrival, if any, is over. Empty once the arrivals are over and none is left, when {@code once} and the thread
     * has already served one (a fresh connection's thread), or when interrupted.
     */
    Optional<Arrival> take(BooleanSupplier arrivalsOver, long pollMillis, boolean once) {
        Worker w = worker.get();
        if (w == null) {
            w = new Worker();
            w.freeSinceNanos = System.nanoTime();
            worker.set(w);
        }
        if (w.busy) {
            w.busy = false;
            w.freeSinceNanos = System.nanoTime();
            inFlight.decrementAndGet();
        }
        if (once && w.served > 0) {
            return Optional.empty();
        }
        long pollNanos = pollMillis * 1_000_000L;
        while (true) {
            Waiting next = due.poll();
            if (next != null) {
                return Optional.of(serve(w, next));
            }
            if (overMarked.get() || arrivalsOver.getAsBoolean() || w.thread.isInterrupted()) {
                return Optional.empty(); // the queue in due order: the arrivals before the end are served
            }
            w.parked.set(true);
            idle.addFirst(w);
            // An arrival offered between the poll above and this thread's joining the idle found no one to wake.
            next = due.poll();
            if (next == null && !overMarked.get()) {
                LockSupport.parkNanos(this, pollNanos);
            }
            if (w.parked.compareAndSet(true, false)) {
                idle.removeFirstOccurrence(w); // not woken (an arrival of its own, the time up, the end): still in
                if (next == null && due.isEmpty() && retire(w)) {
                    // Idle a whole look, beyond the spare threads: a pool grown in a burst (a new JMeter's first
                    // seconds, a stall of the server) shrinks back, rather than keep hundreds of threads whose
                    // objects every collection of the generator's heap must copy or scan (pauses of 50 to 300 ms
                    // measured with 900 to 1,350 threads kept, each stalling every request in flight).
                    return Optional.empty();
                }
            }
            if (next != null) {
                return Optional.of(serve(w, next));
            }
        }
    }

    /** Whether an idle thread may end: more threads are free than the spare the maker wants, by one at least. */
    private boolean retire(Worker w) {
        while (true) {
            int threads = alive.get();
            if (threads - inFlight.get() - 1 < spare) {
                return false;
            }
            // Counted out now, not as the thread ends: idle threads whose looks end together would each see the
            // others still alive, and all end.
            if (alive.compareAndSet(threads, threads - 1)) {
                w.retired = true;
                retired.incrementAndGet();
                return true;
            }
        }
    }

    /** Idle threads ended beyond the spare (see {@link #take}). */
    long retired() {
        return retired.get();
    }

    private Arrival serve(Worker w, Waiting next) {
        if (!due.isEmpty()) {
            // More waiting: the thread woken for this arrival may have found it taken by a thread that came back
            // first; the wake passes on rather than leave an arrival to a thread's next look.
            wakeOne();
        }
        waiting.decrementAndGet();
        long now = System.nanoTime();
        Arrival a = next.arrival();
        long blocked = next.blockedUntil(Math.min(w.freeSinceNanos, now));
        w.busy = true;
        w.served++;
        mostInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        taken.incrementAndGet();
        return a.taken(now, blocked);
    }

    /**
     * The arrivals are over: each thread, once the arrivals before are served, finds that it is done, at once rather
     * than at its next look ({@code pollMillis}), so that idle threads need not look often.
     */
    void over() {
        if (overMarked.getAndSet(true)) {
            return; // said once (the load's end, then the scheduling thread's own end)
        }
        while (wakeOne()) {
            // every idle thread, each to find the end
        }
    }

    /**
     * The arrivals still waiting, taken out of the queue: at the run's end, those never sent, each with its blocked
     * time until {@code nowNanos} when it came at the cap.
     */
    List<Arrival> drop(long nowNanos) {
        List<Waiting> left = new ArrayList<>();
        for (Waiting w = due.poll(); w != null; w = due.poll()) {
            left.add(w);
        }
        List<Arrival> dropped = new ArrayList<>(left.size());
        for (Waiting w : left) {
            waiting.decrementAndGet();
            Arrival a = w.arrival();
            dropped.add(a.taken(nowNanos, w.blockedUntil(nowNanos)));
        }
        return dropped;
    }

    /** Arrivals waiting for a thread. */
    int waiting() {
        return waiting.get();
    }

    /** Threads idle, waiting for an arrival. */
    int idle() {
        return idle.size();
    }

    int alive() {
        return alive.get();
    }

    int inFlight() {
        return inFlight.get();
    }

    /** Read by the scheduling thread, or after it has ended. */
    Figures figures() {
        return new Figures(offered, taken.get(), made.get(), mostInFlight.get(), maxInFlight, atCap, firstAtCapNanos,
                mostWaiting, retired.get());
    }
}
