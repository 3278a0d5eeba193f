package org.esbbench.jmeter.arrivals;

import java.io.Serializable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.testelement.property.TestElementProperty;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.JMeterVariables;
import org.apache.jmeter.threads.ListenerNotifier;
import org.apache.jorphan.collections.ListedHashTree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open model with arrivals timed from their schedule: the schedule of JMeter's Open Model Thread Group (same
 * language, same properties, same draws for a seed), each arrival carrying the time it was due ({@link Arrival}), so
 * that its response time is measured from then, the generator's own delays included ({@link ArrivalContext}, the
 * Microsecond Timing element).
 *
 * <p>JMeter's own group loses that time (a local variable of its starter thread) and makes a new thread, and so a new
 * connection, for every arrival, cloning the test tree on its starter thread between the due time and the send. Here
 * the arrivals' connections are a choice ({@link Connections}): a pool of long-lived threads that keep their
 * connections alive (the default), or a thread and connection each, built before the arrival is due.
 *
 * <p>Lifecycle as JMeter's group: {@link #stop()} ends the arrivals and lets the threads finish their request;
 * {@link #tellThreadsToStop()} ends them now; at the schedule's end, threads still running are stopped;
 * {@link #endArrivals()} (the suite's load timer) ends the arrivals and keeps the group until its schedule's end or
 * {@link #tellThreadsToStop()}.
 */
public class ScheduledArrivalsThreadGroup extends AbstractThreadGroup implements ArrivalsGroup, Serializable {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ScheduledArrivalsThreadGroup.class);

    /** The schedule, in JMeter's open model language (the same property as JMeter's group). */
    public static final String SCHEDULE = "OpenModelThreadGroup.schedule";
    /** The seed of the random arrivals; 0: new draws every run (the same property as JMeter's group). */
    public static final String RANDOM_SEED = "OpenModelThreadGroup.random_seed";
    /** {@code pooled} (default) or {@code fresh}: see {@link Connections}. */
    public static final String CONNECTIONS = "ScheduledArrivals.connections";
    /**
     * The most requests in flight (threads serving an arrival); past it arrivals wait for a request to end, the wait
     * counted as the server's backlog (blocked time), and the point is in effect a closed model of that many users.
     */
    public static final String MAX_IN_FLIGHT = "ScheduledArrivals.max_in_flight";
    /** The same, as plans written before {@link #MAX_IN_FLIGHT} name it (read when that is not set). */
    public static final String MAX_THREADS = "ScheduledArrivals.max_threads";
    static final int DEFAULT_MAX_IN_FLIGHT = 1000;
    /**
     * How often an idle pooled thread looks whether the arrivals have ended: rarely, since the end wakes each thread
     * ({@link ArrivalQueue#over()}); at 100 ms, 1,500 idle threads of a pool grown during a slow start took 15,000
     * wake-ups a second from the generator's CPU.
     */
    private static final long IDLE_POLL_MILLIS = 2_000;
    /** Spare threads the maker keeps free beyond the arrivals waiting, at least. */
    static final int MIN_SPARE = 4;
    /** ... and enough for this many seconds of arrivals at the recent rate. */
    private static final double SPARE_SECONDS = 0.1;
    private static final long SPARE_WINDOW_NANOS = 100_000_000L;
    private static final long MAKER_POLL_NANOS = 2_000_000L;

    private transient volatile Session session;

    public ScheduledArrivalsThreadGroup() {
        setProperty(new TestElementProperty(MAIN_CONTROLLER, new ArrivalLoopController()));
    }

    public String getSchedule() {
        return getPropertyAsString(SCHEDULE);
    }

    public long getRandomSeed() {
        return getPropertyAsLong(RANDOM_SEED, 0);
    }

    public Connections getConnections() {
        return Connections.parse(getPropertyAsString(CONNECTIONS, "pooled"));
    }

    /** The most requests in flight: {@link #MAX_IN_FLIGHT}, else the older {@link #MAX_THREADS}, else 1000. */
    public int getMaxInFlight() {
        String value = getPropertyAsString(MAX_IN_FLIGHT, "").strip();
        if (value.isEmpty()) {
            value = getPropertyAsString(MAX_THREADS, "").strip();
        }
        if (value.isEmpty()) {
            return DEFAULT_MAX_IN_FLIGHT;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(getName() + ": the most requests in flight must be a whole number of at"
                + " least 1, was '" + value + "'");
    }

    @Override
    public void start(int groupIndex, ListenerNotifier notifier, ListedHashTree tree, StandardJMeterEngine engine) {
        JMeterVariables variables = JMeterContextService.getContext().getVariables();
        ArrivalSchedule schedule = ArrivalSchedule.parse(getSchedule(), getRandomSeed());
        Session s = new Session(schedule, getConnections(), getMaxInFlight(),
                number -> makeThread(engine, this, notifier, groupIndex, number, cloneTree(tree), variables),
                NeverSentRows.of(tree, notifier, getName()));
        session = s;
        LOG.info("Starting {} (group {}): schedule {}, {} connections, at most {} requests in flight", getName(),
                groupIndex, getSchedule(), s.connections, s.queue.maxInFlight());
        s.start("esb-bench-arrivals-" + getName() + "-" + groupIndex);
    }

    /**
     * The calling thread's next arrival (its controller asks at each iteration's start), waiting idle until there is
     * one; fresh connections: one per thread. Empty once the arrivals have ended.
     */
    Optional<Arrival> awaitArrival() {
        Session s = session;
        return s == null ? Optional.empty() : s.take();
    }

    @Override
    public void threadFinished(JMeterThread thread) {
        Session s = session;
        if (s != null) {
            s.active.remove(thread);
        }
    }

    @Override
    public JMeterThread addNewThread(int delay, StandardJMeterEngine engine) {
        throw new UnsupportedOperationException("an arrivals group makes its threads from its schedule");
    }

    @Override
    public boolean stopThread(String threadName, boolean now) {
        Session s = session;
        if (s == null) {
            return false;
        }
        for (JMeterThread t : s.active.keySet()) {
            if (t.getThreadName().equals(threadName)) {
                t.stop();
                if (now) {
                    t.interrupt();
                }
                return true;
            }
        }
        return false;
    }

    @Override
    public int numberOfActiveThreads() {
        Session s = session;
        return s == null ? 0 : s.active.size();
    }

    @Override
    public boolean verifyThreadsStopped() {
        Session s = session;
        try {
            return s == null || s.threads.awaitTermination(0, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public void waitThreadsStopped() {
        Session s = session;
        if (s == null) {
            return;
        }
        try {
            s.threads.awaitTermination(Long.MAX_VALUE, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** JMeter's graceful stop: no further arrival, requests in flight finish, then the group ends. */
    @Override
    public void stop() {
        Session s = session;
        if (s != null) {
            s.stopGracefully();
        }
    }

    @Override
    public void tellThreadsToStop() {
        Session s = session;
        if (s != null) {
            s.endNow();
        }
    }

    /**
     * The suite's load timer at the load's end: no further arrival; the threads end once the arrivals due are served,
     * and the group itself at its schedule's end (the drain) or when told to end now, as JMeter's group does, so that
     * the timer sees every reply in and ends the test then.
     */
    @Override
    public void endArrivals() {
        Session s = session;
        if (s != null) {
            s.endArrivals();
        }
    }

    @Override
    public void endNow() {
        tellThreadsToStop();
    }

    /** Builds the JMeter thread of a given number (a clone of the group's tree). */
    interface ThreadMaker {
        JMeterThread make(int number);
    }

    /**
     * One test's run of the group: its scheduling thread, which only ever waits for an arrival's due time and puts the
     * arrival in the queue; its maker, which makes the JMeter threads (a clone of the test tree each) ahead of need,
     * keeping spare threads free beyond the arrivals waiting, up to the most in flight; its threads, which take the
     * arrivals in due order.
     */
    static final class Session {
        final Connections connections;
        final ExecutorService threads = Executors.newCachedThreadPool();
        final Map<JMeterThread, Future<?>> active = new ConcurrentHashMap<>();
        final ArrivalQueue queue;
        private final ArrivalSchedule schedule;
        private final ThreadMaker maker;
        private final NeverSentRows neverSent;
        private final AtomicInteger numbers = new AtomicInteger();
        /**
         * The threads made before the first arrival is due, enough for the schedule's first rate: made later, under
         * load, they take the CPU of a JMeter that is still starting.
         */
        private final int firstSpare;
        /** No further arrival is dispatched; the threads end once the arrivals due are served. */
        private volatile boolean arrivalsOver;
        /** The group ends without waiting for its schedule's end: now (threads stopped) or once they are done. */
        private volatile boolean over;
        private volatile Thread starter;
        private volatile Thread makerThread;
        private volatile long neverSentCount;
        private volatile boolean reported;

        Session(ArrivalSchedule schedule, Connections connections, int maxInFlight, ThreadMaker maker,
                NeverSentRows neverSent) {
            this.schedule = schedule;
            this.connections = connections;
            this.queue = new ArrivalQueue(maxInFlight);
            this.maker = maker;
            this.neverSent = neverSent;
            this.firstSpare = spareFor(schedule.startRate());
        }

        /** The spare threads for arrivals at {@code perSecond}: a tenth of a second's, at least {@value #MIN_SPARE}. */
        static int spareFor(double perSecond) {
            return (int) Math.max(MIN_SPARE, Math.ceil(perSecond * SPARE_SECONDS));
        }

        void start(String name) {
            // The first spare threads before the first arrival can be due; none for a schedule without arrivals (the
            // closed model's rate 0), whose threads would start for nothing (a JMS sampler connects as its thread starts).
            if (schedule.hasNext()) {
                makeThreads(Math.min(queue.maxInFlight(), firstSpare));
                Thread m = new Thread(this::runMaker, name + "-maker");
                m.setDaemon(true);
                makerThread = m;
                m.start();
            }
            Thread t = new Thread(this::runSchedule, name);
            t.setDaemon(true);
            starter = t;
            t.start();
        }

        private void runSchedule() {
            try {
                schedule();
            } finally {
                // also when the schedule failed: idle threads must not wait for arrivals that will never come
                arrivalsOver = true;
                queue.over();
            }
        }

        private void schedule() {
            ArrivalClock clock = ArrivalClock.now();
            long start = clock.nanos();
            long index = 0;
            while (!arrivalsOver && schedule.hasNext()) {
                Arrival arrival = new Arrival(index, start + Math.round(schedule.nextDouble() * 1e9), clock);
                if (!parkUntil(arrival.intendedNanos())) {
                    break;
                }
                queue.offer(arrival);
                Thread m = makerThread;
                // The maker looks every 2 ms anyway; woken at each arrival it cost a context switch each.
                if (m != null && queue.alive() - queue.inFlight() <= queue.waiting()) {
                    LockSupport.unpark(m);
                }
                index++;
            }
            arrivalsOver = true;
            queue.over();
            // As JMeter's group: the group lasts its whole schedule (a pause at its end is the drain), unless it is
            // told to end sooner.
            long end = start + Math.round(schedule.totalSeconds() * 1e9);
            for (long left = end - System.nanoTime(); left > 0 && !over; left = end - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
            if (!over) {
                endOfSchedule();
            }
        }

        /**
         * The maker: keeps spare threads free beyond the arrivals waiting ({@link ArrivalQueue#wanted}), enough for a
         * tenth of a second's arrivals at the rate of the last one (at least {@value #MIN_SPARE}), so that an arrival
         * finds a thread made before it was due, unless every thread the group may have is in flight.
         */
        private void runMaker() {
            long windowStart = System.nanoTime();
            long offeredAtWindowStart = 0;
            int spare = firstSpare;
            while (!over && !(arrivalsOver && queue.waiting() == 0)) {
                long now = System.nanoTime();
                if (now - windowStart >= SPARE_WINDOW_NANOS) {
                    long offered = queue.figures().offered();
                    double perSecond = (offered - offeredAtWindowStart) * 1e9 / (now - windowStart);
                    spare = spareFor(perSecond);
                    windowStart = now;
                    offeredAtWindowStart = offered;
                }
                int wanted = queue.wanted(spare);
                if (wanted == 0) {
                    LockSupport.parkNanos(MAKER_POLL_NANOS);
                } else {
                    makeThreads(wanted);
                }
            }
        }

        private void makeThreads(int count) {
            for (int i = 0; i < count && !over; i++) {
                JMeterThread thread = maker.make(numbers.getAndIncrement());
                queue.made();
                submit(thread);
            }
        }

        /** Waits until {@code nanos}; false when the arrivals ended meanwhile. */
        private boolean parkUntil(long nanos) {
            for (long left = nanos - System.nanoTime(); left > 0 && !arrivalsOver; left = nanos - System.nanoTime()) {
                LockSupport.parkNanos(left);
            }
            return !arrivalsOver;
        }

        private void submit(JMeterThread thread) {
            try {
                active.put(thread, threads.submit(() -> {
                    Thread.currentThread().setName(thread.getThreadName());
                    queue.joined();
                    try {
                        thread.run();
                    } finally {
                        ArrivalContext.end();
                        queue.left();
                    }
                }));
            } catch (RejectedExecutionException e) {
                active.remove(thread); // ended meanwhile
                queue.left();
            }
        }

        /**
         * The calling thread's next arrival, waiting idle until there is one; fresh connections: one per thread. Empty
         * once the arrivals have ended and none is left.
         */
        Optional<Arrival> take() {
            return queue.take(() -> arrivalsOver, IDLE_POLL_MILLIS, connections == Connections.FRESH);
        }

        /** No further arrival; arrivals already due are still served, then the threads end; the group lasts on. */
        void endArrivals() {
            arrivalsOver = true;
            unpark();
            queue.over();
        }

        /** No further arrival; arrivals already due are still served, then the threads end, and so does the group. */
        void stopGracefully() {
            arrivalsOver = true;
            over = true;
            unpark();
            queue.over();
            report(); // before the threads' pool ends, as above (requests in flight then are still answered)
            threads.shutdown();
        }

        /** As JMeter's group at its schedule's end: threads still serving an arrival are stopped and interrupted. */
        private void endOfSchedule() {
            over = true;
            dropWaiting("the schedule ended (its drain was over) before a thread was free");
            // Said before the threads are stopped: their pool's end lets the engine end the test, and JMeter exit.
            report();
            if (!active.isEmpty()) {
                LOG.info("Schedule over with {} thread(s) still running: interrupting them", active.size());
            }
            stopActive(true);
            threads.shutdownNow();
        }

        /** Everything ends now: no further arrival, those waiting written as never sent, threads stopped. */
        void endNow() {
            arrivalsOver = true;
            over = true;
            unpark();
            dropWaiting("the run ended (its drain was over) before a thread was free");
            report(); // before the threads' pool ends, as above
            stopActive(true);
            threads.shutdownNow();
        }

        private void dropWaiting(String why) {
            long now = System.nanoTime();
            List<Arrival> dropped = queue.drop(now);
            neverSentCount += dropped.size();
            try {
                neverSent.write(dropped, now, why);
            } catch (RuntimeException e) {
                LOG.warn("esb-bench: could not write the {} arrivals never sent: {}", dropped.size(), e.toString());
            }
        }

        /** Once per run, what the arrivals came to, on JMeter's standard output (the run keeps it) and its log. */
        private synchronized void report() {
            if (reported) {
                return;
            }
            reported = true;
            String line = ArrivalsLine.of(queue.figures(), neverSentCount, queue.inFlight(), connections);
            System.out.println(line);
            LOG.info(line);
        }

        private void unpark() {
            Thread t = starter;
            if (t != null) {
                LockSupport.unpark(t);
            }
            Thread m = makerThread;
            if (m != null) {
                LockSupport.unpark(m);
            }
        }

        private void stopActive(boolean interrupt) {
            active.forEach((thread, future) -> {
                thread.stop();
                if (interrupt) {
                    thread.interrupt();
                    future.cancel(true);
                }
            });
        }
    }
}
