package org.esbbench.jmeter.arrivals;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
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
 */
final class ArrivalQueue {
    private final int maxInFlight;
    private final LinkedBlockingQueue<Waiting> due = new LinkedBlockingQueue<>();
    private final AtomicInteger alive = new AtomicInteger();
    /** Arrivals in {@link #due} (not the marks of {@link #over()}). */
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger mostInFlight = new AtomicInteger();
    private final AtomicLong taken = new AtomicLong();
    private final AtomicLong made = new AtomicLong();
    private final ThreadLocal<Worker> worker = new ThreadLocal<>();
    private final AtomicBoolean overMarked = new AtomicBoolean();
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
        /** What wakes an idle thread once the arrivals are over (one per thread): no arrival. */
        static final Waiting OVER = new Waiting(null, 0, false);

        long blockedUntil(long nanos) {
            return atCap ? Math.max(0, nanos - Math.max(arrival.intendedNanos(), offeredNanos)) : 0;
        }
    }

    /** One thread's state, kept by the thread itself. */
    private static final class Worker {
        boolean busy;
        long freeSinceNanos;
        long served;
    }

    /** What the queue saw over a run. */
    record Figures(long offered, long taken, long made, int mostInFlight, int maxInFlight, long atCap,
                   long firstAtCapNanos, int mostWaiting) {
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
    }

    /**
     * How many threads to make now so that {@code spare} threads are free beyond the arrivals waiting, within the
     * cap: the maker's question.
     */
    int wanted(int spare) {
        int threads = alive.get();
        int free = threads - inFlight.get();
        int want = waiting.get() + spare - free;
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
        alive.decrementAndGet();
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
        try {
            while (true) {
                Waiting next = due.poll();
                if (next == null) {
                    if (arrivalsOver.getAsBoolean()) {
                        return Optional.empty();
                    }
                    next = due.poll(pollMillis, TimeUnit.MILLISECONDS);
                }
                if (next == Waiting.OVER) {
                    return Optional.empty();
                }
                if (next != null) {
                    return Optional.of(serve(w, next));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private Arrival serve(Worker w, Waiting next) {
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
        for (int i = alive.get(); i > 0; i--) {
            due.offer(Waiting.OVER);
        }
    }

    /**
     * The arrivals still waiting, taken out of the queue: at the run's end, those never sent, each with its blocked
     * time until {@code nowNanos} when it came at the cap.
     */
    List<Arrival> drop(long nowNanos) {
        List<Waiting> left = new ArrayList<>();
        due.drainTo(left);
        List<Arrival> dropped = new ArrayList<>(left.size());
        for (Waiting w : left) {
            if (w == Waiting.OVER) {
                continue;
            }
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

    int alive() {
        return alive.get();
    }

    int inFlight() {
        return inFlight.get();
    }

    /** Read by the scheduling thread, or after it has ended. */
    Figures figures() {
        return new Figures(offered, taken.get(), made.get(), mostInFlight.get(), maxInFlight, atCap, firstAtCapNanos,
                mostWaiting);
    }
}
